/**
 * The sale in progress at the till, as plain data (README « Client »): lines with quantity and a
 * discount, payments split across modes, totals in integer cents (no float sums), the body of
 * `POST /api/pos/receipts`. The server computes the receipt again; these figures are what the
 * screen shows while the customer waits.
 */
import type { CashDetails } from '../api.ts';
import { DENOMINATIONS, cashOf, countedCents, type Quantities } from '../registers/counting.ts';

export interface BasketLine {
  /** local key: one line per catalogue article, a free line has its own */
  key: string;
  itemId?: string;
  label: string;
  /** catalogue unit price incl. taxes, cents */
  unitCents: number;
  vat?: number;
  quantity: number;
  /** percent off the unit price, 0–100 */
  discount: number;
}

export interface BasketPayment {
  mode: string;
  cents: number;
  /** cash: the notes and coins handed over, per denomination (unit as a string) */
  handed?: Quantities;
}

export interface Basket {
  lines: BasketLine[];
  payments: BasketPayment[];
}

export const EMPTY_BASKET: Basket = { lines: [], payments: [] };

export interface CatalogueArticle { _id: string; name: string; inclTaxesPrice: number; vat?: number }

const cents = (euros: number) => Math.round(euros * 100);

/** Adds one of the article (a second scan of the same article adds to its line). */
export function addArticle(basket: Basket, item: CatalogueArticle, quantity = 1): Basket {
  const existing = basket.lines.find((l) => l.itemId === item._id && l.discount === 0);
  if (existing) return setQuantity(basket, existing.key, existing.quantity + quantity);
  const line: BasketLine = { key: `${item._id}-${basket.lines.length}-${Date.now()}`, itemId: item._id, label: item.name, unitCents: cents(item.inclTaxesPrice), vat: item.vat, quantity, discount: 0 };
  return { ...basket, lines: [...basket.lines, line] };
}

/** A quantity of 0 (or less) removes the line. */
export function setQuantity(basket: Basket, key: string, quantity: number): Basket {
  const lines = quantity <= 0
    ? basket.lines.filter((l) => l.key !== key)
    : basket.lines.map((l) => (l.key === key ? { ...l, quantity } : l));
  return { ...basket, lines };
}

export function setDiscount(basket: Basket, key: string, percent: number): Basket {
  const discount = Math.min(100, Math.max(0, percent));
  return { ...basket, lines: basket.lines.map((l) => (l.key === key ? { ...l, discount } : l)) };
}

/** The unit price after the discount, rounded to the cent (half up, as the ticket shows it). */
export function unitPriceCents(line: BasketLine): number {
  return Math.round((line.unitCents * (100 - line.discount)) / 100);
}

export const lineCents = (line: BasketLine) => unitPriceCents(line) * line.quantity;

export function totalCents(basket: Basket): number {
  return basket.lines.reduce((sum, l) => sum + lineCents(l), 0);
}

export function paidCents(basket: Basket): number {
  return basket.payments.reduce((sum, p) => sum + p.cents, 0);
}

/** What is left to pay (never negative). */
export function dueCents(basket: Basket): number {
  return Math.max(0, totalCents(basket) - paidCents(basket));
}

/**
 * Adds a payment of `cents` (default: what is left). A cash payment also carries the notes and
 * coins handed over: the amount applied to the receipt is at most what is left, the rest is change.
 */
export function addPayment(basket: Basket, mode: string, amount?: number, handed?: Quantities): Basket {
  const due = dueCents(basket);
  const offered = handed ? countedCents(handed) : amount ?? due;
  const applied = Math.min(due, offered);
  if (applied <= 0) return basket;
  return { ...basket, payments: [...basket.payments, { mode, cents: applied, ...(handed ? { handed } : {}) }] };
}

/** The exact amount as notes and coins, largest first (« Montant exact »: the customer gave the right sum). */
export function exactCash(amountCents: number): Quantities {
  const handed: Quantities = {};
  let left = amountCents;
  for (const d of DENOMINATIONS) {
    const unit = Math.round(d.unit * 100);
    const quantity = Math.floor(left / unit);
    if (quantity > 0) {
      handed[String(d.unit)] = quantity;
      left -= quantity * unit;
    }
  }
  return handed;
}

export function removePayment(basket: Basket, index: number): Basket {
  return { ...basket, payments: basket.payments.filter((_, i) => i !== index) };
}

/** The change owed to the customer: cash handed over beyond the cash payments' amounts. */
export function changeCents(basket: Basket): number {
  return basket.payments.reduce((sum, p) => sum + (p.handed ? countedCents(p.handed) - p.cents : 0), 0);
}

export const isComplete = (basket: Basket) => basket.lines.length > 0 && dueCents(basket) === 0;

export interface ReceiptBody {
  cashRegisterId: string;
  items: { itemId?: string; labelPrimary?: string; inclTaxesPrice?: number; vat?: number; quantity: number }[];
  payments: { mode: string; amount: number; cash?: CashDetails }[];
  acceptMissingCash?: boolean;
}

/**
 * The body of `POST /receipts`. A discounted article is sent with its reduced unit price (a price
 * typed at the till wins over the catalogue's, receipts README « Lines »); cash payments carry the
 * notes and coins handed over, or their amount alone on a register that does not count coins.
 */
export function receiptBody(basket: Basket, cashRegisterId: string, byDenomination: boolean, acceptMissingCash = false): ReceiptBody {
  return {
    cashRegisterId,
    items: basket.lines.map((l) => ({
      ...(l.itemId ? { itemId: l.itemId } : { labelPrimary: l.label, ...(l.vat === undefined ? {} : { vat: l.vat }) }),
      ...(l.discount > 0 || !l.itemId ? { inclTaxesPrice: unitPriceCents(l) / 100 } : {}),
      quantity: l.quantity,
    })),
    payments: basket.payments.map((p) => ({
      mode: p.mode,
      amount: p.cents / 100,
      ...(p.handed ? { cash: byDenomination ? cashOf(p.handed, null) : { currency: 'euro' as const, customAmount: countedCents(p.handed) / 100 } } : {}),
    })),
    ...(acceptMissingCash ? { acceptMissingCash: true } : {}),
  };
}

/** localStorage key of the sale in progress of one register (it survives a reload). */
export const basketKey = (registerId: string) => `comptoir.pos.basket.${registerId}`;

/** Reads a stored basket; anything unreadable is an empty one (never a crash at the till). */
export function parseBasket(text: string | null): Basket {
  if (!text) return EMPTY_BASKET;
  try {
    const value = JSON.parse(text) as Partial<Basket>;
    return Array.isArray(value.lines) && Array.isArray(value.payments) ? { lines: value.lines, payments: value.payments } : EMPTY_BASKET;
  } catch {
    return EMPTY_BASKET;
  }
}
