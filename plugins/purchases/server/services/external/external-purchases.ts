/**
 * External purchases (orders placed in shops): lines as the shop shows them (unit prices incl.
 * taxes, the missing one converted by the engine), totals with the delivery, and paid / unpaid
 * amounts from `paymentModes` (commerce README « Rules »: no status). `paymentModes` mirror the payments recorded for
 * the order (numbered, hashed, frozen by the invoicing plugin): they are never written by a body.
 */
import { conflict, type CallContext, type ListParams, type ListResult } from '@comptoir/sdk';
import { totalChangeRefusal } from '@comptoir/sdk/commerce';
import type {
  ExternalPurchase, ExternalPurchaseCreateInput, ExternalPurchaseInput, ExternalPurchaseItemInput,
  PurchasePaymentInput,
} from '../../../schemas/index.ts';
import type { Payment } from '@comptoir/schemas';
import { ExternalPurchases, Purchases } from '../../entities.ts';
import { PAYMENT_RECORDED } from '../../events.ts';
import { EXTERNAL_HAS_PAYMENTS, totalBelowPaid } from '../../messages.ts';
import { engine, foundIds, lockCounters } from '../deps.ts';
import { purchasePayments } from '../payments/payments.ts';
import { assertInstants } from '../common/dates.ts';
import { checkedLinks, followLinks, lockPurchases } from '../links/links.ts';
import { externalPurchaseFigures } from '../common/rules.ts';

/** What a shop shows: prices incl. taxes, VAT of the rounded line totals. */
const SHOP_SETTINGS = { subjectToVAT: true, vatCalculationMethod: 'rounded-total' } as const;

const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const paymentModesOf = (payments: Payment[]) => payments.map((p) => ({ paymentMode: p.mode, amount: p.amount, date: p.date }));

