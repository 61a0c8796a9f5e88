/** The plugin's services, by name (resolved by routes as `req.resolve('<name>')`). */
import type { CallContext, ListParams, ListResult } from '@comptoir/sdk';
import { draftsService } from './documents/drafts.ts';
import { emissionService } from './emission/emission.ts';
import { paymentsService } from './payments/payments.ts';
import { copiesService } from './credit/corrective.ts';
import { quotationsService } from './quotations/quotations.ts';
import { createCreditNote } from './credit/credit.ts';
import { documentsService } from './pdf/documents.ts';
import { einvoicesService } from './einvoice/einvoices.ts';
import { sendingService } from './sending/send.ts';
import { templatesService } from './recurring/templates.ts';
import { recurringService } from './recurring/recurring.ts';
import { computeService } from './documents/compute.ts';
import { Invoices } from '../entities.ts';
import type { Invoice } from '../../schemas/index.ts';

export const creditsService = (ctx: CallContext) => ({
  create: (invoiceId: string, items?: string[], reason?: string) => createCreditNote(ctx, invoiceId, items, reason),
});
export type CreditsService = ReturnType<typeof creditsService>;

/** For plugins that link their documents to sales (purchases' `fk.linkedSales`). */
export const invoicesService = (ctx: CallContext) => ({
  /** the invoices of the active company among `ids` (drafts and credit notes included) */
  findByIds: async (ids: string[]): Promise<Invoice[]> => await ctx.repo(Invoices).findByIds(ids) as Invoice[],
  /** « Banque » reads the unpaid invoices to suggest matches (banking README « Matching ») */
  list: async (params: ListParams): Promise<ListResult<Invoice>> => await ctx.repo(Invoices).list(params) as ListResult<Invoice>,
});
export type InvoicesService = ReturnType<typeof invoicesService>;

export const SERVICES = {
  drafts: draftsService,
  emission: emissionService,
  payments: paymentsService,
  credits: creditsService,
  copies: copiesService,
  quotations: quotationsService,
  documents: documentsService,
  einvoices: einvoicesService,
  sending: sendingService,
  templates: templatesService,
  recurring: recurringService,
  invoices: invoicesService,
  compute: computeService,
};
