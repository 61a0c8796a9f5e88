/**
 * The purchase rules that are not the engine's, as plain functions over plain data (tested without
 * HTTP in test/rules.test.ts). Totals and statuses are always the engine's (`@comptoir/sdk/commerce`).
 */
import { externalPurchaseAmounts, money, recoverableVat, settlePurchase, toDecimal, type PaymentLike, type Settlement } from '@comptoir/sdk/commerce';

/** What a purchase's payments make of it (commerce README « Rules », Purchase), and the VAT it deducts. */
export function purchaseFigures(doc: { inclTaxesPrice: number; vatAmount: number; vatRecoveryPercent: number }, payments: PaymentLike[]): Settlement & { recoverableVatAmount: number } {
  return { ...settlePurchase(doc, payments), recoverableVatAmount: recoverableVat(doc.vatAmount, doc.vatRecoveryPercent) ?? 0 };
}

/** Ids added to and removed from a list of links. */
export function linkChanges(before: readonly string[], after: readonly string[]): { added: string[]; removed: string[] } {
  const was = new Set(before);
  const is = new Set(after);
  return { added: [...is].filter((id) => !was.has(id)), removed: [...was].filter((id) => !is.has(id)) };
}

/**
 * An external purchase's amounts (commerce README « Rules »: it only recalculates paid and unpaid): the lines' total
 * incl. taxes and their VAT as the engine computed them, plus the delivery; `vatAmount` as the
 * shop states it, else the lines' VAT; paid and unpaid from `paymentModes`.
 */
export function externalPurchaseFigures(
  lines: { inclTaxesPrice: number; vatAmount: number },
  order: { inclTaxesDeliveryPrice?: number; vatAmount?: number | null },
  paymentModes: PaymentLike[],
) {
  const vatAmount = order.vatAmount ?? lines.vatAmount;
  const inclTaxesPrice = money(toDecimal(lines.inclTaxesPrice)!.plus(order.inclTaxesDeliveryPrice ?? 0));
  return {
    vatAmount,
    totals: { itemsInclTaxesPrice: lines.inclTaxesPrice, inclTaxesPrice, exclTaxesPrice: money(toDecimal(inclTaxesPrice)!.minus(vatAmount)) },
    ...externalPurchaseAmounts({ inclTaxesPrice }, paymentModes),
  };
}