export function externalPurchasesService(ctx: CallContext) {
  const repo = () => ctx.repo(ExternalPurchases);
  const target = (id: string) => ({ externalPurchase: id });

  /** The lines through the engine (400 naming `items.N.…` for an amount out of bounds), their own fields kept. */
  function lines(items: ExternalPurchaseItemInput[]) {
    const computed = engine(ctx).lines(items.map((i) => ({
      quantity: i.quantity, vat: i.vat, inclTaxesPrice: i.inclTaxesPrice, exclTaxesPrice: i.exclTaxesPrice, labelPrimary: i.label ?? '',
    })), SHOP_SETTINGS);
    return {
      items: computed.items.map((line, i) => defined({
        quantity: line.quantity, label: line.labelPrimary, inclTaxesPrice: line.inclTaxesPrice, exclTaxesPrice: line.exclTaxesPrice,
        seller: items[i].seller, vat: line.vat, thumbnailUrl: items[i].thumbnailUrl,
      })),
      inclTaxesPrice: computed.inclTaxesPrice,
      vatAmount: computed.vatAmount,
    };
  }

  /** The checked links of a body, only those it gives (bank operations belong to a plugin to come: kept as given). */
  async function bodyLinks(fk: ExternalPurchaseInput['fk']): Promise<Record<string, string[] | undefined>> {
    const purchases = await checkedLinks(ctx, 'external-purchase', 'fk.purchases', fk?.purchases);
    const suggested = fk?.suggestedPurchases;
    return defined({
      purchases,
      suggestedPurchases: suggested && foundIds('fk.suggestedPurchases', suggested, await ctx.repo(Purchases).findByIds(suggested), 'Achat'),
      suggestedBankOperations: fk?.suggestedBankOperations && [...new Set(fk.suggestedBankOperations)],
    });
  }

  /** `paymentModes`, paid and unpaid amounts from the payments recorded for the order (read locked). */
  async function settle(id: string): Promise<ExternalPurchase> {
    const order = await repo().getForUpdate(id) as ExternalPurchase;
    const payments = await purchasePayments(ctx).listFor(target(order._id));
    const figures = externalPurchaseFigures({ inclTaxesPrice: order.totals.itemsInclTaxesPrice, vatAmount: order.vatAmount }, order, payments);
    return await repo().update(order._id, { paymentModes: paymentModesOf(payments), paidAmount: figures.paidAmount, unpaidAmount: figures.unpaidAmount }) as ExternalPurchase;
  }

  /** The counter, then the order locked: its total incl. delivery decides what may still be paid or refunded. */
  async function pay(order: ExternalPurchase, input: PurchasePaymentInput): Promise<void> {
    const locked = async () => ({ inclTaxesPrice: (await repo().getForUpdate(order._id) as ExternalPurchase).totals.inclTaxesPrice });
    const payment = await purchasePayments(ctx).recordFor(target(order._id), input, locked);
    ctx.emit(PAYMENT_RECORDED, { _id: payment._id, externalPurchase: order._id, amount: payment.amount, mode: payment.mode });
  }

  return {
    /** one of the active company's (404 otherwise) */
    get: async (id: string): Promise<ExternalPurchase> => await repo().get(id) as ExternalPurchase,
    /** a page of the active company's, with the list parameters of http README « Lists » */
    list: async (params: ListParams): Promise<ListResult<ExternalPurchase>> => await repo().list(params) as ListResult<ExternalPurchase>,
    /** Records an order and how it was already paid (each entry a payment), in one transaction. */
    async create(input: ExternalPurchaseCreateInput): Promise<ExternalPurchase> {
      const { paymentModes = [], ...body } = input;
      assertInstants(body, ['orderDate']);
      paymentModes.forEach((p, i) => purchasePayments(ctx).check(p, `paymentModes.${i}.`));
      // linked: the counter, then its purchases, before the order exists (its payments then take
      // the counter already held): a payment of one of those purchases, counter → purchase, never
      // waits for this request while it waits for the counter
      if (body.fk?.purchases?.length) await lockCounters(ctx);
      const fk = await bodyLinks(body.fk);
      if (fk.purchases?.length) await lockPurchases(ctx, fk.purchases);
      const computed = lines(body.items ?? []);
      const created = await repo().create({
        ...body,
        items: computed.items,
        ...externalPurchaseFigures(computed, body, []),
        orderDate: body.orderDate ?? ctx.now.toISOString(),
        fk,
      }) as ExternalPurchase;
      await followLinks(ctx, 'external-purchase', created._id, [], created.fk.purchases);
      if (!paymentModes.length) return created;
      for (const p of paymentModes) await pay(created, { mode: p.paymentMode, amount: p.amount, date: p.date, confirmOverpayment: p.confirmOverpayment });
      return settle(created._id);
    },

    /**
     * The given fields replace the stored ones. `vatAmount` left out keeps the stored one, unless the
     * lines change: then (as with null) it is the lines' VAT.
     */
    async update(id: string, body: ExternalPurchaseUpdateInput): Promise<ExternalPurchase> {
      const { confirmOverpayment, ...input } = body;
      assertInstants(input, ['orderDate']);
      // links followed: the counter, the purchases it had and will have, then the order. Every
      // link change (and every deletion) holds the counter, so what is read here is still so once
      // the order is locked below
      if (input.fk?.purchases !== undefined) await lockCounters(ctx);
      const fk = await bodyLinks(input.fk);
      if (fk.purchases !== undefined) await lockPurchases(ctx, [...(await repo().get(id) as ExternalPurchase).fk.purchases, ...fk.purchases]);
      // locked, as for purchases: a payment recorded meanwhile is in the amounts computed here
      const existing = await repo().getForUpdate(id) as ExternalPurchase;
      const computed = lines(input.items ?? existing.items);
      const vatAmount = input.vatAmount !== undefined ? input.vatAmount : (input.items === undefined ? existing.vatAmount : null);
      const delivery = input.inclTaxesDeliveryPrice ?? existing.inclTaxesDeliveryPrice;
      const payments = await purchasePayments(ctx).listFor(target(id));
      const figures = externalPurchaseFigures(computed, { inclTaxesDeliveryPrice: delivery, vatAmount }, payments);
      // its total is delivery included, as for its payments
      const refusal = totalChangeRefusal(existing.totals, figures.totals, payments, { confirmOverpayment });
      if (refusal) throw conflict(totalBelowPaid(refusal, 'order'), [{ field: 'confirmOverpayment', message: `trop-payé de ${refusal.excess} €` }]);
      const updated = await repo().update(id, {
        ...input,
        items: computed.items,
        ...figures,
        fk,
      }) as ExternalPurchase;
      await followLinks(ctx, 'external-purchase', id, existing.fk.purchases, updated.fk.purchases);
      return updated;
    },

    /** Only without payments (they are frozen and point at it); its purchases forget it. */
    async remove(id: string): Promise<void> {
      // its purchases forget it: the counter, its purchases, then the order
      await lockCounters(ctx);
      await lockPurchases(ctx, (await repo().get(id) as ExternalPurchase).fk.purchases);
      const existing = await repo().getForUpdate(id) as ExternalPurchase;
      if ((await purchasePayments(ctx).listFor(target(id))).length) throw conflict(EXTERNAL_HAS_PAYMENTS);
      await followLinks(ctx, 'external-purchase', id, existing.fk.purchases, []);
      await repo().remove(id);
    },

    /** Records a payment (negative: the shop refunds) and answers the order with its new amounts. */
    async recordPayment(id: string, input: PurchasePaymentInput): Promise<ExternalPurchase> {
      purchasePayments(ctx).check(input);
      const order = await repo().get(id) as ExternalPurchase;
      await pay(order, input);
      return settle(id);
    },

    payments: async (id: string) => purchasePayments(ctx).listFor(target((await repo().get(id))._id)),
  };
}

/** `PUT /external-purchases/:id`: the fields, and the confirmation of an overpayment the edit makes (not stored). */
export type ExternalPurchaseUpdateInput = ExternalPurchaseInput & { confirmOverpayment?: boolean };

export type ExternalPurchasesService = ReturnType<typeof externalPurchasesService>;
