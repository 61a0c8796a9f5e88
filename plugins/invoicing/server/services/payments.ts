/**
 * Kept only for `purchase-payments.ts`, which imports this path and is moving to the purchases
 * plugin (issue 12): delete this file with that move. Invoice payments live in `payments/`.
 */
export { assertCents, assertPaymentAllowed, writeHashedPayment } from './payments/payments.ts';
