/**
 * The electronic invoice of an emitted invoice: `GET /invoices/:id/xml`, the Factur-X 1.09 EN 16931
 * Cross Industry Invoice as frozen at emission (the PDF/A-3 around it is `GET /invoices/:id/facturx`,
 * documents.ts); `GET /invoices/:id/einvoice`, whether it is produced (its files and their SHA-256)
 * or « à produire »; `POST /invoices/:id/einvoice`, produce it now (services/einvoice/).
 */
import { route, type RouteDefinition } from '@comptoir/sdk';
import { INVOICES_READ } from '../permissions.ts';
import type { EInvoicesService } from '../services/einvoice/einvoices.ts';
import { fileReply } from './files.ts';
import { NoBody } from './invoices.ts';

export const facturXRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/invoices/:id/xml', permission: INVOICES_READ,
    summary: 'Facture électronique Factur-X (XML CII, profil EN 16931) d’une facture émise, telle qu’émise',
    async handler(req) {
      const { bytes, fileName } = await req.resolve<EInvoicesService>('einvoices').xml(req.params.id);
      return fileReply(bytes, { fileName, contentType: 'application/xml; charset=utf-8', download: true });
    },
  }),
  route({
    method: 'GET', path: '/invoices/:id/einvoice', permission: INVOICES_READ,
    summary: 'État de la facture électronique d’une facture émise : produite (fichiers et empreintes SHA-256) ou à produire',
    handler: (req) => req.resolve<EInvoicesService>('einvoices').state(req.params.id),
  }),
  route({
    // reading right: producing the e-invoice is what its first download does; the invoice does not change
    method: 'POST', path: '/invoices/:id/einvoice', permission: INVOICES_READ, body: NoBody,
    summary: 'Produire maintenant la facture électronique d’une facture émise restée à produire',
    handler: (req) => req.resolve<EInvoicesService>('einvoices').produce(req.params.id),
  }),
];
