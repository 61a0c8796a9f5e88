/**
 * What may be refunded of a receipt (README « Refunds »): per line, what was sold minus what the
 * refunds already gave back; never more. Plain data: the caller has locked the original receipt
 * and read its refunds after the lock.
 */
import { Decimal } from 'decimal.js';
import type { LineItem } from '@comptoir/schemas';
import type { RefundedLine } from '../../../schemas/index.ts';

export type RefundProblem = { field: string; message: string };

/** Quantity still refundable per line uuid. */
export function refundable(items: readonly LineItem[], refunds: readonly { refundedLines?: RefundedLine[] }[]): Map<string, Decimal> {
  const left = new Map<string, Decimal>();
  for (const line of items) left.set(line.uuid, (left.get(line.uuid) ?? new Decimal(0)).plus(line.quantity));
  for (const r of refunds) for (const l of r.refundedLines ?? []) left.set(l.uuid, (left.get(l.uuid) ?? new Decimal(0)).minus(l.quantity));
  return left;
}

/**
 * The lines of a refund receipt: the chosen ones (or every line still refundable), each at its
 * unit prices with a negative quantity, and what it gives back; or the first problem (a line the
 * receipt does not have, given twice, more than is left, nothing left at all).
 */
export function refundLines(
  items: readonly LineItem[], left: ReadonlyMap<string, Decimal>, chosen?: readonly RefundedLine[],
): { lines: LineItem[]; refunded: RefundedLine[] } | { problem: RefundProblem } {
  const wanted = chosen ?? items.map((l) => ({ uuid: l.uuid, quantity: (left.get(l.uuid) ?? new Decimal(0)).toNumber() })).filter((l) => l.quantity > 0);
  if (wanted.length === 0) return { problem: { field: 'lines', message: 'Ce ticket a déjà été entièrement remboursé.' } };
  const seen = new Set<string>();
  const lines: LineItem[] = [];
  for (const [i, w] of wanted.entries()) {
    const line = items.find((l) => l.uuid === w.uuid);
    if (!line) return { problem: { field: `lines.${i}.uuid`, message: `Le ticket n’a pas de ligne « ${w.uuid} ».` } };
    if (seen.has(w.uuid)) return { problem: { field: `lines.${i}.uuid`, message: `La ligne « ${line.labelPrimary} » est donnée deux fois.` } };
    seen.add(w.uuid);
    const rest = left.get(w.uuid) ?? new Decimal(0);
    if (rest.lessThan(w.quantity)) {
      return { problem: { field: `lines.${i}.quantity`, message: `On ne peut rembourser que ${rest.toNumber().toLocaleString('fr-FR')} de « ${line.labelPrimary} » (vendu ${line.quantity.toLocaleString('fr-FR')}, déjà remboursé ${new Decimal(line.quantity).minus(rest).toNumber().toLocaleString('fr-FR')}).` } };
    }
    const { uuid: _uuid, ...rest2 } = line;
    lines.push({ ...rest2, uuid: globalThis.crypto.randomUUID(), quantity: -w.quantity });
  }
  return { lines, refunded: wanted.map((w) => ({ uuid: w.uuid, quantity: w.quantity })) };
}
