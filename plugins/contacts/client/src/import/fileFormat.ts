/** What the wizard decides from the chosen file, before sending it. */
import type { ImportFormat } from '../api.ts';

/** The server's JSON body limit is 1 Mo by default: the file text must fit in it. */
export const MAX_FILE_BYTES = 900 * 1024;

export function formatOf(fileName: string): ImportFormat | null {
  if (/\.(vcf|vcard)$/i.test(fileName)) return 'vcard';
  if (/\.csv$/i.test(fileName)) return 'csv';
  return null;
}

/** A French reason to refuse the file, or null. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!formatOf(file.name)) return 'Choisissez un fichier .vcf (vCard) ou .csv (export Google Contacts ou Outlook).';
  if (file.size === 0) return 'Ce fichier est vide.';
  if (file.size > MAX_FILE_BYTES) return 'Fichier trop volumineux (900 Ko au plus) : découpez-le ou exportez moins de contacts à la fois.';
  return null;
}
