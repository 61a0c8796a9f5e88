/**
 * The roles that accounting entries name instead of account numbers and journal codes (invoicing
 * README « FEC », chart of accounts): documents name roles (`customer`, `vatCollected`…), never numbers, so
 * that one edit of the chart changes every entry. Every plugin contributing entries names the
 * same roles (`JournalEntry` of `@comptoir/sdk`, contributed to `invoicing.accounting-entries`);
 * the chart that maps them to numbers is invoicing's (`AccountingSettings`).
 */

/** What an entry line may name instead of an account number. */
export const ACCOUNT_ROLES = [
  'customer', 'supplier',
  'salesGoods', 'salesServices',
  'purchasesGoods', 'purchasesSupplies', 'purchasesServices',
  'vatCollected', 'vatDeductible',
  'bank', 'cash', 'customerAdvances', 'supplierAdvances',
] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** What an entry may name instead of a journal code. */
export const JOURNAL_ROLES = ['sales', 'purchases', 'bank', 'cash', 'miscellaneous'] as const;
export type JournalRole = (typeof JOURNAL_ROLES)[number];
