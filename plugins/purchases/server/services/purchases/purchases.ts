/**
 * Purchases: what a person (or an import) writes becomes a document whose lines, totals and VAT
 * details are the engine's, numbered with the company's `purchase` counter when it is recorded,
 * settled by its payments (commerce README « Rules », `settlePurchase`), with the VAT it deducts.
 * A purchase stays editable (totals and settlement are recomputed); it can be deleted only while
 * it has no payment.
 */
import { badRequest, conflict, type CallContext, type ListParams, type ListResult } from '@comptoir/sdk';
import { receiverFromCustomer, totalChangeRefusal } from '@comptoir/sdk/commerce';
import {
  DEFAULT_VAT_RECOVERY_PERCENT, type Purchase, type PurchaseCreateInput, type PurchaseInput,
  type PurchasePaymentInput,
} from '../../../schemas/index.ts';
import type { Receiver } from '@comptoir/schemas';
import { Purchases } from '../../entities.ts';
import { PAYMENT_RECORDED, PURCHASE_PAID } from '../../events.ts';
import { PURCHASE_HAS_PAYMENTS, UNKNOWN_ITEM, UNKNOWN_PROVIDER, totalBelowPaid } from '../../messages.ts';
import { catalogueItems, engine, lockCounters, numbering, providers } from '../deps.ts';
import { purchasePayments } from '../payments/payments.ts';
import { assertInstants } from '../common/dates.ts';
import { checkedLinks, checkedSales, followLinks } from '../links/links.ts';
import { purchaseFigures } from '../common/rules.ts';

/** The provider as the purchase keeps it: a snapshot of the contacts record (400 if not the company's). */
async function providerSnapshot(ctx: CallContext, id: string | null | undefined): Promise<Receiver | undefined> {
  if (!id) return undefined;
  const [provider] = await providers(ctx).findByIds([id]);
  if (!provider) throw badRequest(UNKNOWN_PROVIDER, [{ field: 'fk.provider', message: 'introuvable' }]);
  return receiverFromCustomer(provider) as Receiver;
}

/** Lines taken from the catalogue name items of the company's catalogue (400 naming `items.N.itemId`). */
async function checkCatalogueItems(ctx: CallContext, items: PurchaseInput['items']): Promise<void> {
  const ids = (items ?? []).map((l) => l.itemId).filter((id): id is string => !!id);
  if (!ids.length) return;
  const known = new Set((await catalogueItems(ctx).findByIds(ids)).map((i) => i._id));
  const index = (items ?? []).findIndex((l) => l.itemId && !known.has(l.itemId));
  if (index >= 0) throw badRequest(UNKNOWN_ITEM, [{ field: `items.${index}.itemId`, message: 'introuvable' }]);
}

/** Settings (the body's, else the stored purchase's, else the company's), lines and totals. */
async function documentFigures(ctx: CallContext, input: PurchaseInput, existing?: Purchase) {
  await checkCatalogueItems(ctx, input.items);
  const settings = await engine(ctx).settings(input, existing);
  return { ...settings, ...engine(ctx).lines(input.items ?? existing?.items ?? [], settings) };
}

/** The checked link lists of a body, only those it gives. */
async function bodyLinks(ctx: CallContext, fk: PurchaseInput['fk']): Promise<Record<string, unknown>> {
  const linkedSales = await checkedSales(ctx, fk?.linkedSales);
  const externalPurchases = await checkedLinks(ctx, 'purchase', 'fk.externalPurchases', fk?.externalPurchases);
  return {
    ...(fk?.provider !== undefined ? { provider: fk.provider } : {}),
    ...(linkedSales ? { linkedSales } : {}),
    ...(externalPurchases ? { externalPurchases } : {}),
  };
}

