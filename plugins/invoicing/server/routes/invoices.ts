/**
 * The invoices (drafts, emission, payments, credit notes, corrective invoices, duplicates) and the
 * computation of a document's totals without storing it. Written through their services (totals,
 * numbers, receivers, frozen rules).
 */
import { Type } from '@sinclair/typebox';
import { crudRoutes, route, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { ComputeInput, CreditInput, InvoiceDraftInput, InvoicePaymentInput } from '../../schemas/index.ts';
import { Invoices } from '../entities.ts';
import { INVOICES_MANAGE, INVOICES_READ, PAYMENTS_MANAGE } from '../permissions.ts';
import type { DraftsService } from '../services/documents/drafts.ts';
import type { EmissionService } from '../services/emission/emission.ts';
import type { PaymentsService } from '../services/payments/payments.ts';
import type { CopiesService } from '../services/credit/corrective.ts';
import type { CreditsService } from '../services/index.ts';
import { computeLines, settingsOf } from '../services/documents/compute.ts';
import { companies } from '../services/deps.ts';
import { receiverForCustomer } from '../services/documents/receivers.ts';
import { saleParties } from '../services/documents/vat-categories.ts';

/** Actions that take no body refuse one (a typo in a field name is not silently ignored). */
export const NoBody = Type.Object({}, { additionalProperties: false });

export const invoiceRoutes: RouteDefinition[] = [
  ...crudRoutes(Invoices, { read: INVOICES_READ, write: INVOICES_MANAGE, only: ['list', 'get'] }),
  ...serviceRoutes<DraftsService>('drafts', (call) => [
    call('create', {
      method: 'POST', path: '/invoices', permission: INVOICES_MANAGE, body: InvoiceDraftInput, status: 201,
      summary: 'Créer une facture brouillon',
    }),
    call('update', {
      method: 'PUT', path: '/invoices/:id', permission: INVOICES_MANAGE, body: InvoiceDraftInput,
      summary: 'Modifier une facture brouillon (409 une fois émise)',
    }),
    call('remove', {
      method: 'DELETE', path: '/invoices/:id', permission: INVOICES_MANAGE, status: 204,
      summary: 'Supprimer une facture brouillon (409 une fois émise)',
    }),
  ]),
  ...serviceRoutes<EmissionService>('emission', (call) => [
    call('createAndEmit', {
      method: 'POST', path: '/invoices/emit', permission: INVOICES_MANAGE, body: InvoiceDraftInput, status: 201,
      summary: 'Créer et émettre une facture en une requête : numéro, empreinte chaînée, figée',
    }),
    call('emit', {
      method: 'POST', path: '/invoices/:id/emit', permission: INVOICES_MANAGE, body: NoBody,
      summary: 'Émettre une facture : numéro, empreinte chaînée, figée',
    }),
  ]),
  ...serviceRoutes<PaymentsService>('payments', (call) => [
    call('recordForInvoice', {
      method: 'POST', path: '/invoices/:id/payments', permission: PAYMENTS_MANAGE, body: InvoicePaymentInput,
      summary: 'Enregistrer un paiement (négatif : un remboursement) ; répond la facture recalculée',
    }),
  ]),
  ...serviceRoutes<CreditsService>('credits', (call) => [
    call('create', {
      method: 'POST', path: '/invoices/:id/credit', permission: INVOICES_MANAGE, body: CreditInput, status: 201,
      summary: 'Préparer un avoir (toutes les lignes, ou celles choisies)',
      args: (req) => [req.params.id, req.body.items, req.body.reason],
    }),
  ]),
  ...serviceRoutes<CopiesService>('copies', (call) => [
    call('corrective', {
      method: 'POST', path: '/invoices/:id/corrective', permission: INVOICES_MANAGE, body: NoBody, status: 201,
      summary: 'Préparer une facture corrective',
    }),
    call('duplicate', {
      method: 'POST', path: '/invoices/:id/duplicate', permission: INVOICES_MANAGE, body: NoBody, status: 201,
      summary: 'Dupliquer une facture en brouillon',
    }),
  ]),
];

/** `POST /compute`: what a document's lines come to, nothing stored (the editors' live totals). */
export const computeRoutes: RouteDefinition[] = [
  route({
    method: 'POST', path: '/compute', body: ComputeInput, transactional: false,
    summary: 'Totaux et détail de TVA d’un document, sans rien enregistrer',
    handler: async (req) => {
      const company = await companies(req).current();
      const settings = settingsOf(company, req.body);
      const { receiver, fk } = req.body;
      if (receiver === undefined && fk === undefined) return { ...computeLines(req.body.items, settings), subjectToVAT: settings.subjectToVAT };
      const buyer = receiver ?? (fk?.receiverCustomer ? await receiverForCustomer(req, fk.receiverCustomer) : null);
      return { ...computeLines(req.body.items, settings, saleParties(company, buyer)), subjectToVAT: settings.subjectToVAT };
    },
  }),
];
