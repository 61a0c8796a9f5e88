/**
 * Emitting a corrective invoice replaces its source (README « Corrective invoice »), in the
 * emitting transaction, so that a corrected sale counts once everywhere, as in the FEC:
 *  - before the corrective is written: the source is locked (counter → corrective draft → source,
 *    the order credit notes follow) and refused when already replaced or paid in part; what
 *    remains of it (its totals less its credit notes) is written on the corrective
 *    (`reversedExclTaxesPrice`, `reversedInclTaxesPrice`), the revenue figures deduct it;
 *  - after: what the source still owes is settled by a `credit-compensation` payment naming the
 *    corrective (`fk.invoiceCredit`), numbered and hashed in the payment chain — the customer's
 *    balance moves with it, the source becomes « Payée » with nothing left to pay —, the source
 *    records `replacedBy`, and the sales it counted are taken back (emission.ts adds the unsold
 *    lines to the corrective's).
 */
import type { CallContext } from '@comptoir/sdk';
import { toDecimal, toNumber } from '@comptoir/sdk/commerce';
import type { LineItem } from '@comptoir/schemas';
import { isCreditNote, isDraftInvoice, type Invoice } from '../../../schemas/index.ts';
import { Invoices } from '../../entities.ts';
import { INVOICE_REPLACED } from '../../events.ts';
import { numbering } from '../deps.ts';
import { assertReplaceable, remainingTotals, replacesItsSource, unsoldLines } from '../documents/replacement.ts';
import { settle, writeInvoicePayment } from '../payments/payments.ts';

export interface Replacement {
  source: Invoice;
  /** written on the corrective with its emission */
  totals: { reversedExclTaxesPrice: number; reversedInclTaxesPrice: number };
  /** the source's sales taken back (negated quantities) */
  unsold: LineItem[];
}

/**
 * At a corrective's emission, its draft locked: the source locked and checked (409), what the
 * corrective reverses of it. Null for any other document (an invoice, a credit note).
 */
export async function prepareReplacement(ctx: CallContext, doc: Invoice): Promise<Replacement | null> {
  if (!replacesItsSource(doc)) return null;
  const repo = ctx.repo(Invoices);
  const sourceId = doc.fk.sourceInvoice!;
  // an emitted invoice is never deleted; read first all the same, as compensateCreditNote does
  if (!await repo.find(sourceId)) return null;
  const source = await repo.getForUpdate(sourceId) as Invoice;
  await assertReplaceable(ctx, source);
  const creditNotes = (await repo.findMany({ 'fk.sourceInvoice': sourceId }) as Invoice[])
    .filter((c) => c._id !== doc._id && !isDraftInvoice(c) && isCreditNote(c));
  return { source, totals: remainingTotals(source, creditNotes), unsold: unsoldLines(source, creditNotes) };
}

/** After the corrective is written (same transaction): the source settled and marked replaced. */
export async function replaceSource(ctx: CallContext, corrective: Invoice, replacement: Replacement): Promise<void> {
  const { source } = replacement;
  const owed = toDecimal(source.unpaidAmount ?? 0)!;
  if (owed.gt(0)) {
    await writeInvoicePayment(ctx, await numbering(ctx).take('paymentInvoice'), {
      mode: 'credit-compensation', amount: toNumber(owed), date: ctx.now.toISOString(),
      fk: { invoice: source._id, customer: source.fk.receiverCustomer ?? null, invoiceCredit: corrective._id },
    });
  }
  await ctx.repo(Invoices).update(source._id, { replacedBy: corrective._id });
  await settle(ctx, source._id);
  ctx.emit(INVOICE_REPLACED, {
    _id: source._id, numberFull: source.numberFull, correctiveId: corrective._id, correctiveNumberFull: corrective.numberFull,
  });
}
