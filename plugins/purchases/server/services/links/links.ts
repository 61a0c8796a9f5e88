/**
 * Purchases ↔ external purchases: a purchase lists the orders it belongs to in
 * `fk.externalPurchases`, each order lists its purchases in `fk.purchases`. Whichever side is
 * written, the other follows in the same transaction, so both always agree. Linked sales
 * (`fk.linkedSales`) are invoices of the invoicing plugin: checked there, held on the purchase only
 * (an emitted invoice is frozen and its `fk` is hashed).
 */
import type { CallContext } from '@comptoir/sdk';
import type { ExternalPurchase, Purchase } from '../../../schemas/index.ts';
import { ExternalPurchases, Purchases } from '../../entities.ts';
import { foundIds, invoices } from '../deps.ts';
import { linkChanges } from '../common/rules.ts';

/** The side being written: its links point at the other one. */
export type LinkOwner = 'purchase' | 'external-purchase';

function otherSide(ctx: CallContext, owner: LinkOwner) {
  return owner === 'purchase'
    ? { repo: ctx.repo(ExternalPurchases), field: 'purchases' as const, what: 'Achat en ligne' }
    : { repo: ctx.repo(Purchases), field: 'externalPurchases' as const, what: 'Achat' };
}

/** The ids of a body's links, each naming a record of the other side (400 naming `field.N` otherwise). */
export async function checkedLinks(ctx: CallContext, owner: LinkOwner, field: string, ids: string[] | undefined): Promise<string[] | undefined> {
  if (ids === undefined) return undefined;
  const { repo, what } = otherSide(ctx, owner);
  return foundIds(field, ids, await repo.findByIds(ids), what);
}

/** The linked sales of a purchase: invoices of the active company. */
export async function checkedSales(ctx: CallContext, ids: string[] | undefined): Promise<string[] | undefined> {
  if (ids === undefined) return undefined;
  return foundIds('fk.linkedSales', ids, ids.length ? await invoices(ctx).findByIds(ids) : [], 'Facture');
}

/**
 * The purchases among `ids` that exist, read locked in id order: what an order's creation, edit or
 * deletion locks **before** the order itself, so that every operation takes purchases before
 * orders (after the company's counter, `lockCounters`).
 */
export async function lockPurchases(ctx: CallContext, ids: readonly string[]): Promise<void> {
  const repo = ctx.repo(Purchases);
  const existing = ids.length ? (await repo.findByIds([...new Set(ids)])).map((d) => d._id).sort() : [];
  for (const id of existing) await repo.getForUpdate(id);
}

/**
 * The other side of each link added or removed gains or loses `ownerId`. Each is read locked (its
 * list of links is a read-modify-write that two requests may do at once), in id order — for an
 * order, its purchases are already locked (`lockPurchases`), before the order.
 */
export async function followLinks(ctx: CallContext, owner: LinkOwner, ownerId: string, before: readonly string[], after: readonly string[]): Promise<void> {
  const { added, removed } = linkChanges(before, after);
  if (!added.length && !removed.length) return;
  const { repo, field } = otherSide(ctx, owner);
  const existing = (await repo.findByIds([...added, ...removed])).map((d) => d._id).sort();
  for (const id of existing) {
    const doc = await repo.getForUpdate(id) as Purchase | ExternalPurchase;
    const links = (doc.fk as unknown as Record<string, string[] | undefined>)[field] ?? [];
    const next = added.includes(doc._id) ? [...new Set([...links, ownerId])] : links.filter((id) => id !== ownerId);
    if (next.length !== links.length) await repo.update(doc._id, { fk: { [field]: next } });
  }
}
