/**
 * Reading FEC files back in tests, on its own: the 18 columns of the format (article A47 A-1 of
 * the LPF, in invoicing's README « FEC »), written here by hand so that the exporter's own list is
 * what the tests check, and the ISO 8859-15 text decoded by the platform's TextDecoder. Shared by
 * the plugins whose entries go into the export (invoicing, purchases, …), so that none of them
 * imports another's test files (docs/architecture.md « Layers »).
 */
import { Decimal } from 'decimal.js';
import type { TestHttp } from '@comptoir/sdk/testing';

export const FEC_COLUMNS = [
  'JournalCode', 'JournalLib', 'EcritureNum', 'EcritureDate', 'CompteNum', 'CompteLib', 'CompAuxNum', 'CompAuxLib',
  'PieceRef', 'PieceDate', 'EcritureLib', 'Debit', 'Credit', 'EcritureLet', 'DateLet', 'ValidDate', 'Montantdevise', 'Idevise',
] as const;
export type FecRecord = Record<(typeof FEC_COLUMNS)[number], string>;

/** The first line of the file. */
export const HEADER = FEC_COLUMNS.join('|');

export interface FecAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** decoded as ISO 8859-15 */
  text: string;
  /** the JSON error, when the answer is one */
  error: { status: number; code: string; message: string; details: { field: string; message: string }[] } | null;
}

/** `GET /api/invoicing/fec` with the raw bytes (TestHttp would decode them as UTF-8). */
export async function fetchFec(http: TestHttp, fiscalYear?: string): Promise<FecAnswer> {
  const url = new URL('/api/invoicing/fec', http.baseUrl);
  if (fiscalYear !== undefined) url.searchParams.set('fiscalYear', fiscalYear);
  const res = await fetch(url, { headers: { Authorization: `Bearer ${http.token}`, 'AT-Company': http.company! } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json');
  const text = json ? '' : new TextDecoder('iso-8859-15').decode(bytes);
  return { status: res.status, headers: res.headers, bytes, text, error: json ? JSON.parse(bytes.toString('utf8')) : null };
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

/** The records of one piece, as `journal account[/aux] debit credit` strings. */
export const pieceLines = (records: FecRecord[], pieceRef: string) => records.filter((r) => r.PieceRef === pieceRef)
  .map((r) => `${r.JournalCode} ${r.CompteNum}${r.CompAuxNum ? `/${r.CompAuxNum}` : ''} ${r.Debit} ${r.Credit}`);
