/**
 * Preparing a new invoice from an existing one (duplicate, corrective), commerce README « Rules », Prepare from existing, exactly:
 * clear id, attachments, number, numberFull, hash, quotation link, linked purchases, receipt link,
 * source invoice link and bank suggestions; set the date to now; remove item credit info and
 * extradata; reset the status from an empty payment list. Everything else is kept (metadata is the
 * repository's business when the copy is created).
 */
import type { Num } from './money.ts';
import { settleInvoice } from './settlement.ts';

/** fk references that point at what the source invoice was linked to, not the copy. */
export const CLEARED_FK = ['fromQuotation', 'linkedPurchases', 'receipt', 'sourceInvoice', 'bankOperationsSuggestions'] as const;
/** top-level fields removed from the copy (attachments are emptied, not removed). */
export const CLEARED_FIELDS = ['_id', 'number', 'numberFull', 'hash', 'itemsCredit', 'extradata'] as const;

export function prepareInvoiceFromExisting<T>(invoice: T, now: Date): T {
  const copy = structuredClone(invoice) as Record<string, unknown>;
  for (const field of CLEARED_FIELDS) delete copy[field];
  copy.attachments = [];
  if (copy.fk && typeof copy.fk === 'object') {
    const fk = copy.fk as Record<string, unknown>;
    for (const ref of CLEARED_FK) delete fk[ref];
  }
  copy.date = now.toISOString();
  const settlement = settleInvoice({ inclTaxesPrice: copy.inclTaxesPrice as Num }, []);
  copy.status = settlement.status;
  copy.paidAmount = settlement.paidAmount;
  copy.unpaidAmount = settlement.unpaidAmount;
  return copy as T;
}
