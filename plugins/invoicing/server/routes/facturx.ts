/**
 * The electronic invoice of an emitted invoice alone: `GET /invoices/:id/xml`, the Factur-X 1.09
 * EN 16931 Cross Industry Invoice (the PDF/A-3 around it is `GET /invoices/:id/facturx`, documents.ts).
 */
import { route, type RouteDefinition } from '@comptoir/sdk';
import { INVOICES_READ } from '../permissions.ts';
import { loadFacturX } from '../services/facturx/index.ts';
import { invoiceKind, xmlFileName } from '../services/pdf/model.ts';
import { fileReply } from './files.ts';

export const facturXRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/invoices/:id/xml', permission: INVOICES_READ,
    summary: 'Facture électronique Factur-X (XML CII, profil EN 16931) d’une facture émise',
    async handler(req) {
      const { invoice, xml } = await loadFacturX(req, req.params.id);
      const fileName = xmlFileName({ kind: invoiceKind(invoice), numberFull: invoice.numberFull! });
      return fileReply(xml, { fileName, contentType: 'application/xml; charset=utf-8', download: true });
    },
  }),
];
