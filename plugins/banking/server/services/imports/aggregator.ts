/**
 * The external aggregator's JSON (spec §3, README « Aggregator JSON »): accounts with their
 * transactions, as such services answer them. Checked against the schema (TypeBox), then each
 * transaction read: `date` (booking day), `vdate` (value day), `label`, `raw` (the bank's text, for
 * the rules), `amount`, `type` (the transaction mode), `id` (the dedupe key).
 */
import { Value } from '@sinclair/typebox/value';
import { badRequest } from '@comptoir/sdk';
import { AggregatorFile, type AggregatorAccount, type AggregatorOperation, type TransactionMode } from '../../../schemas/index.ts';
import { readAmount } from './amounts.ts';
import { compactOrIsoDay } from '../common/dates.ts';
import type { ParsedFile, ParsedStatement } from './statement.ts';

const MODES: Record<string, TransactionMode> = {
  card: 'cb', deferred_card: 'cb', summary_card: 'cb', transfer: 'transfer', order: 'debit', check: 'check',
  withdrawal: 'withdrawal', deposit: 'deposit', bank: 'fees', payback: 'transfer', loan_repayment: 'loan', loan_payment: 'loan',
};

const ACCOUNT_TYPES: Record<string, string> = { checking: 'bank', savings: 'savings', card: 'card', loan: 'loan', deposit: 'savings' };

export function readAggregator(text: string): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest('Fichier JSON illisible : ce n’est pas du JSON valide.', [{ field: 'file', message: 'JSON invalide' }]);
  }
  if (!Value.Check(AggregatorFile, data)) {
    const first = [...Value.Errors(AggregatorFile, data)][0];
    throw badRequest(
      'Ce fichier JSON n’a pas la forme attendue d’un agrégateur bancaire ({ accounts: [...] }, { account, transactions } ou { transactions }).',
      [{ field: `file${first?.path ?? ''}`, message: first?.message ?? 'forme inattendue' }],
    );
  }
  const file = data as AggregatorFile;
  const accounts: { account: AggregatorAccount | null; transactions: AggregatorOperation[] }[] =
    'accounts' in file ? file.accounts.map((a) => ({ account: a, transactions: a.transactions ?? [] }))
      : 'account' in file ? [{ account: file.account, transactions: file.transactions }]
        : [{ account: null, transactions: file.transactions }];
  return { format: 'aggregator', statements: accounts.map(({ account, transactions }) => statementOf(account, transactions)) };
}

function statementOf(account: AggregatorAccount | null, transactions: AggregatorOperation[]): ParsedStatement {
  const statement: ParsedStatement = {
    account: account ? {
      number: account.number ?? undefined, bank: account.bank_name ?? undefined,
      name: account.name ?? account.label ?? account.account_label ?? undefined, currency: account.currency,
      type: ACCOUNT_TYPES[account.type ?? ''] ?? 'bank',
    } : {},
    operations: [], rejected: [],
  };
  const balance = account?.balance != null ? readAmount(account.balance, '.') : null;
  const dates: string[] = [];
  transactions.forEach((t, index) => {
    const label = (t.label || t.raw || '').trim();
    const date = compactOrIsoDay(t.date);
    const amount = readAmount(t.amount, '.');
    if (!date) { statement.rejected.push({ index, label, reason: `Date illisible « ${t.date} ».` }); return; }
    if (amount === null) { statement.rejected.push({ index, label, reason: 'Montant illisible.' }); return; }
    dates.push(date);
    statement.operations.push({
      dateOperation: date, dateValue: compactOrIsoDay(t.vdate), label: (label || 'Opération').slice(0, 255),
      originalLabel: (t.raw || label || 'Opération').trim().slice(0, 255), amount,
      transactionMode: MODES[t.type ?? ''] ?? 'unknown', bankId: String(t.id),
    });
  });
  // the aggregator's balance is today's: it holds at the last operation's day at least
  if (balance !== null) statement.balance = { amount: balance, date: dates.sort().at(-1) ?? new Date().toISOString() };
  return statement;
}
