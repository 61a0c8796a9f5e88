/**
 * What every reader of a bank file answers (README « Import »): statements, each for one account,
 * with its operations read as plain data and the lines refused with their reason. The import
 * service decides the rest (account, dedupe, rules, writes).
 */
import type { ImportFormat, TransactionMode } from '../../../schemas/index.ts';

export interface ParsedOperation {
  /** stored instant of the booking day */
  dateOperation: string;
  dateValue?: string | null;
  label: string;
  originalLabel: string;
  /** exact decimal text, signed */
  amount: string;
  transactionMode: TransactionMode;
  /** the bank's own id of the operation (FITID, AcctSvcrRef, aggregator id), when it gives one */
  bankId?: string | null;
  location?: string | null;
}

export interface ParsedStatement {
  account: { number?: string; bank?: string; name?: string; currency?: string; type?: string };
  /** the balance the bank states, at the end of `date` */
  balance?: { amount: string; date: string } | null;
  operations: ParsedOperation[];
  rejected: { index: number; label?: string; reason: string }[];
}

export interface ParsedFile {
  format: ImportFormat;
  statements: ParsedStatement[];
}
