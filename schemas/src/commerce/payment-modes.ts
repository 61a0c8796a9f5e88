/**
 * Payment modes, their French labels and sources (invoicing README « Entities »), without any dependency:
 * the browser engine (`@comptoir/sdk/commerce`) re-exports them from here, so they exist once.
 */
export const PAYMENT_MODES = [
  'amex', 'cash', 'cb', 'check', 'debit', 'gift-card', 'paypal', 'transfer', 'nfc', 'unknown', 'credit', 'credit-compensation',
] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** The specification’s labels, verbatim (invoicing README « Entities »); the spec gives no label for paypal: « PayPal ». */
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  amex: 'American Express',
  cash: 'Espèces',
  cb: 'Carte bancaire',
  check: 'Chèque',
  debit: 'Prélèvement',
  'gift-card': 'Carte cadeau',
  paypal: 'PayPal',
  transfer: 'Virement',
  nfc: 'Sans contact',
  unknown: 'inconnu',
  credit: "Crédit d'avoir",
  'credit-compensation': "Compensation d'avoir",
};

/**
 * Modes a person picks when recording a payment. `credit-compensation` is written by the server
 * when a credit note settles its source invoice.
 */
export const USER_PAYMENT_MODES = PAYMENT_MODES.filter((m) => m !== 'credit-compensation') as Exclude<PaymentMode, 'credit-compensation'>[];

export const PAYMENT_SOURCES = ['unspecified', 'invoice', 'purchase', 'external-purchase', 'receipt'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
export const DEFAULT_PAYMENT_MODE: PaymentMode = 'cb';

/**
 * Which way the money moves for the company (not in the spec; server-computed, a real column the
 * payment lists filter on): `in` = received (a customer pays an invoice, a supplier refunds a
 * purchase), `out` = paid out (the company pays a supplier, refunds a customer or a credit note),
 * `none` = no money moves (a credit note's compensation settles its invoice).
 */
export const PAYMENT_DIRECTIONS = ['in', 'out', 'none'] as const;
export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];

export const PAYMENT_DIRECTION_LABELS: Record<PaymentDirection, string> = {
  in: 'Encaissement',
  out: 'Décaissement',
  none: 'Compensation (sans mouvement)',
};

/** Sales and POS receipts bring money in when positive; purchases take it out when positive. */
const OUTGOING_SOURCES: readonly PaymentSource[] = ['purchase', 'external-purchase'];

export function paymentDirection(p: { source?: PaymentSource | null; amount: number | string; mode?: PaymentMode | null }): PaymentDirection {
  if (p.mode === 'credit-compensation') return 'none';
  const amount = Number(typeof p.amount === 'string' ? p.amount.replace(',', '.') : p.amount);
  if (!Number.isFinite(amount) || amount === 0) return 'none';
  const positiveIsIn = !OUTGOING_SOURCES.includes(p.source ?? 'unspecified');
  return (amount > 0) === positiveIsIn ? 'in' : 'out';
}
