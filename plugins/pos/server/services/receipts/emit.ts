/**
 * A receipt created and emitted in one request (README « Receipts », « Emission under the counter »),
 * on invoicing's pattern (its README « Create and emit »):
 *
 * 1. before the counter — the body checked, the company and the articles read, the lines and VAT
 *    computed by the commerce engine (`invoicing.compute`: both VAT methods, the company's
 *    defaults), the payments' total, the document prepared as it will be stored (`prepareCreate`);
 * 2. under the counter — the number (`receipt`), the register locked (open, unlocked), the change
 *    from its drawer, the previous hash and the write and the chain's head (`writeChained` of the
 *    SDK, as invoices), the drawer updated, the catalogue's sales counts.
 *
 * A refusal writes nothing: before the counter nothing was, after it the transaction rolls back
 * (number included).
 */
import { badRequest, conflict, previousLink, writeChained, type CallContext, type TakenNumber } from '@comptoir/sdk';
import { senderFromCompany } from '@comptoir/sdk/commerce';
import type { LineItem, LineItemInput } from '@comptoir/schemas';
import type { CashDetails, CashRegister, Receipt, ReceiptInput } from '../../../schemas/index.ts';
import { CashRegisters, ChainHeads, Receipts } from '../../entities.ts';
import { NEGATIVE_SALE } from '../../messages.ts';
import { catalogueItems, companies, compute, numbering } from '../deps.ts';
import { articleIds, receiptLines, type CatalogueArticle } from './lines.ts';
import { paymentsTotalProblem, settlePayments, type CashSettlement, type PaymentProblem } from './payments.ts';
import { RECEIPT_CHAIN, RECEIPT_COUNTER, receiptHash } from './hash.ts';
import { openRegisterForUpdate } from './registers-lock.ts';

export const refusal = (p: PaymentProblem | { field: string; message: string; status?: number }) =>
  (p.status === 409 ? conflict(p.message, [{ field: p.field, message: p.message }]) : badRequest(p.message, [{ field: p.field, message: p.message }]));

/** The lines and totals of the commerce engine, with the company's VAT settings (400 on a line it cannot take). */
export async function computeReceiptLines(ctx: CallContext, items: LineItemInput[], vatCalculationMethod?: Receipt['vatCalculationMethod']) {
  const ids = articleIds(items);
  const articles = new Map((ids.length ? await catalogueItems(ctx).findByIds(ids) : []).map((a) => [a._id, a as CatalogueArticle]));
  const resolved = receiptLines(items, articles);
  if ('problem' in resolved) throw refusal(resolved.problem);
  const settings = await compute(ctx).settings(vatCalculationMethod ? { vatCalculationMethod } : undefined);
  return { settings, ...compute(ctx).lines(resolved.lines, settings) };
}

/**
 * Under the counter, once the receipt is prepared: the register locked and checked, the drawer
 * settled by `settle`, then the chained write and the register's drawer. Shared by sales and
 * refunds.
 */
export async function emitUnderCounter(
  ctx: CallContext, prepared: { doc: Receipt; write(set: Record<string, unknown>): Promise<Receipt> }, registerId: string,
  settle: (register: CashRegister) => CashSettlement | { problem: PaymentProblem }, taken?: TakenNumber,
): Promise<Receipt> {
  taken ??= await numbering(ctx).take(RECEIPT_COUNTER);
  const register = await openRegisterForUpdate(ctx, registerId);
  const settled = settle(register);
  if ('problem' in settled) throw refusal(settled.problem);
  const set = {
    number: taken.number, numberFull: taken.numberFull, payments: settled.payments, missingCash: settled.missingCash,
    fk: { ...prepared.doc.fk, opening: register.fk.openingVerification },
  };
  const stored = { ...prepared.doc, ...set } as Receipt;
  const receipt = await writeChained(ctx.repo(ChainHeads), RECEIPT_CHAIN, taken,
    () => previousLink(ctx.repo(Receipts), taken.number),
    (previousHash) => receiptHash(previousHash, stored),
    (hash) => prepared.write({ ...set, hash }));
  await ctx.repo(CashRegisters).update(registerId, { cash: settled.drawer as CashDetails }, { existing: register });
  await recordSales(ctx, receipt.items);
  return receipt;
}

/** The catalogue's sales counts follow the till too (a refund's negative quantities take them back). */
async function recordSales(ctx: CallContext, items: LineItem[]): Promise<void> {
  const sold = new Map<string, number>();
  for (const l of items) if (l.itemId) sold.set(l.itemId, (sold.get(l.itemId) ?? 0) + l.quantity);
  for (const [id, quantity] of sold) if (quantity !== 0) await catalogueItems(ctx).incrementSales(id, quantity);
}

/** The fields every receipt starts with (sale or refund), before the counter. */
export async function receiptBase(ctx: CallContext, register: CashRegister, input: { receiptComment?: string; userName?: string }) {
  const company = await companies(ctx).current();
  return {
    date: ctx.now.toISOString(),
    sender: senderFromCompany(company),
    cashRegisterNumber: register.numberFull,
    ...(input.userName ? { userName: input.userName } : {}),
    ...(input.receiptComment ? { receiptComment: input.receiptComment } : {}),
    fk: { cashRegister: register._id, ...(ctx.caller.userId ? { user: ctx.caller.userId } : {}) },
  };
}

export async function createReceipt(ctx: CallContext, input: ReceiptInput): Promise<Receipt> {
  // 1. before the counter
  const register = await ctx.repo(CashRegisters).get(input.cashRegisterId);
  const computed = await computeReceiptLines(ctx, input.items as LineItemInput[], input.vatCalculationMethod);
  if (computed.inclTaxesPrice < 0) throw badRequest(NEGATIVE_SALE, [{ field: 'items', message: 'total négatif' }]);
  const totalProblem = paymentsTotalProblem(input.payments, computed.inclTaxesPrice);
  if (totalProblem) throw refusal(totalProblem);
  const { settings, ...totals } = computed;
  const prepared = await ctx.repo(Receipts).prepareCreate({
    ...await receiptBase(ctx, register, input), ...settings, ...totals,
    ...(input.comment ? { comment: input.comment } : {}),
    refund: false, payments: [],
  }) as unknown as { doc: Receipt; write(set: Record<string, unknown>): Promise<Receipt> };
  // 2. under the counter
  return emitUnderCounter(ctx, prepared, register._id, (locked) =>
    settlePayments(input.payments, locked.cash, { useCashDetails: locked.useCashDetails, acceptMissingCash: input.acceptMissingCash, date: ctx.now.toISOString() }));
}
