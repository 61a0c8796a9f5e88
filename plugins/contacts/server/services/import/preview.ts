/**
 * An import, computed without writing anything: each row of the file read, mapped to a Contact,
 * checked for duplicates; what will be created and what will be skipped, and why (in French).
 */
import { badRequest } from '@comptoir/sdk';
import type { ContactImport, ContactImportFormat } from '../../../schemas/index.ts';
import { readVcards } from './vcard.ts';
import { readCsv } from './csv.ts';
import { toContact, unidentifiable, type ImportedContact } from './to-contact.ts';
import { duplicateReason, findDuplicates, type Duplicate, type ExistingContact } from './duplicates.ts';

/** Beyond this, the file is cut in several imports (one transaction each). */
export const MAX_IMPORT_ROWS = 5000;

export interface PreviewRow {
  row: number;
  /** what the file says, in the import shape (contacts README « Entities ») */
  source: ContactImport | null;
  /** the contact that would be created */
  contact: ImportedContact | null;
  duplicates: Duplicate[];
  /** French sentence when `duplicates` is not empty */
  duplicateReason: string | null;
  warnings: string[];
  /** French: the row is not imported whatever the options */
  skipReason: string | null;
}

export interface ImportPreview {
  format: ContactImportFormat;
  rows: PreviewRow[];
  /** columns of a CSV file that the import does not read */
  ignoredColumns: string[];
  summary: { total: number; importable: number; duplicates: number; skipped: number };
}

export function previewImport(format: ContactImportFormat, content: string, existing: ExistingContact[]): ImportPreview {
  const read = format === 'vcard' ? { rows: readVcards(content), ignoredColumns: [] } : readCsv(content);
  if (read.rows.length > MAX_IMPORT_ROWS) {
    throw badRequest(`Le fichier contient ${read.rows.length} fiches : ${MAX_IMPORT_ROWS} au plus par import. Découpez-le en plusieurs fichiers.`, [
      { field: 'content', message: 'trop de fiches' },
    ]);
  }
  const mapped = read.rows.map((r) => {
    if (!r.source) return { ...r, contact: null, skipReason: r.skipReason ?? 'Fiche illisible.' };
    const contact = toContact(r.source);
    const skipReason = unidentifiable(contact) ? 'Ni nom, ni société, ni e-mail, ni téléphone utilisable : fiche ignorée.' : null;
    return { ...r, contact: skipReason ? null : contact, skipReason };
  });
  const duplicates = findDuplicates(mapped.map((r) => (r.contact ? { row: r.row, contact: r.contact } : null)), existing);
  const rows: PreviewRow[] = mapped.map((r, i) => ({
    row: r.row,
    source: r.source,
    contact: r.contact,
    duplicates: duplicates[i],
    duplicateReason: duplicates[i].length ? duplicateReason(duplicates[i]) : null,
    warnings: r.warnings,
    skipReason: r.skipReason ?? null,
  }));
  const skipped = rows.filter((r) => r.skipReason).length;
  const dup = rows.filter((r) => !r.skipReason && r.duplicates.length).length;
  return {
    format,
    rows,
    ignoredColumns: read.ignoredColumns,
    summary: { total: rows.length, importable: rows.length - skipped - dup, duplicates: dup, skipped },
  };
}
