/**
 * The frozen e-invoices seen by « Intégrité » (invoicing README « Intégrité »): every stored file
 * is read back and its SHA-256 compared with the one recorded when it was produced. A changed file
 * is `file-altered`, a file gone `file-missing`, both named by their invoice (`_id`, full number).
 * Walked by number, a page at a time, like the chains; an invoice still « à produire » has nothing
 * to check yet.
 */
import { INTEGRITY_PAGE_SIZE, numberedPages, type CallContext, type ChainBreak, type ListResult } from '@comptoir/sdk';
import { EInvoices } from '../../entities.ts';
import type { EInvoice } from '../../../schemas/index.ts';
import { fileProblem, type EInvoiceFile } from './einvoice-store.ts';

/** How a break names the file (`describeBreak` of the SDK): « le PDF de la facture F-2026-0000042 … ». */
export const EINVOICE_DOCUMENTS: Record<string, string> = {
  'einvoice-pdf': 'le PDF de la facture',
  'einvoice-xml': 'le XML Factur-X de la facture',
};

const FILES: EInvoiceFile[] = ['pdf', 'xml'];

/** The first stored file that no longer matches its SHA-256, in invoice number order; null when all do. */
export async function firstBrokenEInvoice(ctx: CallContext, pageSize = INTEGRITY_PAGE_SIZE): Promise<ChainBreak | null> {
  const pages = numberedPages((params) => ctx.repo(EInvoices).list(params) as Promise<ListResult<EInvoice>>, {}, pageSize);
  for await (const page of pages(null)) {
    for (const einvoice of page) {
      for (const file of FILES) {
        const problem = await fileProblem(ctx, einvoice, file);
        if (problem) return { kind: `einvoice-${file}`, _id: einvoice.fk.invoice, number: einvoice.numberFull, reason: problem };
      }
    }
  }
  return null;
}
