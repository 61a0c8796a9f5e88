/**
 * The figures of a document being written, below drafts, credit notes and quotations alike (all
 * three import it; it imports none of them): its computed totals and the sign rule of its total.
 */
import { badRequest, conflict } from '@comptoir/sdk';
import { settleInvoice } from '@comptoir/sdk/commerce';
import { isCreditNoteDraft, type Invoice, type InvoiceDraftInput } from '../../../schemas/index.ts';
import { EMPTY_CREDIT_NOTE, negativeInvoice, positiveCreditNote } from '../../messages.ts';
import { computeSaleLines, type settingsOf } from './compute.ts';
import type { SaleParties } from './vat-categories.ts';

/**
 * The computed part of a draft: normalized lines (a VAT category only where one was chosen, README
 * « VAT categories »), totals and the settlement of an empty payment list (a draft owes its total,
 * commerce README « Rules »: the status from an empty payment list).
 */
export function draftFigures(items: InvoiceDraftInput['items'] | Invoice['items'], settings: ReturnType<typeof settingsOf>, sale: SaleParties) {
  const computed = computeSaleLines(items ?? [], settings, sale);
  return { ...settings, ...computed, ...settleInvoice(computed, []) };
}

/**
 * The sign rule of issue 11: an invoice's total is never negative (a discount line is fine while
 * the total stays ≥ 0); a credit note — a draft with its `creditReason` — is never positive, and
 * at emission strictly negative. 400 naming `items` at save, 409 at emission and at the conversion
 * of a quotation.
 */
export function assertTotalSign(doc: Pick<Invoice, 'inclTaxesPrice' | 'creditReason'>, at: 'save' | 'emission' | 'conversion'): void {
  const total = doc.inclTaxesPrice ?? 0;
  const fail = (message: string) => {
    const details = [{ field: 'items', message: isCreditNoteDraft(doc) ? 'total négatif attendu' : 'total positif ou nul attendu' }];
    throw at === 'save' ? badRequest(message, details) : conflict(message, details);
  };
  if (!isCreditNoteDraft(doc)) {
    if (total < 0) fail(negativeInvoice(total));
    return;
  }
  if (total > 0) fail(positiveCreditNote(total));
  if (at === 'emission' && total === 0) fail(EMPTY_CREDIT_NOTE);
}
