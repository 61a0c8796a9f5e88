/** Quotations: numbered at once, edited until invoiced, then turned into an invoice draft. */
import { route, serviceRoutes, type ListParams, type RouteDefinition } from '@comptoir/sdk';
import { QuotationInput } from '../../schemas/index.ts';
import { Quotations } from '../entities.ts';
import { INVOICES_MANAGE, QUOTATIONS_MANAGE, QUOTATIONS_READ } from '../permissions.ts';
import type { QuotationsService } from '../services/quotations/quotations.ts';
import { NoBody } from './invoices.ts';

export const quotationRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/quotations', permission: QUOTATIONS_READ, summary: 'Liste des devis',
    handler: (req) => req.repo(Quotations).list(req.query as ListParams),
  }),
  route({
    method: 'GET', path: '/quotations/:id', permission: QUOTATIONS_READ, summary: 'Un devis',
    handler: (req) => req.repo(Quotations).get(req.params.id),
  }),
  ...serviceRoutes<QuotationsService>('quotations', (call) => [
    call('create', {
      method: 'POST', path: '/quotations', permission: QUOTATIONS_MANAGE, body: QuotationInput, status: 201,
      summary: 'Créer un devis (numéroté)',
    }),
    call('update', {
      method: 'PUT', path: '/quotations/:id', permission: QUOTATIONS_MANAGE, body: QuotationInput,
      summary: 'Modifier un devis (409 une fois facturé)',
    }),
    call('remove', {
      method: 'DELETE', path: '/quotations/:id', permission: QUOTATIONS_MANAGE, status: 204,
      summary: 'Supprimer un devis (409 une fois facturé)',
    }),
    call('invoice', {
      method: 'POST', path: '/quotations/:id/invoice', permission: INVOICES_MANAGE, body: NoBody, status: 201,
      summary: 'Facturer un devis : une facture brouillon, le devis passe « facturé »',
    }),
  ]),
];
