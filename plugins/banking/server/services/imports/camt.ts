/**
 * CAMT.053 bank-to-customer statements (README « CAMT »), versions 001.02 and 001.08 (and the
 * versions between, same paths): read with fast-xml-parser, namespaces dropped. Per statement:
 * the account (IBAN or other id), the closing booked balance (CLBD), the entries (Ntry) with their
 * amount and credit/debit sign, booking and value dates, the bank's reference and a label from the
 * remittance information, the counterparty and the additional entry information.
 */
import { XMLParser } from 'fast-xml-parser';
import { badRequest } from '@comptoir/sdk';
import type { TransactionMode } from '../../../schemas/index.ts';
import { readAmount } from './amounts.ts';
import { compactOrIsoDay } from '../common/dates.ts';
import type { ParsedFile, ParsedStatement } from './statement.ts';

export const NOT_CAMT = 'Fichier CAMT illisible : ce n’est pas un relevé camt.053 valide.';

const parser = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false, trimValues: true,
  isArray: (name) => ['Stmt', 'Ntry', 'Bal', 'TxDtls', 'Ustrd', 'AddtlNtryInf'].includes(name),
});

type Node = Record<string, unknown>;
const get = (n: unknown, ...path: string[]): unknown => path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Node)[k] : undefined), n);
const text = (v: unknown): string => {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && '#text' in v) return text((v as Node)['#text']);
  return '';
};
const list = (v: unknown): Node[] => (Array.isArray(v) ? v as Node[] : v ? [v as Node] : []);
const dateOf = (n: unknown) => compactOrIsoDay(text(get(n, 'Dt')) || text(get(n, 'DtTm')));

/** ISO bank transaction family codes → transaction mode */
function modeOf(entry: Node): TransactionMode {
  const family = text(get(entry, 'BkTxCd', 'Domn', 'Fmly', 'Cd'));
  const sub = text(get(entry, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd'));
  if (family === 'CCRD' || family === 'MCRD' || sub === 'POSD') return 'cb';
  if (family === 'RCDT' || family === 'ICDT') return 'transfer';
  if (family === 'RDDT' || family === 'IDDT') return 'debit';
  if (family === 'RCHQ' || family === 'ICHQ') return 'check';
  if (sub === 'CWDL') return 'withdrawal';
  if (family === 'CHRG' || sub === 'CHRG') return 'fees';
  if (sub === 'INTR') return 'interest';
  return 'unknown';
}

function labelOf(entry: Node, credit: boolean): string {
  const tx = list(get(entry, 'NtryDtls', 'TxDtls'))[0];
  const ustrd = list(get(tx, 'RmtInf', 'Ustrd')).map(text).filter(Boolean).join(' ');
  const ref = text(get(tx, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref'));
  // the other party: the debtor of money received, the creditor of money paid (v2: Nm, v8: Pty.Nm)
  const party = credit ? get(tx, 'RltdPties', 'Dbtr') : get(tx, 'RltdPties', 'Cdtr');
  const name = text(get(party, 'Nm')) || text(get(party, 'Pty', 'Nm'));
  const additional = list(get(entry, 'AddtlNtryInf')).map(text).filter(Boolean).join(' ');
  return [name, ustrd || ref, additional].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
}

export function readCamt(source: string): ParsedFile {
  let root: Node;
  try {
    root = parser.parse(source, true) as Node;
  } catch (e) {
    throw badRequest(NOT_CAMT, [{ field: 'file', message: (e as Error).message.slice(0, 200) }]);
  }
  const stmts = list(get(root, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (!get(root, 'Document', 'BkToCstmrStmt')) throw badRequest(NOT_CAMT, [{ field: 'file', message: 'élément BkToCstmrStmt absent' }]);
  if (stmts.length === 0) throw badRequest('Ce fichier CAMT ne contient aucun relevé (Stmt).', [{ field: 'file', message: 'aucun relevé' }]);
  return { format: 'camt', statements: stmts.map(statementOf) };
}

function statementOf(stmt: Node): ParsedStatement {
  const acct = get(stmt, 'Acct');
  const number = text(get(acct, 'Id', 'IBAN')) || text(get(acct, 'Id', 'Othr', 'Id'));
  const statement: ParsedStatement = {
    account: {
      number: number || undefined, currency: text(get(acct, 'Ccy')) || undefined,
      bank: text(get(acct, 'Svcr', 'FinInstnId', 'Nm')) || text(get(acct, 'Svcr', 'FinInstnId', 'BIC')) || undefined,
      name: text(get(acct, 'Nm')) || undefined, type: 'bank',
    },
    operations: [], rejected: [],
  };
  const closing = list(get(stmt, 'Bal')).find((b) => text(get(b, 'Tp', 'CdOrPrtry', 'Cd')) === 'CLBD');
  if (closing) {
    const amount = readAmount(text(get(closing, 'Amt')), '.');
    const date = dateOf(get(closing, 'Dt'));
    if (amount !== null && date) statement.balance = { amount: text(get(closing, 'CdtDbtInd')) === 'DBIT' ? negate(amount) : amount, date };
  }
  list(get(stmt, 'Ntry')).forEach((entry, index) => {
    const credit = text(get(entry, 'CdtDbtInd')) === 'CRDT';
    const label = labelOf(entry, credit) || 'Opération';
    const amount = readAmount(text(get(entry, 'Amt')), '.');
    const date = dateOf(get(entry, 'BookgDt')) ?? dateOf(get(entry, 'ValDt'));
    const indicator = text(get(entry, 'CdtDbtInd'));
    if (!date) { statement.rejected.push({ index, label, reason: 'Date de comptabilisation illisible ou absente (BookgDt).' }); return; }
    if (amount === null) { statement.rejected.push({ index, label, reason: 'Montant illisible ou absent (Amt).' }); return; }
    if (indicator !== 'CRDT' && indicator !== 'DBIT') { statement.rejected.push({ index, label, reason: 'Sens inconnu (CdtDbtInd doit valoir CRDT ou DBIT).' }); return; }
    // a reversal (RvslInd) is booked with the opposite sign of its indicator
    const reversal = text(get(entry, 'RvslInd')) === 'true';
    const positive = credit !== reversal;
    statement.operations.push({
      dateOperation: date, dateValue: dateOf(get(entry, 'ValDt')),
      label: label.slice(0, 255), originalLabel: label.slice(0, 255),
      amount: positive ? amount : negate(amount),
      transactionMode: modeOf(entry),
      bankId: text(get(entry, 'AcctSvcrRef')) || text(get(entry, 'NtryRef')) || null,
    });
  });
  return statement;
}

const negate = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : amount === '0.00' ? amount : `-${amount}`);
