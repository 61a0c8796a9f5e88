/**
 * The contract of « Facturation » for other plugins (docs/architecture.md « Contracts »): the
 * services it exports, typed, and the extension point it reads. Import it as
 * `@comptoir/plugin-invoicing/contract`. Types, ids and one point declaration only: importing it
 * runs none of invoicing's code.
 */
import {
  defineExtensionPoint, defineServiceRef,
  type AccountingPeriod, type CallContext, type JournalEntry, type TakenNumber,
} from '@comptoir/sdk';
import type { DocumentTotals } from '@comptoir/sdk/commerce';
import type {
  Company, Invoice, InvoicePaymentInput, LineItem, LineItemInput, Payment, PaymentMode, VatCalculationMethod,
} from '@comptoir/schemas';

/** `invoicing.emission` */
export interface EmissionService {
  /** emits a draft invoice (number, hash chain, frozen); `taken`: a number the caller already took */
  emit(id: string, taken?: TakenNumber): Promise<Invoice>;
}

/** `invoicing.payments` */
export interface PaymentsService {
  recordForInvoice(invoiceId: string, input: InvoicePaymentInput): Promise<Invoice>;
}

/** `invoicing.invoices` */
export interface InvoicesService {
  /** the invoices of the active company among `ids` (drafts and credit notes included) */
  findByIds(ids: string[]): Promise<Invoice[]>;
}

export interface DocumentSettings { subjectToVAT: boolean; vatCalculationMethod: VatCalculationMethod }

export interface ComputedDocument extends DocumentTotals { items: LineItem[] }

/** `invoicing.compute`: the engine with the company's defaults and the columns' bounds */
export interface ComputeService {
  settings(...sources: Array<Partial<DocumentSettings> | Pick<Company, 'subjectToVAT'> | undefined>): Promise<DocumentSettings>;
  lines(items: Array<LineItemInput | LineItem>, settings: DocumentSettings): ComputedDocument;
}

/** A purchase or an external purchase (exactly one), and its provider when it has one. */
export type PurchasePaymentTarget =
  | { purchase: string; externalPurchase?: undefined; provider?: string | null }
  | { externalPurchase: string; purchase?: undefined; provider?: string | null };

export interface PurchasePaymentFields {
  mode?: Exclude<PaymentMode, 'credit-compensation'>;
  /** euros and cents, not 0; negative = the provider refunds */
  amount: number;
  date?: string;
  /** paying more than what remains is refused (409) unless a person confirmed it */
  confirmOverpayment?: boolean;
}

/** `invoicing.purchasePayments`: numbered, hashed, frozen payments of purchases and external purchases */
export interface PurchasePaymentsService {
  /** 400 naming `<prefix>amount` / `<prefix>date` for a payment that cannot be recorded */
  check(input: { amount: number; date?: string }, prefix?: string): void;
  /**
   * `against`: the document read locked (`getForUpdate`), called after the counter is taken; a
   * refund above what was paid or an unconfirmed overpayment is then a 409
   */
  recordFor(target: PurchasePaymentTarget, input: PurchasePaymentFields, against?: () => Promise<{ inclTaxesPrice: number }>): Promise<Payment>;
  listFor(target: PurchasePaymentTarget): Promise<Payment[]>;
  /** the payments of purchases and external purchases dated in the period (end excluded), by date */
  listInPeriod(period: AccountingPeriod): Promise<Payment[]>;
}

export const invoicingServices = {
  emission: defineServiceRef<EmissionService>('invoicing.emission'),
  payments: defineServiceRef<PaymentsService>('invoicing.payments'),
  invoices: defineServiceRef<InvoicesService>('invoicing.invoices'),
  compute: defineServiceRef<ComputeService>('invoicing.compute'),
  purchasePayments: defineServiceRef<PurchasePaymentsService>('invoicing.purchasePayments'),
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
