/**
 * Payment modes and their French labels (invoicing README « Entities », payments), defined once beside the Payment
 * schema; this subpath carries no schema library into the browser bundles.
 */
export {
  PAYMENT_MODES, PAYMENT_MODE_LABELS, DEFAULT_PAYMENT_MODE, USER_PAYMENT_MODES, PAYMENT_SOURCES,
  PAYMENT_DIRECTIONS, PAYMENT_DIRECTION_LABELS, paymentDirection,
  type PaymentMode, type PaymentSource, type PaymentDirection,
} from '@comptoir/schemas/payment-modes';
