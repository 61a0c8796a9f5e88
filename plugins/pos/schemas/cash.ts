/**
 * Cash as the spec describes it (§3 « Cash register »): CashDetails (currency, lines of unit and
 * quantity, or a custom amount), CashRegisterChange and a cash movement (« entrée / sortie »).
 * Data only; the rules over them are plain functions in server/services/cash/.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Money, Str, StrEnum } from '@comptoir/schemas';

/** The 15 euro denominations of spec §9, largest first (notes then coins), in euros. */
export const EURO_DENOMINATIONS = [500, 200, 100, 50, 20, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01] as const;

export const CashLine = Type.Object({
  /** one of EURO_DENOMINATIONS (checked by the rules, README « Cash ») */
  unit: Type.Number({ exclusiveMinimum: 0, maximum: 500 }),
  quantity: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
}, { additionalProperties: false });
export type CashLine = Static<typeof CashLine>;

/**
 * Cash counted by denomination (`details`) or as a single amount (`customAmount`, a till that does
 * not count coins): exactly one of the two carries the amount (README « Cash »).
 */
export const CashDetails = Type.Object({
  currency: Type.Optional(StrEnum(['euro'] as const, { default: 'euro' })),
  details: Type.Optional(Type.Array(CashLine, { maxItems: 15 })),
  customAmount: Type.Optional(Money({ minimum: 0 })),
}, { additionalProperties: false });
export type CashDetails = Static<typeof CashDetails>;

/**
 * The change of a cash payment (spec CashRegisterChange): `amount` due, `paid` in cash,
 * `difference` = paid − amount (the change owed, negative when paid is short), `cashDetails` the
 * notes and coins to give back (none for a custom amount), `missingCash` when the register cannot
 * give the exact change; `missingAmount` (not in the spec) says how much could not be given.
 */
export const CashRegisterChange = Type.Object({
  amount: Money(),
  paid: Money(),
  difference: Money(),
  cashDetails: Type.Optional(CashDetails),
  missingCash: Type.Boolean(),
  missingAmount: Money(),
}, { additionalProperties: false });
export type CashRegisterChange = Static<typeof CashRegisterChange>;

export const MOVEMENT_TYPES = ['in', 'out'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** A cash entry or withdrawal during the day, as a verification lists it (spec `inOutDetails`). */
export const InOutDetail = Type.Object({
  type: StrEnum(MOVEMENT_TYPES),
  amount: Money({ minimum: 0 }),
  reason: Str({ minLength: 1 }),
  date: DateTime(),
  userName: Type.Optional(Str()),
}, { additionalProperties: false });
export type InOutDetail = Static<typeof InOutDetail>;
