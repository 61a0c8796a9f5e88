/** What the screens know of the API of « Banque » (mounted under /api/banking). */

export const ACCOUNTS = '/banking/accounts';
export const OPERATIONS = '/banking/operations';
export const CATEGORIES = '/banking/categories';
export const RULES = '/banking/rules';
export const APPLY = '/banking/rules/apply';
export const IMPORTS = '/banking/imports';
export const MONTHS = '/banking/months';
export const SUGGESTIONS = '/banking/suggestions';
export const READ = 'banking.operations.read';
export const MANAGE = 'banking.operations.manage';
export const ACCOUNTS_MANAGE = 'banking.accounts.manage';

/** Types only: the remote bundles no schema. */
export type {
  ApplyRulesAnswer, BankImport, MonthInfo, MonthLine, Suggestion, Operation, OperationAccount, OperationCategory, OperationRule, RuleActions, RuleDetection, TransactionMode,
} from '../../schemas/index.ts';

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}

export const TRANSACTION_MODE_LABELS: Record<string, string> = {
  unknown: 'Inconnu', cb: 'Carte bancaire', transfer: 'Virement', debit: 'Prélèvement', check: 'Chèque', cash: 'Espèces',
  withdrawal: 'Retrait', deposit: 'Remise', fees: 'Frais bancaires', interest: 'Intérêts', loan: 'Prêt',
};