export function purchasesService(ctx: CallContext) {
  const repo = () => ctx.repo(Purchases);
  const target = (p: Purchase) => ({ purchase: p._id, provider: p.fk.provider });

  /** Recomputes the settlement from every payment (the purchase read locked); publishes « paid » when it becomes so. */
  async function settle(id: string): Promise<Purchase> {
    const purchase = await repo().getForUpdate(id) as Purchase;
    const payments = await purchasePayments(ctx).listFor(target(purchase));
    const updated = await repo().update(purchase._id, { ...purchaseFigures(purchase, payments) }) as Purchase;
    if (updated.status === 'paid' && purchase.status !== 'paid') ctx.emit(PURCHASE_PAID, { _id: updated._id, numberFull: updated.numberFull });
    return updated;
  }

  /** The counter, then the purchase locked: what may still be paid or refunded is decided on it. */
  async function pay(purchase: Purchase, input: PurchasePaymentInput): Promise<void> {
    const payment = await purchasePayments(ctx).recordFor(target(purchase), input, () => repo().getForUpdate(purchase._id) as Promise<Purchase>);
    ctx.emit(PAYMENT_RECORDED, { _id: payment._id, purchase: purchase._id, amount: payment.amount, mode: payment.mode });
  }

  return {
    /** one of the active company's (404 otherwise) */
    get: async (id: string): Promise<Purchase> => await repo().get(id) as Purchase,
    /** a page of the active company's, with the list parameters of http README « Lists » */
    list: async (params: ListParams): Promise<ListResult<Purchase>> => await repo().list(params) as ListResult<Purchase>,

    /** Records a purchase (numbered), and the payments already made, in one transaction. */
    async create(input: PurchaseCreateInput): Promise<Purchase> {
      const { payments = [], ...body } = input;
      assertInstants(body, ['date', 'dueDate']);
      payments.forEach((p, i) => purchasePayments(ctx).check(p, `payments.${i}.`));
      const fk = await bodyLinks(ctx, body.fk);
      const provider = body.provider ?? await providerSnapshot(ctx, body.fk?.provider);
      const figures = await documentFigures(ctx, body);
      // the counter before anything is locked: then the new purchase, then the orders it links to
      const taken = await numbering(ctx).take('purchase');
      const vatRecoveryPercent = body.vatRecoveryPercent ?? DEFAULT_VAT_RECOVERY_PERCENT;
      const doc: Record<string, unknown> = {
        ...body,
        ...figures,
        ...purchaseFigures({ ...figures, vatRecoveryPercent }, []),
        vatRecoveryPercent,
        provider,
        dueDate: body.dueDate ?? undefined,
        date: body.date ?? ctx.now.toISOString(),
        number: taken.number,
        numberFull: taken.numberFull,
        fk,
      };
      const created = await repo().create(doc) as Purchase;
      await followLinks(ctx, 'purchase', created._id, [], created.fk.externalPurchases);
      if (!payments.length) return created;
      for (const p of payments) await pay(created, p);
      return settle(created._id);
    },

    /**
     * The given fields replace the stored ones; totals and settlement are recomputed. A total
     * brought below what was already paid is a 409 unless `confirmOverpayment` (the payments' rule).
     */
    async update(id: string, body: PurchaseUpdateInput): Promise<Purchase> {
      const { confirmOverpayment, ...input } = body;
      assertInstants(input, ['date', 'dueDate']);
      // links followed: the counter first, then this purchase, then its orders (README « Concurrency »)
      if (input.fk?.externalPurchases !== undefined) await lockCounters(ctx);
      // locked: a payment recorded meanwhile waits, and its settlement is not computed on old totals
      const existing = await repo().getForUpdate(id) as Purchase;
      const fk = await bodyLinks(ctx, input.fk);
      const figures = await documentFigures(ctx, input, existing);
      const changes: Record<string, unknown> = { ...input, ...figures, fk };
      if (input.dueDate === null) changes.dueDate = undefined;
      if (input.provider === undefined && input.fk?.provider !== undefined && input.fk.provider !== existing.fk.provider) {
        // another provider: its snapshot, or none when the provider is removed
        changes.provider = await providerSnapshot(ctx, input.fk.provider);
      }
      const payments = await purchasePayments(ctx).listFor(target(existing));
      const refusal = totalChangeRefusal(existing, figures, payments, { confirmOverpayment });
      if (refusal) throw conflict(totalBelowPaid(refusal, 'purchase'), [{ field: 'confirmOverpayment', message: `trop-payé de ${refusal.excess} €` }]);
      Object.assign(changes, purchaseFigures({ ...figures, vatRecoveryPercent: input.vatRecoveryPercent ?? existing.vatRecoveryPercent }, payments));
      const updated = await repo().update(id, changes) as Purchase;
      await followLinks(ctx, 'purchase', id, existing.fk.externalPurchases, updated.fk.externalPurchases);
      if (updated.status === 'paid' && existing.status !== 'paid') ctx.emit(PURCHASE_PAID, { _id: id, numberFull: updated.numberFull });
      return updated;
    },

    /** Only without payments (they are frozen and point at it); its orders forget it. */
    async remove(id: string): Promise<void> {
      // its orders forget it: the counter, this purchase, then its orders, as every link change
      await lockCounters(ctx);
      // locked: a payment being recorded either commits first (409 here) or finds it gone (404)
      const existing = await repo().getForUpdate(id) as Purchase;
      if ((await purchasePayments(ctx).listFor(target(existing))).length) throw conflict(PURCHASE_HAS_PAYMENTS);
      await followLinks(ctx, 'purchase', id, existing.fk.externalPurchases, []);
      await repo().remove(id);
    },

    /** Records a payment (negative: the provider refunds) and answers the settled purchase. */
    async recordPayment(id: string, input: PurchasePaymentInput): Promise<Purchase> {
      purchasePayments(ctx).check(input);
      const purchase = await repo().get(id) as Purchase;
      await pay(purchase, input);
      return settle(id);
    },

    payments: async (id: string) => purchasePayments(ctx).listFor(target(await repo().get(id) as Purchase)),
  };
}

/** `PUT /purchases/:id`: what a person writes, and the confirmation of an overpayment the edit makes (not stored). */
export type PurchaseUpdateInput = PurchaseInput & { confirmOverpayment?: boolean };

export type PurchasesService = ReturnType<typeof purchasesService>;
