/**
 * What the refund form computes (plain functions): per line of a receipt, what is still refundable
 * (sold minus what earlier refunds gave back), and the body of `POST /receipts/:id/refund` —
 * every line left when all of it is chosen (no `lines`: the server takes them all), else the chosen
 * lines. The amount is Σ quantity × unit price incl. taxes in cents; the server recomputes and
 * refuses a body whose payments do not make its total.
 */
import type { Receipt } from '../api.ts';

type Quantities = Record<string, number>;

export function refundableQuantities(receipt: Pick<Receipt, 'items'>, refunds: Pick<Receipt, 'refundedLines'>[]): Quantities {
  const left: Quantities = {};
  for (const line of receipt.items) left[line.uuid] = (left[line.uuid] ?? 0) + line.quantity;
  for (const refund of refunds) for (const l of refund.refundedLines ?? []) if (l.uuid in left) left[l.uuid] -= l.quantity;
  return left;
}

export interface RefundBody { lines?: { uuid: string; quantity: number }[]; payments: { mode: string; amount: number }[] }

/** null when nothing is chosen (or more than is left on a line). */
export function refundBody(receipt: Pick<Receipt, 'items'>, chosen: Quantities, left: Quantities, mode: string): RefundBody | null {
  const lines = receipt.items
    .filter((l) => (chosen[l.uuid] ?? 0) > 0)
    .map((l) => ({ uuid: l.uuid, quantity: chosen[l.uuid] }));
  if (lines.length === 0 || lines.some((l) => l.quantity > (left[l.uuid] ?? 0))) return null;
  const cents = receipt.items.reduce((sum, l) => sum + Math.round(l.inclTaxesPrice * 100) * (chosen[l.uuid] ?? 0), 0);
  const everything = receipt.items.every((l) => (chosen[l.uuid] ?? 0) === (left[l.uuid] ?? 0));
  return { ...(everything ? {} : { lines }), payments: [{ mode, amount: cents / 100 }] };
}
