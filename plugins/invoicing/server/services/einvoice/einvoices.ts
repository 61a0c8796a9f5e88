/**
 * The `einvoices` service: what the routes and the sending serve of an invoice's printed forms.
 * A draft is printed live (a preview, never stored); an emitted invoice is served from its frozen
 * e-invoice (einvoice-store.ts), produced on first use when it is still « à produire ».
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import { isDraftInvoice, type EInvoice, type Invoice } from '../../../schemas/index.ts';
import { Invoices } from '../../entities.ts';
import { facturXMissingError } from '../facturx/build.ts';
import { DRAFT_NO_FACTURX } from '../facturx/load.ts';
import type { MissingField } from '../facturx/types.ts';
import { documentsService } from '../pdf/documents.ts';
import { invoiceKind, pdfFileName, xmlFileName } from '../pdf/model.ts';
import { frozenBytes, produceEInvoice, storedEInvoice } from './einvoice-store.ts';

/** A file as the routes answer it. */
export interface ServedFile { bytes: Buffer; fileName: string }

export interface StoredFileView { fileName: string; sha256: string; size: number }

/** `GET /invoices/:id/einvoice`: produced (its files and their SHA-256) or « à produire ». */
export type EInvoiceState =
  | { invoice: string; status: 'pending' }
  | {
    invoice: string; status: 'produced'; facturX: boolean; missing: MissingField[];
    pdf: StoredFileView; xml: StoredFileView | null; renderedAt: string;
  };

const namesOf = (invoice: Invoice) => {
  const named = { kind: invoiceKind(invoice), numberFull: invoice.numberFull ?? null };
  return { pdf: pdfFileName(named), xml: xmlFileName(named) };
};

export function stateOf(invoice: Invoice, stored: EInvoice | null): EInvoiceState {
  if (!stored) return { invoice: invoice._id, status: 'pending' };
  const names = namesOf(invoice);
  return {
    invoice: invoice._id,
    status: 'produced',
    facturX: stored.facturX,
    missing: stored.missing ?? [],
    pdf: { fileName: names.pdf, sha256: stored.pdfSha256, size: stored.pdfSize },
    xml: stored.facturX && stored.xmlSha256 ? { fileName: names.xml, sha256: stored.xmlSha256, size: stored.xmlSize ?? 0 } : null,
    renderedAt: stored.renderedAt,
  };
}

export function einvoicesService(ctx: CallContext) {
  const emittedInvoice = async (id: string): Promise<Invoice> => {
    const invoice = await ctx.repo(Invoices).get(id) as Invoice;
    if (isDraftInvoice(invoice)) throw conflict(DRAFT_NO_FACTURX);
    return invoice;
  };

  /** The frozen e-invoice and the invoice; 409 naming what is missing when it is not a Factur-X. */
  const frozenFacturX = async (id: string): Promise<{ invoice: Invoice; einvoice: EInvoice }> => {
    const invoice = await emittedInvoice(id);
    const einvoice = await produceEInvoice(ctx, id);
    if (!einvoice.facturX) throw facturXMissingError(einvoice.missing);
    return { invoice, einvoice };
  };

  return {
    /** produced, or « à produire »; 409 for a draft */
    async state(id: string): Promise<EInvoiceState> {
      const invoice = await emittedInvoice(id);
      return stateOf(invoice, await storedEInvoice(ctx, id));
    },
    /** produces it now when it is still « à produire » (a failed render, an invoice emitted before), else answers it */
    async produce(id: string): Promise<EInvoiceState> {
      const invoice = await emittedInvoice(id);
      return stateOf(invoice, await produceEInvoice(ctx, id));
    },
    /** the invoice's PDF: a draft's preview, printed now; an emitted invoice's frozen PDF (its Factur-X when it is one) */
    async invoicePdf(id: string): Promise<ServedFile> {
      const invoice = await ctx.repo(Invoices).get(id) as Invoice;
      if (isDraftInvoice(invoice)) {
        const preview = await documentsService(ctx).invoicePdf(id);
        return { bytes: preview.pdf, fileName: preview.fileName };
      }
      const einvoice = await produceEInvoice(ctx, id);
      return { bytes: await frozenBytes(ctx, einvoice, 'pdf'), fileName: namesOf(invoice).pdf };
    },
    /** the frozen Factur-X PDF; 409 for a draft, or naming what the XML lacked */
    async facturX(id: string): Promise<ServedFile> {
      const { invoice, einvoice } = await frozenFacturX(id);
      return { bytes: await frozenBytes(ctx, einvoice, 'pdf'), fileName: namesOf(invoice).pdf };
    },
    /** the frozen CII XML, the bytes embedded in the Factur-X PDF; the same 409s */
    async xml(id: string): Promise<ServedFile> {
      const { invoice, einvoice } = await frozenFacturX(id);
      return { bytes: await frozenBytes(ctx, einvoice, 'xml'), fileName: namesOf(invoice).xml };
    },
  };
}
export type EInvoicesService = ReturnType<typeof einvoicesService>;
