/**
 * A payment or a refund (negative amount) of an invoice, a purchase, an external purchase or a POS
 * receipt (invoicing README « Entities »). Payments are numbered, hashed in the company's chain and frozen:
 * a mistake is corrected by a new payment of the opposite amount.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Money, Nullable, Str } from '../kinds.ts';
import { StrEnum } from '../kernel/str-enum.ts';
import { withDefault } from '../kernel/with-default.ts';

import { PAYMENT_DIRECTIONS, PAYMENT_MODES, PAYMENT_SOURCES } from './payment-modes.ts';
export * from './payment-modes.ts';


const nullId = () => withDefault(Nullable(Id()), null);

export const Payment = Entity({
  mode: StrEnum(PAYMENT_MODES, { default: 'cb' }),
  /** euros; negative = a refund */
  amount: Money(),
  date: DateTime(),
  source: StrEnum(PAYMENT_SOURCES, { default: 'unspecified' }),
  number: Type.Optional(Type.Integer({ minimum: 1 })),
  numberFull: Type.Optional(Str()),
  /** hex SHA-256 chaining this payment to the previous one of the company */
  hash: Type.Optional(Str({ pattern: '^[0-9a-f]{64}$' })),
  /** cash handed over and change given back, for a cash payment */
  cashPaid: Type.Optional(Money()),
  cashChange: Type.Optional(Money()),
  /**
   * not in the spec, server-computed from source, sign and mode (`paymentDirection`): `in` money
   * received, `out` money paid out, `none` a compensation (payment-modes.ts)
   */
  direction: Type.Optional(StrEnum(PAYMENT_DIRECTIONS)),
}, {
  company: Id(),
  invoice: nullId(),
  purchase: nullId(),
  externalPurchase: nullId(),
  receipt: nullId(),
  customer: nullId(),
  provider: nullId(),
  cashRegister: nullId(),
  /** the credit note whose compensation this payment is */
  invoiceCredit: nullId(),
  sourceInvoice: nullId(),
  bankOperations: Type.Array(Id(), { default: [] }),
});
export type Payment = Static<typeof Payment>;
