/**
 * The totals of an X/Z ticket and of an archive (spec §3 « Archive and Z/X ticket »), computed by
 * server/services/closings/. Refund counterparts keep their sign (negative), so that a period's net
 * is `total + refund` (README « Closing totals »).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Money, Str } from '@comptoir/schemas';

export const PaymentDetail = Type.Object({
  mode: Str(),
  totalInclTaxesAmount: Money(),
  transactionsCount: Type.Integer({ minimum: 0 }),
});
export type PaymentDetail = Static<typeof PaymentDetail>;

export const ClosingVatDetail = Type.Object({
  vat: Type.Number({ default: 20 }),
  soldProducts: Type.Number({ minimum: 0 }),
  amount: Money(),
  exclTaxesAmount: Money(),
  inclTaxesAmount: Money(),
});
export type ClosingVatDetail = Static<typeof ClosingVatDetail>;

export const ClosingTotals = Type.Object({
  ticketsCount: Type.Integer({ minimum: 0 }),
  refundTicketsCount: Type.Integer({ minimum: 0 }),
  paymentsCount: Type.Integer({ minimum: 0 }),
  refundPaymentsCount: Type.Integer({ minimum: 0 }),
  totalInclTaxes: Money(),
  totalExclTaxes: Money(),
  refundTotalInclTaxes: Money(),
  refundTotalExclTaxes: Money(),
  paymentsDetails: Type.Array(PaymentDetail),
  refundPaymentsDetails: Type.Array(PaymentDetail),
  vatDetails: Type.Array(ClosingVatDetail),
  refundVatDetails: Type.Array(ClosingVatDetail),
  /** counted − expected cash of the closings covered */
  difference: Money(),
});
export type ClosingTotals = Static<typeof ClosingTotals>;
