/**
 * Reads a CSV export of contacts (Google Contacts, Outlook; comma, semicolon or tab separated) with
 * csv-parse into the import shape, one result per data row. Columns it does not know are listed
 * once, for the preview.
 */
import { parse } from 'csv-parse/sync';
import { badRequest } from '@comptoir/sdk';
import { assemble, emptyRaw, type RawAddress, type RawContact, type RawEntry } from './assemble.ts';
import {
  ADDRESS_PARTS, BLOCK_RE, EMAIL_COLUMNS, PHONE_COLUMNS, SINGLE_COLUMNS, WEBSITE_COLUMNS,
  blockKind, normalizeHeader, outlookAddressColumn,
} from './csv-columns.ts';
import { labelOf } from './text.ts';
import type { ReadRow } from './rows.ts';

/** The separator of the header line: the most frequent of , ; and tab outside quotes. */
export function detectDelimiter(content: string): string {
  const header = content.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch]++;
  }
  const [best, count] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return count > 0 ? best : ',';
}

/** Google's cells may hold several values: `a@x.fr ::: b@x.fr`. */
const values = (cell: string): string[] => cell.split(' ::: ').map((v) => v.trim()).filter(Boolean);

/** How each column of this file is read; unknown columns are collected. */
function planColumns(headers: string[]) {
  const readers: ((cell: string, raw: RawContact, blocks: Map<string, RawAddress | RawEntry>) => void)[] = [];
  const ignored: string[] = [];
  headers.forEach((original, col) => {
    const h = normalizeHeader(original);
    const single = SINGLE_COLUMNS[h];
    const block = BLOCK_RE.exec(h);
    const outlookAddress = outlookAddressColumn(h);
    let reader: ((cell: string, raw: RawContact, blocks: Map<string, RawAddress | RawEntry>) => void) | null = null;
    if (single) {
      reader = (cell, raw) => { if (!raw[single]) raw[single] = cell; };
    } else if (block) {
      const kind = blockKind(block[1]);
      const key = `${kind}:${block[2]}`;
      const part = block[3];
      if (kind === 'address') {
        const field = part === 'label' || part === 'type' ? 'labels' : ADDRESS_PARTS[part];
        if (field) {
          reader = (cell, _raw, blocks) => {
            const a = (blocks.get(key) ?? { labels: [] }) as RawAddress & { formatted?: string };
            if (field === 'labels') a.labels.push(...values(cell));
            else a[field] = cell;
            blocks.set(key, a);
          };
        }
      } else if (part === 'label' || part === 'type' || part === 'value') {
        reader = (cell, _raw, blocks) => {
          const e = (blocks.get(key) ?? { labels: [], value: '' }) as RawEntry;
          if (part === 'value') e.value = cell;
          else e.labels.push(...values(cell));
          blocks.set(key, e);
        };
      }
    } else if (EMAIL_COLUMNS.has(h)) {
      reader = (cell, raw) => { for (const v of values(cell)) raw.emails.push({ labels: [], value: v }); };
    } else if (PHONE_COLUMNS[h]) {
      reader = (cell, raw) => { for (const v of values(cell)) raw.phones.push({ labels: [PHONE_COLUMNS[h]], value: v }); };
    } else if (outlookAddress) {
      const key = `outlook:${outlookAddress.type}`;
      reader = (cell, _raw, blocks) => {
        const a = (blocks.get(key) ?? { labels: [outlookAddress.type] }) as RawAddress;
        const part = outlookAddress.part;
        a[part] = part === 'street' && a.street ? `${a.street}\n${cell}` : cell;
        blocks.set(key, a);
      };
    } else if (WEBSITE_COLUMNS.has(h)) {
      reader = (cell, raw) => { raw.websites.push({ labels: [], value: cell }); };
    }
    if (reader) {
      const read = reader;
      readers[col] = (cell, raw, blocks) => { if (cell.trim() !== '') read(cell, raw, blocks); };
    } else if (original.trim() !== '') {
      ignored.push(original.trim());
    }
  });
  return { readers, ignored };
}

/** A Google block to the raw contact: « * Work » marks the primary value, several values share the label. */
function addBlock(raw: RawContact, key: string, block: RawAddress | RawEntry) {
  const kind = key.split(':')[0];
  const primary = block.labels.some((l) => labelOf(l).primary);
  if (kind === 'address' || kind === 'outlook') {
    const a = block as RawAddress & { formatted?: string };
    const structured = a.street || a.city || a.postalCode || a.country || a.region || a.pobox || a.extended;
    raw.addresses.push({ ...a, street: structured ? a.street : a.formatted, primary });
    return;
  }
  const e = block as RawEntry;
  const list = kind === 'email' ? raw.emails : kind === 'phone' ? raw.phones : raw.websites;
  for (const v of values(e.value ?? '')) list.push({ labels: e.labels, value: v, primary });
}

interface CsvParseError extends Error { code?: string; lines?: number }

/** csv-parse explains in English: what a person reads is said in French, with the line. */
function csvProblem(e: CsvParseError): string {
  const at = typeof e.lines === 'number' ? ` (ligne ${e.lines})` : '';
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED': return `un guillemet ouvert n’est jamais fermé${at}`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE': return `un guillemet fermant est suivi d’autres caractères${at}`;
    case 'CSV_MAX_RECORD_SIZE': return `une ligne est trop longue${at}`;
    default: return `format non reconnu${at}`;
  }
}

export interface CsvRead { rows: ReadRow[]; ignoredColumns: string[] }

export function readCsv(content: string): CsvRead {
  let records: string[][];
  try {
    records = parse(content, {
      bom: true, delimiter: detectDelimiter(content), relax_column_count: true, skip_empty_lines: true, relax_quotes: true,
    });
  } catch (e) {
    throw badRequest(`Fichier CSV illisible : ${csvProblem(e as CsvParseError)}.`, [{ field: 'content', message: 'CSV illisible' }]);
  }
  const [headers, ...data] = records;
  if (!headers) throw badRequest('Le fichier CSV est vide.', [{ field: 'content', message: 'fichier vide' }]);
  const { readers, ignored } = planColumns(headers);
  if (readers.filter(Boolean).length === 0) {
    throw badRequest('Aucune colonne reconnue dans la première ligne du fichier CSV (attendu : un export Google Contacts ou Outlook avec ses en-têtes).', [
      { field: 'content', message: 'en-têtes non reconnus' },
    ]);
  }
  const rows = data.map((cells, i): ReadRow => {
    if (cells.every((c) => c.trim() === '')) return { row: i + 1, source: null, warnings: [], skipReason: 'Ligne vide.' };
    const raw = emptyRaw();
    const blocks = new Map<string, RawAddress | RawEntry>();
    cells.forEach((cell, col) => readers[col]?.(cell, raw, blocks));
    for (const [key, block] of [...blocks.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) addBlock(raw, key, block);
    return { row: i + 1, ...assemble(raw) };
  });
  return { rows, ignoredColumns: ignored };
}
