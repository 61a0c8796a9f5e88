/**
 * `/api/purchases/purchases`: received invoices and credit notes, their payments and the import of
 * Factur-X / CII files. Thin: parse, call a service, answer.
 */
import { Type } from '@sinclair/typebox';
import { crudRoutes, reply, route, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import {
  PurchaseCreateInput, PurchaseImportInput, PurchaseImportQuery, PurchaseInput, PurchasePaymentInput,
} from '../../schemas/index.ts';
import { Purchases } from '../entities.ts';
import { PAYMENTS_MANAGE, PURCHASES_MANAGE, PURCHASES_READ } from '../permissions.ts';
import type { PurchasesService } from '../services/purchases/purchases.ts';
import type { PurchaseImportService } from '../services/import/import-service.ts';

const service = (req: { resolve<T>(name: string): T }) => req.resolve<PurchasesService>('purchases');

/** `PUT /purchases/:id`: `PurchaseInput`, and `confirmOverpayment` (not stored) for a total brought below what was paid. */
export const PurchaseUpdateBody = Type.Object({
  ...PurchaseInput.properties,
  confirmOverpayment: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const purchaseRoutes: RouteDefinition[] = [
  ...crudRoutes(Purchases, { read: PURCHASES_READ, write: PURCHASES_MANAGE, only: ['list', 'get'] }),
  // before `/purchases/:id`-shaped routes: « import » is not an id
  route({
    method: 'POST', path: '/purchases/import', permission: PURCHASES_MANAGE, body: PurchaseImportInput, query: PurchaseImportQuery,
    summary: 'Importer une facture reçue (PDF Factur-X ou XML CII) : rapport et achat (?dryRun=1 : rien n’est enregistré)',
    async handler(req) {
      const dryRun = req.query.dryRun === '1' || req.query.dryRun === 'true';
      const answer = await req.resolve<PurchaseImportService>('purchaseImport').run(req.body, dryRun);
      return dryRun ? answer : reply(201, answer);
    },
  }),
  ...serviceRoutes<PurchasesService>('purchases', (call) => [
    call('create', {
      method: 'POST', path: '/purchases', permission: PURCHASES_MANAGE, body: PurchaseCreateInput, status: 201,
      summary: 'Enregistrer un achat (numéroté), avec les paiements déjà faits',
    }),
    call('update', {
      method: 'PUT', path: '/purchases/:id', permission: PURCHASES_MANAGE, body: PurchaseUpdateBody,
      summary: 'Modifier un achat (totaux et statut recalculés ; un total sous le déjà payé demande confirmOverpayment)',
    }),
    call('remove', {
      method: 'DELETE', path: '/purchases/:id', permission: PURCHASES_MANAGE, status: 204,
      summary: 'Supprimer un achat sans paiement (409 sinon)',
    }),
    call('recordPayment', {
      method: 'POST', path: '/purchases/:id/payments', permission: PAYMENTS_MANAGE, body: PurchasePaymentInput,
      summary: 'Enregistrer un paiement (négatif : un remboursement) ; répond l’achat recalculé',
    }),
  ]),
  // GET and POST differ by method: their order does not matter
  route({
    method: 'GET', path: '/purchases/:id/payments', permission: PURCHASES_READ,
    summary: 'Les paiements d’un achat',
    handler: async (req) => ({ data: await service(req).payments(req.params.id) }),
  }),
];
