/**
 * The VAT category of a line (EN 16931 BT-151, BT-118: UNCL 5305 as the norm restricts it) and the
 * reason a line bears no French VAT (BT-120 text, BT-121 code from the CEF « VATEX » list). Which
 * category a sale gets, and why, is the commerce engine's rule (`@comptoir/sdk/commerce`,
 * vat-category.ts; commerce README « VAT categories »).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Str } from '../kinds.ts';
import { StrEnum } from '../kernel/str-enum.ts';
import { VATEX_CODES } from './vat-codes.ts';

export { VAT_CATEGORIES, VATEX_CODES, type VatCategory, type VatexCode } from './vat-codes.ts';

/**
 * Why a line bears no French VAT: the VATEX code (BT-121) and the legal wording printed on the
 * invoice and written as BT-120 (« Exonération de TVA, art. 262 ter I du CGI »). A line as stored
 * always has the text; one written with a code only takes the code's French wording.
 */
export const VatExemptionReason = Type.Object({
  code: Type.Optional(StrEnum(VATEX_CODES)),
  text: Str({ minLength: 1 }),
}, { additionalProperties: false });
export type VatExemptionReason = Static<typeof VatExemptionReason>;

/** The same as a person writes it: a code (its wording is then the usual one), a text, or both. */
export const VatExemptionReasonInput = Type.Object({
  code: Type.Optional(StrEnum(VATEX_CODES)),
  text: Type.Optional(Str()),
}, { additionalProperties: false });
export type VatExemptionReasonInput = Static<typeof VatExemptionReasonInput>;
