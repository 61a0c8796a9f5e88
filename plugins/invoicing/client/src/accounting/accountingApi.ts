/** What the accounting screens know of the API (integrity, FEC, chart of accounts) and of the shell. */

export type { Chart, ChartAccount, ChartJournal } from '../../../schemas/index.ts';

/** every chain of the company (the platform's, contributed by each plugin); `/invoicing/integrity` answers invoicing's alone */
export const INTEGRITY = '/kernel/integrity';
export const FEC = '/invoicing/fec';
export const FEC_SUMMARY = '/invoicing/fec/summary';
export const ACCOUNTING_SETTINGS = '/invoicing/accounting-settings';

/** The shell route of the « Comptabilité » menu entry (package.json `comptoir.menu`). */
export const ACCOUNTING_ROUTE = '/comptabilite';

export const ACCOUNTING_PERMISSIONS = {
  read: 'invoicing.accounting.read',
  manage: 'invoicing.accounting.manage',
} as const;

/** `GET /invoicing/integrity` (invoicing README « Intégrité »): invoicing's chains only (kept for scripts). */
export interface IntegrityResult {
  valid: boolean;
  checked: number;
  firstBroken: { kind: string; _id: string; number: string } | null;
}

/** `GET /fec/summary`. */
export interface FecSummary {
  fiscalYear: { year: number; name: string | null; firstDay: string; lastDay: string; closed: boolean };
  fileName: string;
  entries: number;
  lines: number;
  debit: string;
  credit: string;
  journals: { code: string; label: string; entries: number; debit: string; credit: string }[];
}

