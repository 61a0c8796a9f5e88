/**
 * CSV exports of French banks (README « CSV »), read with csv-parse: `;` or `,` separated (guessed
 * from the header line when not given), decimal comma, `dd/mm/yyyy` dates, a signed amount or a
 * debit and a credit column. The columns come from a mapping (given, or saved on the account), else
 * are recognised from the header by the names the main French banks use.
 */
import { parse } from 'csv-parse/sync';
import { Decimal } from 'decimal.js';
import { badRequest } from '@comptoir/sdk';
import type { CsvMapping } from '../../../schemas/index.ts';
import { readAmount } from './amounts.ts';
import { dayInstant } from '../common/dates.ts';
import type { ParsedFile, ParsedStatement } from './statement.ts';

const NOT_CSV = 'Fichier CSV illisible';

/** header names (lower case, accents removed) of each column in the exports of the main French banks */
const HEADERS: Record<'date' | 'valueDate' | 'label' | 'label2' | 'amount' | 'debit' | 'credit', string[]> = {
  date: ['date', 'date operation', 'date de l\'operation', 'date d\'operation', 'date de comptabilisation', 'dateop', 'date op', 'date comptable'],
  valueDate: ['date valeur', 'date de valeur', 'dateval'],
  label: ['libelle', 'libelle operation', 'libelle de l\'operation', 'label', 'libelle simplifie', 'intitule', 'nature de l\'operation'],
  label2: ['detail de l\'ecriture', 'libelle complementaire', 'informations complementaires', 'detail', 'libelle operation complet'],
  amount: ['montant', 'montant de l\'operation', 'amount', 'montant(euros)', 'montant en euros', 'montant eur'],
  debit: ['debit', 'debit euros', 'debit (eur)', 'debits', 'montant debit'],
  credit: ['credit', 'credit euros', 'credit (eur)', 'credits', 'montant credit'],
};

