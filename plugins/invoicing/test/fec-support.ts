/** Reading FEC files back in the tests: the raw bytes, the ISO 8859-15 text, the records. */
import path from 'node:path';
import { Decimal } from 'decimal.js';
import type { TestHttp } from '@comptoir/sdk/testing';
import { FEC_COLUMNS, decodeFec, type FecRecord } from '../server/services/accounting/fec-format.ts';
import { API } from './support.ts';

/** The first line of FORMAT.md's 18 fields, written here by hand: the code's list is what is tested. */
export const HEADER = 'JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|Montantdevise|Idevise';
/** The plugin contributing entries through `journalEntries` (test/fixtures/ledger-probe). */
export const LEDGER_PROBE = path.join(import.meta.dirname, 'fixtures', 'ledger-probe');

export interface FecAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** decoded as ISO 8859-15 */
  text: string;
  /** the JSON error, when the answer is one */
  error: { status: number; code: string; message: string; details: { field: string; message: string }[] } | null;
}

/** `GET /fec` with the raw bytes (TestHttp would decode them as UTF-8). */
export async function fetchFec(http: TestHttp, fiscalYear?: string): Promise<FecAnswer> {
  const url = new URL(`${API}/fec`, http.baseUrl);
  if (fiscalYear !== undefined) url.searchParams.set('fiscalYear', fiscalYear);
  const res = await fetch(url, { headers: { Authorization: `Bearer ${http.token}`, 'AT-Company': http.company! } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, headers: res.headers, bytes, text: json ? '' : decodeFec(bytes), error: json ? JSON.parse(bytes.toString('utf8')) : null };
}

/** The header line and the records, split as a reader of the format would (CR LF, then `|`). */
export function parseFec(text: string): { header: string; records: FecRecord[] } {
  const lines = text.split('\r\n');
  if (lines.at(-1) !== '') throw new Error('the file must end with CR LF');
  const [header, ...rows] = lines.slice(0, -1);
  const records = rows.map((row) => {
    const fields = row.split('|');
    if (fields.length !== FEC_COLUMNS.length) throw new Error(`${fields.length} fields in « ${row} »`);
    return Object.fromEntries(FEC_COLUMNS.map((c, i) => [c, fields[i]])) as FecRecord;
  });
  return { header, records };
}

export const amountOf = (text: string) => new Decimal(text.replace(',', '.'));

/** Σ debit and Σ credit per EcritureNum. */
export function entryTotals(records: FecRecord[]): Map<string, { debit: Decimal; credit: Decimal }> {
  const out = new Map<string, { debit: Decimal; credit: Decimal }>();
  for (const r of records) {
    const t = out.get(r.EcritureNum) ?? { debit: new Decimal(0), credit: new Decimal(0) };
    out.set(r.EcritureNum, { debit: t.debit.plus(amountOf(r.Debit)), credit: t.credit.plus(amountOf(r.Credit)) });
  }
  return out;
}

/** The records of one piece, as `account debit credit` strings (aux appended when set). */
export const pieceLines = (records: FecRecord[], pieceRef: string) => records.filter((r) => r.PieceRef === pieceRef)
  .map((r) => `${r.JournalCode} ${r.CompteNum}${r.CompAuxNum ? `/${r.CompAuxNum}` : ''} ${r.Debit} ${r.Credit}`);
