/**
 * OFX statements (README « OFX »): 1.x is SGML (a header of `KEY:VALUE` lines, leaf elements left
 * unclosed), 2.x is XML (some banks still leave leaves unclosed). Both are brought to well-formed
 * XML by closing each leaf element where its value ends (the usual conversion of OFX readers), then
 * read with fast-xml-parser. Bank (STMTRS) and credit-card (CCSTMTRS) statements, several per file.
 */
import { XMLParser } from 'fast-xml-parser';
import { badRequest } from '@comptoir/sdk';
import type { TransactionMode } from '../../../schemas/index.ts';
import { readAmount } from './amounts.ts';
import { compactOrIsoDay } from '../common/dates.ts';
import type { ParsedFile, ParsedOperation, ParsedStatement } from './statement.ts';

export const NOT_OFX = 'Fichier OFX illisible : ce n’est pas un relevé OFX valide.';

/** OFX TRNTYPE → transaction mode */
const MODES: Record<string, TransactionMode> = {
  CHECK: 'check', POS: 'cb', ATM: 'withdrawal', XFER: 'transfer', DIRECTDEBIT: 'debit', DIRECTDEP: 'deposit',
  DEP: 'deposit', FEE: 'fees', SRVCHG: 'fees', INT: 'interest', DIV: 'interest', CASH: 'cash', REPEATPMT: 'debit',
};

/** the body from `<OFX>` on, every leaf closed */
export function ofxToXml(text: string): string {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw badRequest(NOT_OFX, [{ field: 'file', message: 'balise <OFX> absente' }]);
  const body = text.slice(start);
  // a tag followed by a value and then by anything but its own closing tag: close it there
  return body.replace(/<([A-Za-z0-9._]+)>([^<]*)/g, (whole, tag: string, value: string, offset: number, all: string) => {
    const trimmed = value.trim();
    if (!trimmed) return whole;
    const after = all.slice(offset + whole.length, offset + whole.length + tag.length + 3);
    if (after.toUpperCase() === `</${tag.toUpperCase()}>`) return `<${tag}>${escapeXml(trimmed)}`;
    return `<${tag}>${escapeXml(trimmed)}</${tag}>`;
  });
}

// SGML values may hold a bare `&` (« M&S ») that XML would refuse; entities already written stay
const escapeXml = (s: string) => s.replace(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;');

const parser = new XMLParser({
  ignoreAttributes: true, parseTagValue: false, trimValues: true,
  isArray: (name) => ['STMTTRNRS', 'CCSTMTTRNRS', 'STMTTRN'].includes(name.toUpperCase()),
  processEntities: true,
});

type Node = Record<string, unknown>;
const get = (n: unknown, key: string): unknown => (n && typeof n === 'object' ? (n as Node)[key] : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export function readOfx(text: string): ParsedFile {
  let root: Node;
  try {
    root = parser.parse(ofxToXml(text), true) as Node;
  } catch (e) {
    throw badRequest(NOT_OFX, [{ field: 'file', message: (e as Error).message.slice(0, 200) }]);
  }
  const ofx = get(root, 'OFX');
  if (!ofx) throw badRequest(NOT_OFX, [{ field: 'file', message: 'élément OFX absent' }]);
  const statements: ParsedStatement[] = [];
  const bank = get(ofx, 'BANKMSGSRSV1');
  for (const trn of (get(bank, 'STMTTRNRS') as Node[] | undefined) ?? []) {
    const rs = get(trn, 'STMTRS');
    if (rs) statements.push(statementOf(rs as Node, get(rs, 'BANKACCTFROM') as Node | undefined, 'bank'));
  }
  const cards = get(ofx, 'CREDITCARDMSGSRSV1');
  for (const trn of (get(cards, 'CCSTMTTRNRS') as Node[] | undefined) ?? []) {
    const rs = get(trn, 'CCSTMTRS');
    if (rs) statements.push(statementOf(rs as Node, get(rs, 'CCACCTFROM') as Node | undefined, 'card'));
  }
  if (statements.length === 0) throw badRequest('Ce fichier OFX ne contient aucun relevé de compte (STMTRS ou CCSTMTRS).', [{ field: 'file', message: 'aucun relevé' }]);
  return { format: 'ofx', statements };
}

function statementOf(rs: Node, from: Node | undefined, type: string): ParsedStatement {
  const number = str(get(from, 'ACCTID'));
  const bankId = str(get(from, 'BANKID'));
  const statement: ParsedStatement = {
    account: { number: number || undefined, bank: bankId || undefined, currency: str(get(rs, 'CURDEF')) || undefined, type },
    operations: [], rejected: [],
  };
  const ledger = get(rs, 'LEDGERBAL');
  const balAmount = readAmount(str(get(ledger, 'BALAMT')), '.');
  const balDate = compactOrIsoDay(str(get(ledger, 'DTASOF')));
  if (balAmount !== null && balDate) statement.balance = { amount: balAmount, date: balDate };
  const list = (get(get(rs, 'BANKTRANLIST'), 'STMTTRN') as Node[] | undefined) ?? [];
  list.forEach((t, index) => {
    const name = str(get(t, 'NAME'));
    const memo = str(get(t, 'MEMO'));
    const label = name || memo || str(get(t, 'TRNTYPE')) || 'Opération';
    // the bank's whole text for the rules: the memo when it already names the payee, else both
    const original = !memo ? label : !name || memo.includes(name) ? memo : `${name} ${memo}`;
    const date = compactOrIsoDay(str(get(t, 'DTPOSTED')) || str(get(t, 'DTUSER')));
    // OFX amounts use a point; some French banks write a comma
    const amount = readAmount(str(get(t, 'TRNAMT')));
    if (!date) { statement.rejected.push({ index, label, reason: 'Date illisible ou absente (DTPOSTED).' }); return; }
    if (amount === null) { statement.rejected.push({ index, label, reason: 'Montant illisible ou absent (TRNAMT).' }); return; }
    const op: ParsedOperation = {
      dateOperation: date,
      dateValue: compactOrIsoDay(str(get(t, 'DTAVAIL')) || str(get(t, 'VALUEDATE'))),
      label: label.slice(0, 255),
      originalLabel: original.slice(0, 255),
      amount,
      transactionMode: MODES[str(get(t, 'TRNTYPE')).toUpperCase()] ?? 'unknown',
      bankId: str(get(t, 'FITID')) || null,
    };
    statement.operations.push(op);
  });
  return statement;
}
