/**
 * Payment modes and their French labels (spec 000 §3 "Payment"). The spec gives no label for
 * paypal: the brand name 'PayPal' is used. 'inconnu' is lower-case in the spec and kept so.
 */
export const PAYMENT_MODES = [
  'amex', 'cash', 'cb', 'check', 'debit', 'gift-card', 'paypal', 'transfer', 'nfc', 'unknown', 'credit', 'credit-compensation',
] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const DEFAULT_PAYMENT_MODE: PaymentMode = 'cb';

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
