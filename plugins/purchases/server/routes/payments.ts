/**
 * `/api/purchases/payments`: the payments of purchases and external purchases, owned by this plugin
 * since issue 12 (recorded through `POST /purchases/:id/payments` and
 * `POST /external-purchases/:id/payments`); DELETE answers 409 (frozen) for every one.
 * `/api/purchases/integrity`: the verifier of their two hash chains, with the permission of
 * invoicing's verifier (the accounting screen shows both).
 */
import { crudRoutes, route, type RouteDefinition } from '@comptoir/sdk';
import { Payments } from '../entities.ts';
import { PAYMENTS_MANAGE, PURCHASES_READ } from '../permissions.ts';
import { integritySummary, type IntegrityService } from '../services/integrity/integrity.ts';

/** invoicing's permission for its own chains (`invoicing.accounting.read`) */
const ACCOUNTING_READ = 'invoicing.accounting.read';

export const paymentRoutes: RouteDefinition[] = [
  ...crudRoutes(Payments, { read: PURCHASES_READ, write: PAYMENTS_MANAGE, only: ['list', 'get', 'delete'] }),
  route({
    method: 'GET', path: '/integrity', permission: ACCOUNTING_READ,
    summary: 'Vérifier les chaînes d’empreintes des paiements d’achats',
    handler: async (req) => integritySummary(await req.resolve<IntegrityService>('integrity').verify()),
  }),
];
