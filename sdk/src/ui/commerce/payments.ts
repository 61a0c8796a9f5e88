/**
 * The pure part of `PaymentDialog`: the modes it offers and the body it sends (tested in
 * sdk/test/ui-commerce.test.ts). The modes and their French labels are the engine's (sdk/src/commerce/payment-modes.ts).
 */
import { PAYMENT_MODES, PAYMENT_MODE_LABELS, USER_PAYMENT_MODES, toDecimal } from '@comptoir/sdk/commerce';
import { noonOf, today } from '@comptoir/sdk/react';

export interface PaymentModeOption { value: string; label: string }

/** All twelve modes, for reading and filtering payments. */
export const PAYMENT_MODE_OPTIONS: PaymentModeOption[] = PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }));

/** What a person may record: a credit-note compensation is written by the server only (it refuses it in a body). */
export const RECORDABLE_PAYMENT_MODE_OPTIONS: PaymentModeOption[] = USER_PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }));

export interface PaymentRequest { mode: string; amount: number; date: string; confirmOverpayment?: true }

/**
 * The body of `POST …/payments`, or the French message that stops it. Today's date is sent as the
 * current instant (the payment's real time, so two of the same day keep their order); another day at
 * noon UTC, which is that same calendar day in France.
 */
export function paymentRequestBody(input: { mode: string; amount: number | string; day: string; confirmOverpayment?: boolean }, now = new Date()): PaymentRequest | string {
  const value = toDecimal(input.amount);
  if (value === null || value.isZero()) return 'Indiquez un montant différent de zéro.';
  const date = input.day === today() ? now.toISOString() : noonOf(input.day);
  return { mode: input.mode, amount: value.toNumber(), date, ...(input.confirmOverpayment ? { confirmOverpayment: true as const } : {}) };
}
