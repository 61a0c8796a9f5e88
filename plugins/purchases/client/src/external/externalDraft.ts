/**
 * An online order as its editor holds it, and the body it sends: lines as the shop shows them
 * (unit prices incl. taxes), the delivery, the VAT the shop states (blank: the lines'), and at
 * creation how it was paid. The server's engine computes the rest.
 */
import { toDecimal } from '@comptoir/sdk/commerce';
import { dayOf, noonOf, today } from '@comptoir/sdk/react';
import type { ExternalPurchase } from '../common/types.ts';

export type Field = number | string;

export interface OrderLineDraft { key: string; label: string; seller: string; quantity: Field; inclTaxesPrice: Field; vat: string; thumbnailUrl: string }

export interface OrderDraft {
  shop: string;
  orderNumber: string;
  orderDate: string;
  url: string;
  lines: OrderLineDraft[];
  delivery: Field;
  /** blank: computed from the lines */
  vatAmount: Field;
  comment: string;
  /** at creation only: paid when ordering */
  paidMode: string;
  paidAmount: Field;
}

export const emptyOrderLine = (): OrderLineDraft => ({ key: crypto.randomUUID(), label: '', seller: '', quantity: 1, inclTaxesPrice: '', vat: '20', thumbnailUrl: '' });

export function newOrderDraft(): OrderDraft {
  return { shop: '', orderNumber: '', orderDate: today(), url: '', lines: [emptyOrderLine()], delivery: 0, vatAmount: '', comment: '', paidMode: 'cb', paidAmount: '' };
}

export function draftFromOrder(o: ExternalPurchase): OrderDraft {
  return {
    shop: o.shop, orderNumber: o.orderNumber ?? '', orderDate: dayOf(o.orderDate) ?? today(), url: o.url ?? '',
    lines: o.items.map((i) => ({
      key: crypto.randomUUID(), label: i.label, seller: i.seller ?? '', quantity: i.quantity, inclTaxesPrice: i.inclTaxesPrice,
      vat: toDecimal(i.vat)?.toString() ?? '20', thumbnailUrl: i.thumbnailUrl ?? '',
    })),
    delivery: o.inclTaxesDeliveryPrice, vatAmount: o.vatAmount, comment: o.comment ?? '', paidMode: 'cb', paidAmount: '',
  };
}

const num = (v: Field): number | undefined => toDecimal(v)?.toNumber();
const filled = (lines: OrderLineDraft[]) => lines.filter((l) => l.label.trim() || l.inclTaxesPrice !== '');

export function orderBody(draft: OrderDraft, original?: Pick<ExternalPurchase, 'orderDate'>): Record<string, unknown> {
  const orderDate = original && dayOf(original.orderDate) === draft.orderDate ? original.orderDate : noonOf(draft.orderDate);
  const body: Record<string, unknown> = {
    shop: draft.shop.trim(), orderNumber: draft.orderNumber.trim(), orderDate, comment: draft.comment,
    inclTaxesDeliveryPrice: num(draft.delivery) ?? 0,
    vatAmount: num(draft.vatAmount) ?? null,
    items: filled(draft.lines).map((l) => Object.fromEntries(Object.entries({
      label: l.label.trim(), seller: l.seller.trim() || undefined, quantity: num(l.quantity), vat: num(l.vat),
      inclTaxesPrice: num(l.inclTaxesPrice) ?? null, thumbnailUrl: l.thumbnailUrl.trim() || undefined,
    }).filter(([, v]) => v !== undefined))),
  };
  if (draft.url.trim()) body.url = draft.url.trim();
  const paid = num(draft.paidAmount);
  if (!original && paid) body.paymentModes = [{ paymentMode: draft.paidMode, amount: paid, date: noonOf(draft.orderDate) }];
  return body;
}

export function orderProblem(draft: OrderDraft): string | null {
  if (!draft.shop.trim()) return 'Indiquez la boutique.';
  if (filled(draft.lines).length === 0) return 'Ajoutez au moins un article.';
  return null;
}
