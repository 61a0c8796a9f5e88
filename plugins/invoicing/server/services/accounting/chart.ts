/**
 * The chart of accounts of the FEC export: a default French chart (PCG) for a small trading or
 * service company, completed per company by `accounting-settings` (the « Plan comptable » screen).
 * Entries name roles; `resolveAccount` and `resolveJournal` give the numbers and codes.
 */
import { badRequest, type CallContext, type JournalEntryLine } from '@comptoir/sdk';
import {
  ACCOUNT_NUMBER_PATTERN, JOURNAL_CODE_PATTERN, type AccountingSettings, type AccountingSettingsInput,
  type Chart, type ChartAccount, type ChartJournal,
} from '../../../schemas/index.ts';
import { ACCOUNT_ROLES, JOURNAL_ROLES } from '@comptoir/schemas';
import { AccountingSettingsEntity } from '../../entities.ts';

/** VAT rates of France (metropolitan): each has its own sub-account of 44571 and 44566. */
const VAT_RATES: [number, string][] = [[20, '20'], [10, '10'], [5.5, '05'], [2.1, '02']];
const rateLabel = (rate: number) => `${String(rate).replace('.', ',')} %`;

export const DEFAULT_ACCOUNTS: ChartAccount[] = [
  { role: 'customer', number: '411000', label: 'Clients' },
  { role: 'supplier', number: '401000', label: 'Fournisseurs' },
  { role: 'salesGoods', number: '707000', label: 'Ventes de marchandises' },
  { role: 'salesServices', number: '706000', label: 'Prestations de services' },
  { role: 'purchasesGoods', number: '607000', label: 'Achats de marchandises' },
  { role: 'purchasesSupplies', number: '606000', label: 'Achats non stockés de matières et fournitures' },
  { role: 'purchasesServices', number: '604000', label: 'Achats d’études et prestations de services' },
  { role: 'vatCollected', number: '445710', label: 'TVA collectée' },
  ...VAT_RATES.map(([vatRate, code]): ChartAccount => ({ role: 'vatCollected', vatRate, number: `44571${code}`, label: `TVA collectée ${rateLabel(vatRate)}` })),
  { role: 'vatDeductible', number: '445660', label: 'TVA déductible sur autres biens et services' },
  ...VAT_RATES.map(([vatRate, code]): ChartAccount => ({ role: 'vatDeductible', vatRate, number: `44566${code}`, label: `TVA déductible ${rateLabel(vatRate)}` })),
  { role: 'bank', number: '512000', label: 'Banque' },
  { role: 'cash', number: '530000', label: 'Caisse' },
  { role: 'customerAdvances', number: '419100', label: 'Clients – avances et acomptes reçus' },
  { role: 'supplierAdvances', number: '409100', label: 'Fournisseurs – avances et acomptes versés' },
];

export const DEFAULT_JOURNALS: ChartJournal[] = [
  { role: 'sales', code: 'VE', label: 'Journal des ventes' },
  { role: 'purchases', code: 'AC', label: 'Journal des achats' },
  { role: 'bank', code: 'BQ', label: 'Banque' },
  { role: 'cash', code: 'CA', label: 'Caisse' },
  { role: 'miscellaneous', code: 'OD', label: 'Opérations diverses' },
];

const accountKey = (a: { role: string; vatRate?: number }) => `${a.role}@${a.vatRate ?? ''}`;
const roleOrder = (role: string) => (ACCOUNT_ROLES as readonly string[]).indexOf(role);

/** The default chart with the company's choices over it (by role, and rate for VAT accounts). */
export function effectiveChart(stored: Pick<AccountingSettings, 'accounts' | 'journals'> | null): Chart {
  const accounts = new Map(DEFAULT_ACCOUNTS.map((a) => [accountKey(a), a]));
  for (const a of stored?.accounts ?? []) accounts.set(accountKey(a), a);
  const journals = new Map(DEFAULT_JOURNALS.map((j) => [j.role, j]));
  for (const j of stored?.journals ?? []) journals.set(j.role, j);
  return {
    // by role, the general account of a role before its rates (descending, as the defaults)
    accounts: [...accounts.values()].sort((a, b) => roleOrder(a.role) - roleOrder(b.role)
      || (a.vatRate === undefined ? -1 : 0) - (b.vatRate === undefined ? -1 : 0)
      || (b.vatRate ?? 0) - (a.vatRate ?? 0)),
    journals: [...journals.values()].sort((a, b) => JOURNAL_ROLES.indexOf(a.role) - JOURNAL_ROLES.indexOf(b.role)),
  };
}

