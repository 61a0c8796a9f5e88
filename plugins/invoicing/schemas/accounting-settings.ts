/**
 * The company's chart of accounts for the FEC export (issue 6): account numbers and journal codes
 * by role. Documents name roles (`customer`, `vatCollected`…), never numbers, so that one edit of
 * the chart changes every entry; plugins contributing entries name the same roles
 * (`JournalEntry` of `@comptoir/sdk`, contributed to `invoicing.accounting-entries`). What is not stored takes the default chart of the
 * invoicing plugin. The roles themselves are shared (`ACCOUNT_ROLES`, `JOURNAL_ROLES` of `@comptoir/schemas`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACCOUNT_ROLES, Entity, Id, JOURNAL_ROLES, Str, StrEnum } from '@comptoir/schemas';

/**
 * An account number of the French chart (PCG): its first three characters are digits (the FEC
 * requires it), then up to 17 digits or letters (sub-accounts).
 */
export const ACCOUNT_NUMBER_PATTERN = '^[0-9]{3}[0-9A-Za-z]{0,17}$';
/** A journal code: capitals and digits, as accounting software import them. */
export const JOURNAL_CODE_PATTERN = '^[A-Z0-9]{1,8}$';

export const ChartAccount = Type.Object({
  role: StrEnum(ACCOUNT_ROLES),
  /** VAT accounts only: the rate (percent) this sub-account holds; absent = every other rate */
  vatRate: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  number: Str({ pattern: ACCOUNT_NUMBER_PATTERN }),
  label: Str({ minLength: 1 }),
}, { additionalProperties: false });
export type ChartAccount = Static<typeof ChartAccount>;

export const ChartJournal = Type.Object({
  role: StrEnum(JOURNAL_ROLES),
  code: Str({ pattern: JOURNAL_CODE_PATTERN }),
  label: Str({ minLength: 1 }),
}, { additionalProperties: false });
export type ChartJournal = Static<typeof ChartJournal>;

/** One per company: what differs from the default chart (stored whole when the screen saves it). */
export const AccountingSettings = Entity({
  accounts: Type.Array(ChartAccount, { default: [] }),
  journals: Type.Array(ChartJournal, { default: [] }),
}, {
  company: Id(),
});
export type AccountingSettings = Static<typeof AccountingSettings>;

/** `PUT /api/invoicing/accounting-settings`: the chart as the screen shows it (missing roles keep their default). */
export const AccountingSettingsInput = Type.Object({
  accounts: Type.Array(ChartAccount, { maxItems: 200 }),
  journals: Type.Array(ChartJournal, { maxItems: 50 }),
}, { additionalProperties: false });
export type AccountingSettingsInput = Static<typeof AccountingSettingsInput>;

/** The effective chart: the default completed by the company's settings, as `GET` answers it. */
export interface Chart {
  accounts: ChartAccount[];
  journals: ChartJournal[];
}
