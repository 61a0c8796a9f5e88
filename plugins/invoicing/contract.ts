/**
 * The contract of « Facturation » for other plugins (docs/architecture.md « Contracts »): the
 * services it exports, typed, and the extension point it reads. Import it as
 * `@comptoir/plugin-invoicing/contract`. Types, ids and one point declaration only: importing it
 * runs none of invoicing's code.
 */
import {
  defineExtensionPoint, defineServiceRef,
  type AccountingPeriod, type CallContext, type JournalEntry, type ListParams, type ListResult, type TakenNumber,
} from '@comptoir/sdk';
import type { DocumentTotals } from '@comptoir/sdk/commerce';
import type { Company, LineItem, LineItemInput, Payment, VatCalculationMethod } from '@comptoir/schemas';
import type { Invoice, InvoiceDraftInput, InvoicePaymentInput, Quotation, QuotationInput } from './schemas/index.ts';

/** The entities the services take and answer (plugin README « Entities »); types only, see docs/architecture.md « Contracts ». */
export type { Invoice, InvoiceDraftInput, InvoicePaymentInput, Quotation, QuotationInput } from './schemas/index.ts';

/** `invoicing.emission` */
export interface EmissionService {
  /** emits a draft invoice (number, hash chain, frozen); `taken`: a number the caller already took */
  emit(id: string, taken?: TakenNumber): Promise<Invoice>;
  /**
   * a new invoice created and emitted in one request (README « Create and emit »); `links.receipt`:
   * the till's receipt it is made from (`fk.receipt`, which no body sets)
   */
  createAndEmit(input: InvoiceDraftInput, links?: { receipt?: string }): Promise<Invoice>;
}

/** `invoicing.drafts`: drafts written by another plugin (« Projets » invoices working time) with the route's rules */
export interface DraftsService {
  create(input: InvoiceDraftInput): Promise<Invoice>;
  /**
   * adds lines at the end of a draft invoice of `customer` (locked first): 409 when it is no longer
   * a draft, is a credit note, or is addressed to another customer
   */
  appendLines(id: string, customer: string, items: LineItemInput[]): Promise<Invoice>;
}

/** `invoicing.quotations`: quotations written by another plugin (« Réservations » quotes a booking) with the route's rules */
export interface QuotationsService {
  create(input: QuotationInput): Promise<Quotation>;
}

/** `invoicing.payments` */
export interface PaymentsService {
  recordForInvoice(invoiceId: string, input: InvoicePaymentInput): Promise<Invoice>;
  /**
   * `recordForInvoice` for a payment seen on the bank (« Banque » matching): the payment names
   * the bank operation (`fk.bankOperations`, outside its hash) and is answered with the invoice
   */
  recordFromBank(invoiceId: string, input: InvoicePaymentInput, bankOperationId: string): Promise<{ invoice: Invoice; payment: Payment }>;
}

/** `invoicing.invoices` */
export interface InvoicesService {
  /** the invoices of the active company among `ids` (drafts and credit notes included) */
  findByIds(ids: string[]): Promise<Invoice[]>;
  /** a page of the active company's invoices, with the list parameters of http README « Lists » (« Banque » reads the unpaid ones) */
  list(params: ListParams): Promise<ListResult<Invoice>>;
}

export interface DocumentSettings { subjectToVAT: boolean; vatCalculationMethod: VatCalculationMethod }

export interface ComputedDocument extends DocumentTotals { items: LineItem[] }

/** `invoicing.compute`: the engine with the company's defaults and the columns' bounds */
export interface ComputeService {
  settings(...sources: Array<Partial<DocumentSettings> | Pick<Company, 'subjectToVAT'> | undefined>): Promise<DocumentSettings>;
  lines(items: Array<LineItemInput | LineItem>, settings: DocumentSettings): ComputedDocument;
}

export const invoicingServices = {
  drafts: defineServiceRef<DraftsService>('invoicing.drafts'),
  emission: defineServiceRef<EmissionService>('invoicing.emission'),
  payments: defineServiceRef<PaymentsService>('invoicing.payments'),
  invoices: defineServiceRef<InvoicesService>('invoicing.invoices'),
  compute: defineServiceRef<ComputeService>('invoicing.compute'),
  quotations: defineServiceRef<QuotationsService>('invoicing.quotations'),
} as const;

/**
 * What a plugin puts in the books: its entries of a period (the company's fiscal year), read by
 * the FEC export in the active company, the contributor's own context given. Name accounts and
 * journals by role; see `JournalEntry` and sdk/README.md « Écritures comptables ».
 */
export interface AccountingEntriesContribution {
  journalEntries(ctx: CallContext, period: AccountingPeriod): Promise<JournalEntry[]>;
}

export const accountingEntries = defineExtensionPoint<AccountingEntriesContribution>({
  id: 'invoicing.accounting-entries',
  description: 'The accounting entries of a period that the FEC export of invoicing gathers from every plugin',
  validate: (c) => (typeof c?.journalEntries === 'function' ? null : 'journalEntries(ctx, period) is required'),
});