/** 400 naming the field: a VAT rate on another role, the same account or journal twice. */
export function checkChartInput(input: AccountingSettingsInput): void {
  const seen = new Set<string>();
  input.accounts.forEach((a, i) => {
    if (a.vatRate !== undefined && a.role !== 'vatCollected' && a.role !== 'vatDeductible') {
      throw badRequest(`Seuls les comptes de TVA sont détaillés par taux : retirez le taux de « ${a.role} ».`, [{ field: `accounts.${i}.vatRate`, message: 'comptes de TVA seulement' }]);
    }
    if (seen.has(accountKey(a))) {
      const what = a.vatRate === undefined ? `« ${a.role} »` : `« ${a.role} » au taux de ${rateLabel(a.vatRate)}`;
      throw badRequest(`Le compte ${what} est donné deux fois.`, [{ field: `accounts.${i}`, message: 'en double' }]);
    }
    seen.add(accountKey(a));
  });
  const roles = new Set<string>();
  const codes = new Set<string>();
  input.journals.forEach((j, i) => {
    if (roles.has(j.role)) throw badRequest(`Le journal « ${j.role} » est donné deux fois.`, [{ field: `journals.${i}.role`, message: 'en double' }]);
    if (codes.has(j.code)) throw badRequest(`Le code journal « ${j.code} » est utilisé deux fois.`, [{ field: `journals.${i}.code`, message: 'en double' }]);
    roles.add(j.role);
    codes.add(j.code);
  });
}

export interface ResolvedAccount { number: string; label: string }

const ACCOUNT_NUMBER = new RegExp(ACCOUNT_NUMBER_PATTERN);
const JOURNAL_CODE = new RegExp(JOURNAL_CODE_PATTERN);

/** The account of an entry line: its role's (at its VAT rate when the chart has one), or the number it gives. Null if unknown. */
export function resolveAccount(chart: Chart, line: Pick<JournalEntryLine, 'account' | 'vatRate' | 'accountLabel'>): ResolvedAccount | null {
  if (/^[0-9]/.test(line.account)) {
    if (!ACCOUNT_NUMBER.test(line.account)) return null;
    const known = chart.accounts.find((a) => a.number === line.account);
    return { number: line.account, label: line.accountLabel || known?.label || `Compte ${line.account}` };
  }
  const ofRole = chart.accounts.filter((a) => a.role === line.account);
  const account = (line.vatRate !== undefined ? ofRole.find((a) => a.vatRate === line.vatRate) : undefined)
    ?? ofRole.find((a) => a.vatRate === undefined);
  return account ? { number: account.number, label: account.label } : null;
}

/** The journal of an entry: its role's, or the code it gives (labelled by the chart when it lists it). */
export function resolveJournal(chart: Chart, journal: string): { code: string; label: string } | null {
  const byRole = chart.journals.find((j) => j.role === journal);
  if (byRole) return { code: byRole.code, label: byRole.label };
  if (!JOURNAL_CODE.test(journal)) return null;
  return { code: journal, label: chart.journals.find((j) => j.code === journal)?.label ?? journal };
}

export function chartService(ctx: CallContext) {
  const repo = () => ctx.repo(AccountingSettingsEntity);
  return {
    async get(): Promise<Chart> {
      return effectiveChart(await repo().findOne({}) as AccountingSettings | null);
    },
    /** Stores the chart as given (what it does not list keeps its default); answers the effective chart. */
    async save(input: AccountingSettingsInput): Promise<Chart> {
      checkChartInput(input);
      const stored = await repo().findOne({});
      const saved = stored
        ? await repo().update(stored._id, { accounts: input.accounts, journals: input.journals })
        : await repo().create({ accounts: input.accounts, journals: input.journals });
      return effectiveChart(saved as AccountingSettings);
    },
  };
}
export type ChartService = ReturnType<typeof chartService>;
