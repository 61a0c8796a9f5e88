/**
 * The route table of the « Facturation » plugin, mounted under `/api/invoicing` (API.md): the
 * collections invoices, quotations and payments, and their business actions. Thin: parse, call a
 * service, answer. Invoices and quotations are written through their services (totals, numbers,
 * receivers, frozen rules); payments are only read here: they are recorded through an invoice.
 */
import { Type } from '@sinclair/typebox';
import { crudRoutes, route, type ListParams, type RouteDefinition } from '@comptoir/sdk';
import { ComputeInput, CreditInput, InvoiceDraftInput, InvoicePaymentInput, QuotationInput } from '@comptoir/schemas';
import { Invoices, Payments, Quotations } from './entities.ts';
import {
  INVOICES_MANAGE, INVOICES_READ, PAYMENTS_MANAGE, PAYMENTS_READ, QUOTATIONS_MANAGE, QUOTATIONS_READ,
} from './permissions.ts';
import type { DraftsService } from './services/documents/drafts.ts';
import type { EmissionService } from './services/emission/emission.ts';
import type { PaymentsService } from './services/payments/payments.ts';
import type { CopiesService } from './services/credit/corrective.ts';
import type { CreditsService } from './services/index.ts';
import type { QuotationsService } from './services/quotations/quotations.ts';
import { computeLines, settingsOf } from './services/documents/compute.ts';
import { companies } from './services/deps.ts';
import { documentRoutes } from './routes/documents.ts';
import { facturXRoutes } from './routes/facturx.ts';

/** Actions that take no body refuse one (a typo in a field name is not silently ignored). */
const NoBody = Type.Object({}, { additionalProperties: false });

const invoiceRoutes: RouteDefinition[] = [
  ...crudRoutes(Invoices, { read: INVOICES_READ, write: INVOICES_MANAGE, only: ['list', 'get'] }),
  route({
    method: 'POST', path: '/invoices', permission: INVOICES_MANAGE, body: InvoiceDraftInput, status: 201,
    summary: 'Créer une facture brouillon',
    handler: (req) => req.resolve<DraftsService>('drafts').create(req.body),
  }),
  route({
    method: 'PUT', path: '/invoices/:id', permission: INVOICES_MANAGE, body: InvoiceDraftInput,
    summary: 'Modifier une facture brouillon (409 une fois émise)',
    handler: (req) => req.resolve<DraftsService>('drafts').update(req.params.id, req.body),
  }),
  route({
    method: 'DELETE', path: '/invoices/:id', permission: INVOICES_MANAGE, status: 204,
    summary: 'Supprimer une facture brouillon (409 une fois émise)',
    handler: async (req) => { await req.resolve<DraftsService>('drafts').remove(req.params.id); return null; },
  }),
  route({
    method: 'POST', path: '/invoices/:id/emit', permission: INVOICES_MANAGE, body: NoBody,
    summary: 'Émettre une facture : numéro, empreinte chaînée, figée',
    handler: (req) => req.resolve<EmissionService>('emission').emit(req.params.id),
  }),
  route({
    method: 'POST', path: '/invoices/:id/payments', permission: PAYMENTS_MANAGE, body: InvoicePaymentInput,
    summary: 'Enregistrer un paiement (négatif : un remboursement) ; répond la facture recalculée',
    handler: (req) => req.resolve<PaymentsService>('payments').recordForInvoice(req.params.id, req.body),
  }),
  route({
    method: 'POST', path: '/invoices/:id/credit', permission: INVOICES_MANAGE, body: CreditInput, status: 201,
    summary: 'Préparer un avoir (toutes les lignes, ou celles choisies)',
    handler: (req) => req.resolve<CreditsService>('credits').create(req.params.id, req.body.items, req.body.reason),
  }),
  route({
    method: 'POST', path: '/invoices/:id/corrective', permission: INVOICES_MANAGE, body: NoBody, status: 201,
    summary: 'Préparer une facture corrective',
    handler: (req) => req.resolve<CopiesService>('copies').corrective(req.params.id),
  }),
  route({
    method: 'POST', path: '/invoices/:id/duplicate', permission: INVOICES_MANAGE, body: NoBody, status: 201,
    summary: 'Dupliquer une facture en brouillon',
    handler: (req) => req.resolve<CopiesService>('copies').duplicate(req.params.id),
  }),
];

const quotationRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/quotations', permission: QUOTATIONS_READ, summary: 'Liste des devis',
    handler: (req) => req.repo(Quotations).list(req.query as ListParams),
  }),
  route({
    method: 'GET', path: '/quotations/:id', permission: QUOTATIONS_READ, summary: 'Un devis',
    handler: (req) => req.repo(Quotations).get(req.params.id),
  }),
  route({
    method: 'POST', path: '/quotations', permission: QUOTATIONS_MANAGE, body: QuotationInput, status: 201,
    summary: 'Créer un devis (numéroté)',
    handler: (req) => req.resolve<QuotationsService>('quotations').create(req.body),
  }),
  route({
    method: 'PUT', path: '/quotations/:id', permission: QUOTATIONS_MANAGE, body: QuotationInput,
    summary: 'Modifier un devis (409 une fois facturé)',
    handler: (req) => req.resolve<QuotationsService>('quotations').update(req.params.id, req.body),
  }),
  route({
    method: 'DELETE', path: '/quotations/:id', permission: QUOTATIONS_MANAGE, status: 204,
    summary: 'Supprimer un devis (409 une fois facturé)',
    handler: async (req) => { await req.resolve<QuotationsService>('quotations').remove(req.params.id); return null; },
  }),
  route({
    method: 'POST', path: '/quotations/:id/invoice', permission: INVOICES_MANAGE, body: NoBody, status: 201,
    summary: 'Facturer un devis : une facture brouillon, le devis passe « facturé »',
    handler: (req) => req.resolve<QuotationsService>('quotations').invoice(req.params.id),
  }),
];

const paymentRoutes: RouteDefinition[] = [
  // before `/payments/:id`, which would read « bundle » as an id
  route({
    method: 'GET', path: '/payments/bundle', permission: PAYMENTS_READ,
    summary: 'Paiements et documents liés, regroupés par identifiant',
    handler: (req) => req.resolve<PaymentsService>('payments').bundle(req.query as ListParams),
  }),
  // DELETE answers 409 (frozen) for every recorded payment: listed so that it says why
  ...crudRoutes(Payments, { read: PAYMENTS_READ, write: PAYMENTS_MANAGE, only: ['list', 'get', 'delete'] }),
];

export const routes: RouteDefinition[] = [
  route({
    method: 'POST', path: '/compute', body: ComputeInput, transactional: false,
    summary: 'Totaux et détail de TVA d’un document, sans rien enregistrer',
    handler: async (req) => {
      const settings = settingsOf(await companies(req).current(), req.body);
      return computeLines(req.body.items, settings);
    },
  }),
  ...invoiceRoutes,
  ...facturXRoutes,
  ...quotationRoutes,
  ...paymentRoutes,
  ...documentRoutes,
];