const normalize = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[’`]/g, '\'').replace(/\s+/g, ' ').trim().toLowerCase();

function guessDelimiter(line: string): CsvMapping['delimiter'] {
  const counts = ([';', '\t', ',', '|'] as const).map((d) => [d, line.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ';';
}

/** Without a mapping: the first of the first lines that reads as a header (a bank's title and account line come before). */
function headerLineIndex(lines: string[]): number {
  for (let i = 0; i < Math.min(lines.length, 10); i++) {
    const line = lines[i];
    if (!line.trim()) continue;
    try {
      const [cells] = parse(line, { delimiter: guessDelimiter(line), relax_quotes: true, trim: true }) as string[][];
      if (cells && mappingFromHeader(cells)) return i;
    } catch {
      // not a CSV line: a title
    }
  }
  return 0;
}

/** The columns recognised from a header line; null when date, label and an amount are not all there. */
export function mappingFromHeader(header: string[]): CsvMapping | null {
  const names = header.map(normalize);
  const find = (key: keyof typeof HEADERS) => {
    const i = names.findIndex((n) => HEADERS[key].includes(n));
    return i >= 0 ? i : undefined;
  };
  const m: Partial<CsvMapping> = { date: find('date'), valueDate: find('valueDate'), label: find('label'), label2: find('label2'), amount: find('amount'), debit: find('debit'), credit: find('credit') };
  if (m.date === undefined || m.label === undefined || (m.amount === undefined && m.debit === undefined && m.credit === undefined)) return null;
  for (const k of Object.keys(m) as (keyof CsvMapping)[]) if (m[k] === undefined) delete m[k];
  return m as CsvMapping;
}

export function readDate(raw: string, format: NonNullable<CsvMapping['dateFormat']>): string | null {
  const s = raw.trim();
  const parts = s.split(/[/.-]/).map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const [a, b, c] = parts.map(Number);
  if (format === 'yyyy-mm-dd') return dayInstant(a, b, c);
  const year = format === 'dd/mm/yy' || parts[2].length === 2 ? 2000 + c : c;
  return dayInstant(year, b, a);
}

export function readCsv(text: string, given: CsvMapping | null | undefined): { file: ParsedFile; mapping: CsvMapping } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const skip = given?.skipLines ?? headerLineIndex(lines);
  const headerLine = lines.slice(skip).find((l) => l.trim() !== '') ?? '';
  const delimiter = given?.delimiter ?? guessDelimiter(headerLine);
  let rows: string[][];
  try {
    rows = parse(lines.slice(skip).join('\n'), { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
  } catch (e) {
    throw badRequest(`${NOT_CSV} : ${(e as Error).message.slice(0, 200)}`, [{ field: 'file', message: 'CSV mal formé' }]);
  }
  if (rows.length < 1) throw badRequest(`${NOT_CSV} : il est vide.`, [{ field: 'file', message: 'vide' }]);
  const header = rows[0];
  const mapping: CsvMapping = given ? { ...given } : mappingFromHeader(header) ?? refuseHeader(header);
  mapping.delimiter = delimiter;
  mapping.skipLines = skip;
  const index = (col: string | number | undefined): number | undefined => {
    if (col === undefined) return undefined;
    if (typeof col === 'number') return col;
    const i = header.findIndex((h) => normalize(h) === normalize(col));
    if (i < 0) throw badRequest(`La colonne « ${col} » de la correspondance n’existe pas dans ce fichier (colonnes : ${header.join(', ')}).`, [{ field: 'csvMapping', message: 'colonne absente' }]);
    return i;
  };
  const cols = {
    date: index(mapping.date)!, valueDate: index(mapping.valueDate), label: index(mapping.label)!, label2: index(mapping.label2),
    amount: index(mapping.amount), debit: index(mapping.debit), credit: index(mapping.credit),
  };
  if (cols.amount === undefined && cols.debit === undefined && cols.credit === undefined) {
    throw badRequest('La correspondance des colonnes doit donner un montant, ou une colonne débit et/ou crédit.', [{ field: 'csvMapping.amount', message: 'requis' }]);
  }
  const dateFormat = mapping.dateFormat ?? 'dd/mm/yyyy';
  const decimal = mapping.decimalSeparator ?? ',';
  const statement: ParsedStatement = { account: {}, operations: [], rejected: [] };
  rows.slice(1).forEach((row, index) => {
    const cell = (c: number | undefined) => (c === undefined ? '' : (row[c] ?? '').trim());
    const label = [cell(cols.label), cell(cols.label2)].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
    const date = readDate(cell(cols.date), dateFormat);
    // a line without date nor amount is a bank's footer (« Solde au … ») or a blank
    if (!date) { statement.rejected.push({ index, label, reason: `Date illisible « ${cell(cols.date)} » (format attendu ${dateFormat}).` }); return; }
    let amount: string | null;
    if (cols.amount !== undefined) amount = readAmount(cell(cols.amount), decimal);
    else {
      const debit = cell(cols.debit) ? readAmount(cell(cols.debit), decimal) : '0';
      const credit = cell(cols.credit) ? readAmount(cell(cols.credit), decimal) : '0';
      // debit columns are written positive or negative depending on the bank: always money out
      amount = debit === null || credit === null || (!cell(cols.debit) && !cell(cols.credit)) ? null
        : new Decimal(abs(credit)).minus(abs(debit)).toFixed(2);
    }
    if (amount === null) { statement.rejected.push({ index, label, reason: 'Montant illisible ou absent.' }); return; }
    if (!label) { statement.rejected.push({ index, reason: 'Libellé absent.' }); return; }
    statement.operations.push({
      dateOperation: date, dateValue: cols.valueDate !== undefined ? readDate(cell(cols.valueDate), dateFormat) : null,
      label: label.slice(0, 255), originalLabel: label.slice(0, 255), amount, transactionMode: modeFromLabel(label), bankId: null,
    });
  });
  return { file: { format: 'csv', statements: [statement] }, mapping };
}

const abs = (s: string) => s.replace(/^[-+]/, '');

function refuseHeader(header: string[]): never {
  throw badRequest(
    `Colonnes non reconnues (${header.slice(0, 12).join(', ')}) : donnez la correspondance des colonnes (date, libellé, montant ou débit/crédit).`,
    [{ field: 'csvMapping', message: 'colonnes non reconnues' }],
  );
}

/** the French banks' label prefixes → transaction mode */
export function modeFromLabel(label: string): ParsedFile['statements'][number]['operations'][number]['transactionMode'] {
  const l = normalize(label);
  if (/^(cb|carte|paiement cb|paiement par carte|achat cb)\b/.test(l)) return 'cb';
  if (/^(vir|virement|vir sepa|virement sepa|vir inst)\b/.test(l)) return 'transfer';
  if (/^(prlv|prelevement|prel)\b/.test(l)) return 'debit';
  if (/^(chq|cheque|remise cheque)\b/.test(l)) return 'check';
  if (/^(retrait|dab|retrait dab)\b/.test(l)) return 'withdrawal';
  if (/^(frais|cotisation|commission)\b/.test(l)) return 'fees';
  if (/^(interets|int\.)\b/.test(l)) return 'interest';
  return 'unknown';
}
