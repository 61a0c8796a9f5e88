/**
 * Catalogue sales counts follow emitted invoices: each line taken from a catalogue item adds its
 * quantity to the item's `salesCount` (a credit note's negative quantities take them back).
 * An item deleted from the catalogue since is skipped: it must not block an emission.
 */
import type { CallContext } from '@comptoir/sdk';
import { toDecimal, toNumber } from '@comptoir/sdk/commerce';
import type { LineItem } from '@comptoir/schemas';
import { catalogueItems } from '../deps.ts';

/** Quantity sold per catalogue item, exact. */
export function salesByItem(items: LineItem[]): Map<string, number> {
  const sums = new Map<string, NonNullable<ReturnType<typeof toDecimal>>>();
  for (const line of items) {
    if (!line.itemId) continue;
    sums.set(line.itemId, (sums.get(line.itemId) ?? toDecimal(0)!).plus(line.quantity));
  }
  return new Map([...sums].filter(([, q]) => !q.isZero()).map(([id, q]) => [id, toNumber(q)]));
}

export async function recordSales(ctx: CallContext, items: LineItem[]): Promise<void> {
  const sales = salesByItem(items);
  if (sales.size === 0) return;
  const service = catalogueItems(ctx);
  const existing = await service.findByIds([...sales.keys()]);
  for (const item of existing) await service.incrementSales(item._id, sales.get(item._id)!);
}
