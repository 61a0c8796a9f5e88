/** `/api/purchases/external-purchases`: orders placed in shops and their payments. Thin. */
import { Type } from '@sinclair/typebox';
import { crudRoutes, route, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { ExternalPurchaseCreateInput, ExternalPurchaseInput, PurchasePaymentInput } from '../../schemas/index.ts';
import { ExternalPurchases } from '../entities.ts';
import { EXTERNAL_MANAGE, EXTERNAL_READ, PAYMENTS_MANAGE } from '../permissions.ts';
import type { ExternalPurchasesService } from '../services/external/external-purchases.ts';

const service = (req: { resolve<T>(name: string): T }) => req.resolve<ExternalPurchasesService>('externalPurchases');

/** `PUT /external-purchases/:id`: `ExternalPurchaseInput`, and `confirmOverpayment` (not stored) for a total brought below what was paid. */
export const ExternalPurchaseUpdateBody = Type.Object({
  ...ExternalPurchaseInput.properties,
  confirmOverpayment: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const externalPurchaseRoutes: RouteDefinition[] = [
  ...crudRoutes(ExternalPurchases, { read: EXTERNAL_READ, write: EXTERNAL_MANAGE, only: ['list', 'get'] }),
  ...serviceRoutes<ExternalPurchasesService>('externalPurchases', (call) => [
    call('create', {
      method: 'POST', path: '/external-purchases', permission: EXTERNAL_MANAGE, body: ExternalPurchaseCreateInput, status: 201,
      summary: 'Enregistrer un achat en ligne, avec la façon dont il a été payé',
    }),
    call('update', {
      method: 'PUT', path: '/external-purchases/:id', permission: EXTERNAL_MANAGE, body: ExternalPurchaseUpdateBody,
      summary: 'Modifier un achat en ligne (totaux, montants payé et restant recalculés)',
    }),
    call('remove', {
      method: 'DELETE', path: '/external-purchases/:id', permission: EXTERNAL_MANAGE, status: 204,
      summary: 'Supprimer un achat en ligne sans paiement (409 sinon)',
    }),
    call('recordPayment', {
      method: 'POST', path: '/external-purchases/:id/payments', permission: PAYMENTS_MANAGE, body: PurchasePaymentInput,
      summary: 'Enregistrer un paiement (négatif : un remboursement) ; répond l’achat en ligne recalculé',
    }),
  ]),
  // GET and POST differ by method: their order does not matter
  route({
    method: 'GET', path: '/external-purchases/:id/payments', permission: EXTERNAL_READ,
    summary: 'Les paiements d’un achat en ligne',
    handler: async (req) => ({ data: await service(req).payments(req.params.id) }),
  }),
];
