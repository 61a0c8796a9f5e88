/** The change of a cash payment (preview), the next archive numbers, the event log and its integrity. */
import { Type } from '@sinclair/typebox';
import { crudRoutes, integritySummary, route, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { Id, Money } from '@comptoir/schemas';
import { CashDetails } from '../../schemas/index.ts';
import { Events } from '../entities.ts';
import { OPERATE, READ } from '../permissions.ts';
import type { ChangeService } from '../services/cash/change-service.ts';
import type { ArchiveNumbersService } from '../services/closings/archive-numbers.ts';
import { verifyTill } from '../services/receipts/integrity.ts';

const ChangeInput = Type.Object({ cashRegisterId: Id(), amount: Money({ minimum: 0 }), paid: CashDetails }, { additionalProperties: false });
/** any text: the service answers the spec's error for a value that is no frequency */
const NextNumberQuery = Type.Object({ frequency: Type.String({ maxLength: 255 }) });

export const cashRoutes: RouteDefinition[] = [
  ...serviceRoutes<ChangeService>('change', (call) => [
    call('preview', { method: 'POST', path: '/change', permission: OPERATE, body: ChangeInput, transactional: false, summary: 'Calculer le rendu de monnaie' }),
  ]),
  ...serviceRoutes<ArchiveNumbersService>('archiveNumbers', (call) => [
    call('next', { method: 'GET', path: '/archives/next-number', permission: READ, query: NextNumberQuery, args: (req) => [req.query.frequency], summary: 'Prochain numéro d’archive d’une fréquence' }),
  ]),
  ...crudRoutes(Events, { read: READ, write: READ, only: ['list', 'get'] }),
  route({
    method: 'GET', path: '/integrity', permission: READ, summary: 'Vérifier les chaînes de la caisse (tickets, journal des événements)',
    handler: async (req) => integritySummary(await verifyTill(req)),
  }),
];
