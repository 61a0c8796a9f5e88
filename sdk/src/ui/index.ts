/**
 * `@comptoir/sdk/ui`: the screen building blocks every plugin and the shell share (page header,
 * searchable and sortable lists with pagination, forms that put API errors on their inputs,
 * confirmation dialogs, toasts, the parts of a commercial document: lines, VAT details, totals,
 * parties), so that all screens look and behave alike. A shared singleton.
 */
export { errorMessage } from './errorMessage.ts';
export { fieldErrorsOf, fieldErrorMap, applyApiError, pathsOf } from './apiErrors.ts';
export type { FieldError } from './fieldLabels.ts';
export * from './formFields.ts';
export { notifySaved, notifyFailed } from './notify.ts';
export * from './identifiers.ts';
export { useListState } from './useListState.ts';
export type { ListState } from './useListState.ts';
export { useSubmit } from './useSubmit.ts';
export type { Submit } from './useSubmit.ts';
export { ConfirmDialog } from './ConfirmDialog.tsx';
export type { ConfirmDialogProps } from './ConfirmDialog.tsx';
export { FormActions } from './FormActions.tsx';
export { ListFooter } from './ListFooter.tsx';
export { PageHeader } from './PageHeader.tsx';
export { QueryFailed } from './QueryFailed.tsx';
export { RecordLinks, recordLinksPath } from './RecordLinks.tsx';
export type { RecordLinksProps } from './RecordLinks.tsx';
export { SearchBar } from './SearchBar.tsx';
export { Section } from './Section.tsx';
export { SortableTh } from './SortableTh.tsx';
export { USER_PROPS_PATH, appliesToCompany, byContainer, formatUserPropValue, placed, useUserProps, userPropValues } from './UserPropsData.ts';
export type { UserPropRecord, UserPropValues, UserPropsPlace } from './UserPropsData.ts';
export { UserPropInput, UserPropsFields } from './UserPropsFields.tsx';
export type { UserPropInputProps, UserPropsFieldsProps, UserPropsForm } from './UserPropsFields.tsx';
export { UserPropValue, UserPropsCard, UserPropsFilters, useUserPropsColumns } from './UserPropsView.tsx';
export type { UserPropsColumns } from './UserPropsView.tsx';
export { VatDetailsTable, vatWordings } from './commerce/VatDetailsTable.tsx';
export type { VatDetailRow } from './commerce/VatDetailsTable.tsx';
export { DocumentTotals } from './commerce/DocumentTotals.tsx';
export type { DocumentTotalsValue } from './commerce/DocumentTotals.tsx';
export { DocumentLinesTable } from './commerce/DocumentLinesTable.tsx';
export type { DocumentLine } from './commerce/DocumentLinesTable.tsx';
export { PartyCard, partyName } from './commerce/PartyCard.tsx';
export type { Party, PartyAddress } from './commerce/PartyCard.tsx';
export { PaymentsTable, paymentModeLabel } from './commerce/PaymentsTable.tsx';
export type { PaymentRow } from './commerce/PaymentsTable.tsx';
export { PaymentDialog } from './commerce/PaymentDialog.tsx';
export type { PaymentDialogProps, PaymentDialogTexts } from './commerce/PaymentDialog.tsx';
export { PAYMENT_MODE_OPTIONS, RECORDABLE_PAYMENT_MODE_OPTIONS, paymentRequestBody } from './commerce/payments.ts';
export type { PaymentModeOption, PaymentRequest } from './commerce/payments.ts';
export { PaymentsFilters, PaymentsListTable, PaymentsTotals, usePaymentDirectionSums, usePaymentsQuery } from './commerce/PaymentsList.tsx';
export type { PaymentsFiltersProps, PaymentsListRow, PaymentsListTableProps } from './commerce/PaymentsList.tsx';
export {
  DIRECTION_FROM_URL, PAYMENT_DIRECTION_COLORS, cashAmount, paymentDirectionOptions, paymentsFiltersOfQuery, paymentsParamsOfQuery,
  paymentsQueryFromParams, paymentsSortOfQuery, shownDirections,
} from './commerce/paymentsList.ts';
export type { PaymentsQuery } from './commerce/paymentsList.ts';
export { LinesEditor } from './commerce/LinesEditor.tsx';
export type { LinesEditorProps, LinesVatCategories } from './commerce/LinesEditor.tsx';
export {
  VAT_OPTIONS, VAT_RATES, emptyLine, lineFromCatalogue, lineFromStored, lineTotalExcl, toLineInput, vatCategoryInput, vatOptions, vatValue,
  withExcl, withExemptionReason, withIncl, withVat, withVatCategory,
} from './commerce/lineDraft.ts';
export { computedVatCategories, vatCategoryLabel, type ComputedVatCategory } from './commerce/vatCategoryOptions.ts';
export type { CatalogueLineSource, Field as LineField, LineDraft, StoredLine } from './commerce/lineDraft.ts';
export { useLiveTotals } from './commerce/useLiveTotals.ts';
export type { LiveTotalsBody } from './commerce/useLiveTotals.ts';
export { StatusBadges } from './commerce/StatusBadges.tsx';
export type { StatusBadgesProps } from './commerce/StatusBadges.tsx';
export { CREDIT_NOTE_CHIP, statusChips, statusStyles } from './commerce/statusBadges.ts';
export type { StatusChip, StatusStyle } from './commerce/statusBadges.ts';
export { comptoirTheme, comptoirCssVariables } from './theme.ts';
export { contrastRatio, readableOn } from './contrast.ts';
export { installFocusKeeper, focusHeading, focusScreenHeadingAfterNavigation, screenHeading } from './focusKeeper.ts';
export { MoneyInput, padMoney } from './MoneyInput.tsx';
export type { MoneyInputProps } from './MoneyInput.tsx';
export { describeFieldErrors, fieldLabel, friendlyMessage, knownFieldLabel, registerFieldLabels } from './fieldLabels.ts';
export type { FieldLabels } from './fieldLabels.ts';
export { installErrorRevealer, revealErrorsSoon, revealFirstError } from './revealErrors.ts';
export { countOf, noneOf, rangeOf } from './nouns.ts';
export type { Noun } from './nouns.ts';
export { activityKind, activityText, patchPaths } from './activity.ts';
export type { ActivityEntry, ActivityKind } from './activity.ts';
