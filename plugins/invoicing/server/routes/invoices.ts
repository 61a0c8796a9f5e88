/**
 * The invoices (drafts, emission, payments, credit notes, corrective invoices, duplicates) and the
 * computation of a document's totals without storing it. Written through their services (totals,
 * numbers, receivers, frozen rules).
 */
import { Type } from '@sinclair/typebox';
import { crudRoutes, route, type RouteDefinition } from '@comptoir/sdk';
import { ComputeInput, CreditInput, InvoiceDraftInput, InvoicePaymentInput } from '@comptoir/schemas';
import { Invoices } from '../entities.ts';
import { INVOICES_MANAGE, INVOICES_READ, PAYMENTS_MANAGE } from '../permissions.ts';
import type { DraftsService } from '../services/documents/drafts.ts';
import type { EmissionService } from '../services/emission/emission.ts';
import type { PaymentsService } from '../services/payments/payments.ts';
import type { CopiesService } from '../services/credit/corrective.ts';
import type { CreditsService } from '../services/index.ts';
import { computeLines, settingsOf } from '../services/documents/compute.ts';
import { companies } from '../services/deps.ts';

/** Actions that take no body refuse one (a typo in a field name is not silently ignored). */
export const NoBody = Type.Object({}, { additionalProperties: false });

export const invoiceRoutes: RouteDefinition[] = [
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

/** `POST /compute`: what a document's lines come to, nothing stored (the editors' live totals). */
export const computeRoutes: RouteDefinition[] = [
  route({
    method: 'POST', path: '/compute', body: ComputeInput, transactional: false,
    summary: 'Totaux et détail de TVA d’un document, sans rien enregistrer',
    handler: async (req) => {
      const settings = settingsOf(await companies(req).current(), req.body);
      return computeLines(req.body.items, settings);
    },
  }),
];
