/** Payments are only read here: they are recorded through an invoice (`POST /invoices/:id/payments`). */
import { crudRoutes, route, type ListParams, type RouteDefinition } from '@comptoir/sdk';
import { Payments } from '../entities.ts';
import { PAYMENTS_MANAGE, PAYMENTS_READ } from '../permissions.ts';
import type { PaymentsService } from '../services/payments/payments.ts';

export const paymentRoutes: RouteDefinition[] = [
  // before `/payments/:id`, which would read « bundle » as an id
  route({
    method: 'GET', path: '/payments/bundle', permission: PAYMENTS_READ,
    summary: 'Paiements et documents liés, regroupés par identifiant',
    handler: (req) => req.resolve<PaymentsService>('payments').bundle(req.query as ListParams),
  }),
  // DELETE answers 409 (frozen) for every recorded payment: listed so that it says why
  ...crudRoutes(Payments, { read: PAYMENTS_READ, write: PAYMENTS_MANAGE, only: ['list', 'get', 'delete'] }),
];

