/**
 * The FEC as a flat file (article A. 47 A-1 LPF; invoicing README « FEC » lists the fields): the 18
 * mandatory fields in their order, named on the first line, separated by `|`, records ended by
 * CR LF, amounts with a decimal comma and no thousands separator, dates as AAAAMMJJ, encoded in
 * ISO 8859-15 (the charset the text names; iconv-lite, since Node encodes only UTF-8 and Latin-1).
 */
import iconv from 'iconv-lite';
import { Decimal } from 'decimal.js';

export const FEC_COLUMNS = [
  'JournalCode', 'JournalLib', 'EcritureNum', 'EcritureDate', 'CompteNum', 'CompteLib', 'CompAuxNum', 'CompAuxLib',
  'PieceRef', 'PieceDate', 'EcritureLib', 'Debit', 'Credit', 'EcritureLet', 'DateLet', 'ValidDate', 'Montantdevise', 'Idevise',
] as const;
export type FecColumn = (typeof FEC_COLUMNS)[number];
export type FecRecord = Record<FecColumn, string>;

export const FEC_SEPARATOR = '|';
export const FEC_LINE_END = '\r\n';
export const FEC_CHARSET = 'ISO-8859-15';

/** `1437.12` → `1437,12`; always 2 decimals, sign first, no thousands separator. */
export const fecAmount = (value: Decimal.Value): string => new Decimal(value).toFixed(2).replace('.', ',');

/** `YYYY-MM-DD` → `YYYYMMDD`. */
export const fecDate = (day: string): string => day.replace(/-/g, '');

// Typography ISO 8859-15 lacks, written the way a typist would; what is left becomes « ? » (iconv)
const PLAIN: [RegExp, string][] = [
  [/[‘’‚′]/g, '\''], [/[“”„″]/g, '"'], [/[‐‑‒–—―]/g, '-'], [/…/g, '...'],
  [/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' '], [/[\u200b-\u200d\u2060\ufeff]/g, ''],
];

/** Printable ASCII words separated by single spaces, no `|`: already a field (amounts, dates, codes). */
const PLAIN_FIELD = /^(?:[!-{}~]+(?: [!-{}~]+)*)?$/;

/** A value as one field: no separator, tab or line break inside (they would split the record). */
export function fecField(value: string): string {
  if (PLAIN_FIELD.test(value)) return value;
  let out = value.normalize('NFC');
  for (const [re, to] of PLAIN) out = out.replace(re, to);
  return out.replace(/[|\t\r\n]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}

/** The whole file as text: the header line, then one record per entry line. */
export function fecFileText(records: FecRecord[]): string {
  const rows = [FEC_COLUMNS.join(FEC_SEPARATOR), ...records.map((r) => FEC_COLUMNS.map((c) => fecField(r[c])).join(FEC_SEPARATOR))];
  return rows.join(FEC_LINE_END) + FEC_LINE_END;
}

export const encodeFec = (text: string): Buffer => iconv.encode(text, 'iso-8859-15');
export const decodeFec = (bytes: Buffer): string => iconv.decode(bytes, 'iso-8859-15');
