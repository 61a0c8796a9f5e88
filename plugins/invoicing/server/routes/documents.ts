/**
 * Printed documents and sending: `GET /invoices/:id/pdf`, `GET /invoices/:id/facturx`,
 * `GET /quotations/:id/pdf` (inline by default, `?download=1` to save), `POST /invoices/:id/send`,
 * `POST /quotations/:id/send`. An emitted invoice's PDF and Factur-X are its frozen e-invoice
 * (services/einvoice/), a draft's PDF a preview printed now.
 */
import { Type } from '@sinclair/typebox';
import { route, type RouteDefinition } from '@comptoir/sdk';
import { Email, Text } from '@comptoir/schemas';
import { INVOICES_MANAGE, INVOICES_READ, QUOTATIONS_MANAGE, QUOTATIONS_READ } from '../permissions.ts';
import type { DocumentsService, RenderedPdf } from '../services/pdf/documents.ts';
import type { EInvoicesService, ServedFile } from '../services/einvoice/einvoices.ts';
import type { SendingService } from '../services/sending/send.ts';
import { DownloadQuery, fileReply, wantsDownload } from './files.ts';

export const SendBody = Type.Object({
  to: Type.Optional(Type.Array(Email(), { minItems: 1, maxItems: 20 })),
  message: Type.Optional(Text({ maxLength: 5000 })),
}, { additionalProperties: false });

const pdfReply = (r: RenderedPdf, download?: string) =>
  fileReply(r.pdf, { fileName: r.fileName, contentType: 'application/pdf', download: wantsDownload(download) });
const servedPdf = (r: ServedFile, download?: string) =>
  fileReply(r.bytes, { fileName: r.fileName, contentType: 'application/pdf', download: wantsDownload(download) });

export const documentRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/invoices/:id/pdf', permission: INVOICES_READ, query: DownloadQuery,
    summary: 'La facture (avoir, facture corrective) en PDF, telle qu’émise ; un brouillon, imprimé à la demande',
    handler: async (req) => servedPdf(await req.resolve<EInvoicesService>('einvoices').invoicePdf(req.params.id), req.query.download),
  }),
  route({
    method: 'GET', path: '/invoices/:id/facturx', permission: INVOICES_READ, query: DownloadQuery,
    summary: 'La facture émise au format Factur-X, telle qu’émise : PDF/A-3 avec son XML CII (EN 16931) embarqué',
    handler: async (req) => servedPdf(await req.resolve<EInvoicesService>('einvoices').facturX(req.params.id), req.query.download),
  }),
  route({
    method: 'GET', path: '/quotations/:id/pdf', permission: QUOTATIONS_READ, query: DownloadQuery,
    summary: 'Le devis en PDF',
    handler: async (req) => pdfReply(await req.resolve<DocumentsService>('documents').quotationPdf(req.params.id), req.query.download),
  }),
  route({
    method: 'POST', path: '/invoices/:id/send', permission: INVOICES_MANAGE, body: SendBody,
    summary: 'Envoyer une facture émise par e-mail (Factur-X : PDF et XML joints)',
    handler: (req) => req.resolve<SendingService>('sending').sendInvoice(req.params.id, req.body),
  }),
  route({
    method: 'POST', path: '/quotations/:id/send', permission: QUOTATIONS_MANAGE, body: SendBody,
    summary: 'Envoyer un devis par e-mail (PDF joint)',
    handler: (req) => req.resolve<SendingService>('sending').sendQuotation(req.params.id, req.body),
  }),
];
