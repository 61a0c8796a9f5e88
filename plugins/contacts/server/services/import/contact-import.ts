/**
 * Import of contacts from a vCard or CSV file: the preview (nothing written) and the import itself,
 * in the route's single transaction: all the created contacts, or none.
 */
import { isHttpError, safeMessage, type CallContext } from '@comptoir/sdk';
import type { ContactImportFormat } from '../../../schemas/index.ts';
import { Contacts } from '../../entities.ts';
import { CONTACTS_IMPORTED } from '../../events.ts';
import { contactsService } from '../contacts/contacts.ts';
import { previewImport, type ImportPreview } from './preview.ts';

export interface ImportReport {
  created: number;
  ids: string[];
  skipped: { row: number; reason: string }[];
}

export function contactImportService(ctx: CallContext) {
  const preview = async (format: ContactImportFormat, content: string): Promise<ImportPreview> =>
    previewImport(format, content, await ctx.repo(Contacts).findMany({}));

  return {
    preview,

    async run(format: ContactImportFormat, content: string, skipDuplicates = true): Promise<ImportReport> {
      const { rows } = await preview(format, content);
      const contacts = contactsService(ctx);
      const ids: string[] = [];
      const skipped: ImportReport['skipped'] = [];
      for (const r of rows) {
        if (r.skipReason || !r.contact) { skipped.push({ row: r.row, reason: r.skipReason ?? 'Fiche illisible.' }); continue; }
        if (skipDuplicates && r.duplicateReason) { skipped.push({ row: r.row, reason: r.duplicateReason }); continue; }
        const { displayName: _shown, ...body } = r.contact;
        void _shown;
        try {
          ids.push((await contacts.create(body))._id);
        } catch (e) {
          // refused by validation, before any write: the row is reported, the others go on
          if (!isHttpError(e) || e.status !== 400) throw e;
          skipped.push({ row: r.row, reason: safeMessage(e) });
        }
      }
      if (ids.length) ctx.emit(CONTACTS_IMPORTED, { count: ids.length, ids, format });
      return { created: ids.length, ids, skipped };
    },
  };
}

export type ContactImportService = ReturnType<typeof contactImportService>;
