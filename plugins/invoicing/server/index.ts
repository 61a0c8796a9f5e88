/**
 * The « Facturation » plugin, declared as data: invoices, credit notes, corrective invoices,
 * quotations and payments; their migrations, permissions, events, services and routes.
 * Nothing is registered by side effect.
 */
import { contribute, definePlugin, exportsOf, type ServicesFor } from '@comptoir/sdk';
import { accountingEntries, invoicingServices } from '../contract.ts';
import { AccountingSettingsEntity, ChainHeads, EInvoices, PLUGIN_ID, InvoiceTemplateRuns, InvoiceTemplates, Invoices, Payments, Quotations } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS, INVOICE_EMITTED, INVOICE_GENERATED } from './events.ts';
import { routes } from './routes/index.ts';
import { SERVICES } from './services/index.ts';
import { init } from './migrations/20261122015701_init.ts';
import { receiverNameAndTotalsIndex } from './migrations/20261122160000_receiver_name_and_totals_index.ts';
import { seedDemo } from './seed.ts';
import { sendGeneratedInvoice } from './services/sending/send-auto.ts';
import { invoiceTemplates } from './migrations/20261125120000_invoice_templates.ts';
import { recurringInvoicesJob } from './services/recurring/recurring-job.ts';
import { chainHeadsAndAccounting } from './migrations/20261125130000_chain_heads_and_accounting.ts';
import { paymentDirectionAndCreditReason } from './migrations/20261127100000_payment_direction_and_credit_reason.ts';
import { frozenEInvoices } from './migrations/20261130120000_frozen_einvoices.ts';
import { correctiveReplacement } from './migrations/20261202100000_corrective_replacement.ts';
import { deliveryDate } from './migrations/20261203100000_delivery_date.ts';
import { searchIndex } from './migrations/20261204120000_search_index.ts';
import { freezeEmittedInvoice } from './services/einvoice/einvoice-subscription.ts';
import { integrityService } from './services/emission/integrity.ts';
import { fecService } from './services/accounting/fec.ts';
import { chartService } from './services/accounting/chart.ts';
import { invoicingJournalEntries } from './services/accounting/accounting-entries.ts';
import { integrityContributions } from './services/emission/integrity-chains.ts';
import { dashboardContributions } from './services/dashboard/index.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Invoices, Quotations, Payments, InvoiceTemplates, InvoiceTemplateRuns, ChainHeads, AccountingSettingsEntity, EInvoices],
  migrations: [init, receiverNameAndTotalsIndex, invoiceTemplates, chainHeadsAndAccounting, paymentDirectionAndCreditReason, frozenEInvoices, correctiveReplacement, deliveryDate, searchIndex],
  permissions: PERMISSIONS,
  events: EVENTS,
  numberingKinds: [
    { kind: 'invoice', label: 'Factures', document: true },
    { kind: 'quotation', label: 'Devis', document: true },
    { kind: 'paymentInvoice', label: 'Paiements de factures' },
  ],
  services: { ...(SERVICES satisfies ServicesFor<typeof invoicingServices>), integrity: integrityService, fec: fecService, chart: chartService },
  /**
   * plugins depending on « Facturation » (POS, recurring invoices) emit and settle through these;
   * « Achats » checks its linked sales (`invoices`) and
   * computes its documents as invoices are (`compute`)
   */
  exports: exportsOf(invoicingServices),
  /** the FEC export gathers every plugin's entries (its own included) through this point */
  extensionPoints: [accountingEntries],
  routes,
  subscriptions: [
    /**
     * emission freezes the e-invoice after its commit and after its answer (services/einvoice/,
     * README « Frozen e-invoice »): readers of it in this process wait for it
     */
    { event: INVOICE_EMITTED, handler: freezeEmittedInvoice, background: true },
    { event: INVOICE_GENERATED, handler: sendGeneratedInvoice },
  ],
  /** recurring invoices: one schedule per template rule (services/recurring/recurring-job.ts) */
  jobs: [recurringInvoicesJob],
  contributions: [
    /** sales, credit notes and payments for the FEC export */
    contribute(accountingEntries, { journalEntries: invoicingJournalEntries }),
    /** the home page: sales, receivables, quotations, « first invoice » (services/dashboard/) */
    ...dashboardContributions,
    /** its hash chains, verified by the platform with every other (GET /api/kernel/integrity) */
    ...integrityContributions,
  ],
  seedDemo,
});
