/**
 * The identifier checks of @comptoir/schemas (schemas README « Identifiers ») for the forms of the
 * shell and of the plugin remotes: remotes take them from this shared kit rather than bundling the
 * schemas (and jsvat, ibantools) a second time.
 */
export {
  LEGAL_PAYMENT_TERMS_DAYS, PAYMENT_TERMS_MAX_DAYS, changedIdentifierProblems, normalizeIdentifier, typedIdentifierProblem,
  type IdentifierKind,
} from '@comptoir/schemas';
