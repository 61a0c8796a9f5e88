/**
 * A refund (README « Refunds »): a new receipt with the chosen lines (or every line still
 * refundable) at negative quantities and the money given back as negative payments. The original
 * receipt's row is locked right after the counter, and its refunds read after the lock, so that
 * concurrent refunds never give back more than was sold; the register then, as a sale.
 */
import { Decimal } from 'decimal.js';
import { conflict, type CallContext } from '@comptoir/sdk';
import { computeDocument } from '@comptoir/sdk/commerce';
import type { Receipt, RefundInput } from '../../../schemas/index.ts';
import { CashRegisters, Receipts } from '../../entities.ts';
import { REFUND_OF_REFUND } from '../../messages.ts';
import { numbering } from '../deps.ts';
import { RECEIPT_COUNTER } from './hash.ts';
import { emitUnderCounter, receiptBase, refusal } from './emit.ts';
import { paymentsTotalProblem, refundPayments } from './payments.ts';
import { refundable, refundLines } from './refund-rules.ts';

export async function refundReceipt(ctx: CallContext, id: string, input: RefundInput): Promise<Receipt> {
  const repo = ctx.repo(Receipts);
  // read once before the lock: a 404, or a refund of a refund, refused without taking anything
  const first = await repo.get(id);
  if (first.refund) throw conflict(REFUND_OF_REFUND);
  const register = await ctx.repo(CashRegisters).get(input.cashRegisterId ?? first.fk.cashRegister);
  const base = await receiptBase(ctx, register, input);

  // counter → the original receipt (locked) → its refunds, read after the lock → the register
  const taken = await numbering(ctx).take(RECEIPT_COUNTER);
  const original = await repo.getForUpdate(id);
  const refunds = await repo.findMany({ 'fk.sourceReceipt': id });
  const chosen = refundLines(original.items, refundable(original.items, refunds), input.lines);
  // what was already refunded is the state of the receipt (409); a line it does not have, a bad body (400)
  if ('problem' in chosen) throw refusal({ ...chosen.problem, status: /(^lines|quantity)$/.test(chosen.problem.field) ? 409 : 400 });
  // the original's unit prices and rates, computed the way it was
  const totals = computeDocument({ items: chosen.lines, subjectToVAT: original.subjectToVAT, vatCalculationMethod: original.vatCalculationMethod });
  const back = new Decimal(totals.inclTaxesPrice).negated().toNumber();
  const totalProblem = paymentsTotalProblem(input.payments, back);
  if (totalProblem) throw refusal(totalProblem);
  const prepared = await repo.prepareCreate({
    ...base, subjectToVAT: original.subjectToVAT, vatCalculationMethod: original.vatCalculationMethod,
    exclTaxesPrice: totals.exclTaxesPrice, inclTaxesPrice: totals.inclTaxesPrice, vatAmount: totals.vatAmount, vatDetails: totals.vatDetails,
    items: chosen.lines, refund: true, refundedLines: chosen.refunded, payments: [],
    fk: { ...base.fk, sourceReceipt: id },
  }) as unknown as { doc: Receipt; write(set: Record<string, unknown>): Promise<Receipt> };
  return emitUnderCounter(ctx, prepared, register._id, (locked) => refundPayments(input.payments, locked.cash, ctx.now.toISOString()), taken);
}
