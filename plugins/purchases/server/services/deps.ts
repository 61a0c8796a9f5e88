/**
 * The services this plugin resolves from the kernel and from the plugins it depends on, typed by
 * what it uses of them (structural types: no import of another plugin's code).
 */
import { badRequest, type AccountingPeriod, type CallContext, type KernelCompanies, type KernelNumbering, type ListParams, type ListResult } from '@comptoir/sdk';
import type {
  Invoice, LineItem, LineItemInput, Payment, PaymentMode, Provider, VatCalculationMethod, VatDetail,
} from '@comptoir/schemas';

/** `contacts.providers` */
export interface ProvidersService {
  get(id: string): Promise<Provider>;
  findByIds(ids: string[]): Promise<Provider[]>;
  list(params: ListParams): Promise<ListResult<Provider>>;
  /** the providers route's rules (a name, groups checked) */
  create(body: Record<string, unknown>): Promise<Provider>;
}

/** `catalogue.items` */
export interface CatalogueItemsService {
  findByIds(ids: string[]): Promise<{ _id: string }[]>;
}

/** `invoicing.invoices` */
export interface InvoicesService {
  findByIds(ids: string[]): Promise<Invoice[]>;
}

export interface DocumentSettings { subjectToVAT: boolean; vatCalculationMethod: VatCalculationMethod }

/** `invoicing.compute`: the engine with the company's defaults and the columns' bounds */
export interface ComputeService {
  settings(...sources: Array<Partial<DocumentSettings> | undefined>): Promise<DocumentSettings>;
  lines(items: Array<LineItemInput | LineItem>, settings: DocumentSettings): {
    items: LineItem[]; exclTaxesPrice: number; inclTaxesPrice: number; vatAmount: number; vatDetails: VatDetail[];
  };
}

export type PaymentTarget =
  | { purchase: string; externalPurchase?: undefined; provider?: string | null }
  | { externalPurchase: string; purchase?: undefined; provider?: string | null };

/** `invoicing.purchasePayments`: numbered, hashed, frozen payments of purchases and external purchases */
export interface PurchasePaymentsService {
  /** 400 naming `<prefix>amount` / `<prefix>date` for a payment that cannot be recorded */
  check(input: { amount: number; date?: string }, prefix?: string): void;
  /**
   * `against`: the document read locked (`getForUpdate`), called after the counter is taken; a
   * refund above what was paid or an unconfirmed overpayment is then a 409
   */
  recordFor(
    target: PaymentTarget,
    input: { mode?: Exclude<PaymentMode, 'credit-compensation'>; amount: number; date?: string; confirmOverpayment?: boolean },
    against?: () => Promise<{ inclTaxesPrice: number }>,
  ): Promise<Payment>;
  listFor(target: PaymentTarget): Promise<Payment[]>;
  /** the payments of purchases and external purchases dated in the period (end excluded), by date */
  listInPeriod(period: AccountingPeriod): Promise<Payment[]>;
}

export const numbering = (ctx: CallContext) => ctx.resolve<KernelNumbering>('kernel.numbering');

/**
 * The company's counter row, locked for the rest of the transaction without taking a number: the
 * first lock of every operation that follows links between purchases and orders (README.md
 * « Concurrency »). `take` given an existing number reads the counters locked (`SELECT … FOR
 * UPDATE` on MySQL/MariaDB, the single writer on SQLite) and changes nothing.
 */
export async function lockCounters(ctx: CallContext): Promise<void> {
  await numbering(ctx).take('purchase', 1);
}
export const companies = (ctx: CallContext) => ctx.resolve<KernelCompanies>('kernel.companies');
export const providers = (ctx: CallContext) => ctx.resolve<ProvidersService>('contacts.providers');
export const invoices = (ctx: CallContext) => ctx.resolve<InvoicesService>('invoicing.invoices');
export const catalogueItems = (ctx: CallContext) => ctx.resolve<CatalogueItemsService>('catalogue.items');
export const engine = (ctx: CallContext) => ctx.resolve<ComputeService>('invoicing.compute');
export const purchasePayments = (ctx: CallContext) => ctx.resolve<PurchasePaymentsService>('invoicing.purchasePayments');

/**
 * References sent in a body must all name records the caller can see: 400 naming the first one
 * that does not (`fk.linkedSales.1`). Answers the ids once each, in their order (a link given twice
 * is one link).
 */
export function foundIds(field: string, ids: readonly string[], found: readonly { _id: string }[], what: string): string[] {
  const known = new Set(found.map((x) => x._id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) {
    throw badRequest(`${what} introuvable : « ${field}.${index} » ne désigne rien dans cette entreprise.`, [{ field: `${field}.${index}`, message: 'introuvable' }]);
  }
  return [...new Set(ids)];
}
