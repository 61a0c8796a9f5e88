/**
 * @comptoir/sdk/commerce — the commercial-document engine: pure functions over plain data, shared
 * by the server and the browser (decimal.js only, no node: imports). Rules: ./README.md.
 */
export { isBlank, money, round2, toDecimal, toNumber, type Num } from './money.ts';
export { exclFromIncl, inclFromExcl } from './prices.ts';
export {
  DEFAULT_LINE_TYPE, DEFAULT_QUANTITY, DEFAULT_VAT, normalizeLine, parseLine,
  type Line, type LineInput, type NormalizeOptions, type ParsedLine,
} from './lines.ts';
export {
  computeVatDetails, DEFAULT_VAT_CALCULATION_METHOD, groupReason, lineTotalExcl, lineTotalIncl, VAT_CALCULATION_METHODS,
  type VatCalculationMethod, type VatDetail,
} from './vat-details.ts';
export { computeDocument, type DocumentInput, type DocumentTotals } from './document.ts';
export {
  automaticVatCategory, CATEGORIES_WITH_REASON, defaultReason, EU_MEMBER_STATES, exemptionText, isOtherMemberStateVatNumber,
  isVatCategory, isVatexCode, isZeroRated, legacyVatCategory, lineVatCategory, needsReason, normalizedReason, normalizedVatNumber,
  sameVatChoice, VAT_CATEGORIES, VAT_CATEGORY_LABELS, VAT_EXEMPTION_CHOICES, VATEX_CODES, vatTerritory, ZERO_RATED_CATEGORIES,
  type VatCategory, type VatCategoryChoice, type VatCategoryInput, type VatExemptionChoice, type VatexCode, type VatLineFacts,
  type VatReason, type VatSaleContext, type VatTerritory,
} from './vat-category.ts';
export {
  vatCategoryEmissionProblems, vatCategoryInputProblems, type CategorizedLine, type EmissionFacts, type VatCategoryProblem,
} from './vat-category-checks.ts';
export {
  autoSetCreditStatus, autoSetStatusAndRemainingAmountsFromPayments, CREDIT_STATUS_ON_NON_CREDIT,
  externalPurchaseAmounts, INVOICE_STATUSES, NORMAL_STATUS_ON_CREDIT, settleInvoice, settlePurchase,
  type InvoiceStatus, type PaymentLike, type Settlement,
} from './settlement.ts';
export { recoverableVat } from './vat-recovery.ts';
export { CLEARED_FIELDS, CLEARED_FK, prepareInvoiceFromExisting } from './prepare.ts';
export { CORRECTIVE_INVOICE_TITLE, correctiveInvoiceHeader, DEFAULT_CORRECTIVE_MESSAGE } from './corrective.ts';
export { INVOICE_MONTH, INVOICE_YEAR, replaceInvoiceMentions } from './mentions.ts';
export { FRENCH_MONTHS, frenchDate, isoDay, parisDay, parisEndOf, parisStartOf, shiftDay, type CalendarDay } from './paris-date.ts';
export { singleFlaggedAddress, type AddressLike } from './addresses.ts';
export {
  receiverFromCompany, receiverFromCustomer, type CustomerLike, type Receiver, type ReceiverCompanyLike,
} from './receiver.ts';
export { senderFromCompany, type Sender, type SenderCompanyLike } from './sender.ts';
export {
  INVOICING_FIELD_LABELS, RECEIVER_FIELD_LABELS, missingInvoicingFields, missingReceiverFields,
  type EligibilityCompanyLike, type EligibilityReceiverLike,
} from './eligibility.ts';
export {
  DEFAULT_PAYMENT_MODE, PAYMENT_MODE_LABELS, PAYMENT_MODES, USER_PAYMENT_MODES, PAYMENT_SOURCES,
  PAYMENT_DIRECTIONS, PAYMENT_DIRECTION_LABELS, paymentDirection,
  type PaymentMode, type PaymentSource, type PaymentDirection,
} from './payment-modes.ts';
export {
  paymentRefusal, documentSign, cashRefundRefusal, overpaidBy, totalChangeRefusal,
  type PaymentRefusal, type CashRefundRefusal, type CashPaymentLike, type TotalChangeRefusal,
} from './payment-rules.ts';
