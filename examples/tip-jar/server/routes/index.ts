/** Routes of « Pourboires », under `/api/tip-jar`: list, read, delete, and a checked creation. */
import { crudRoutes, route, type RouteDefinition } from '@comptoir/sdk';
import { Tips, TipInput } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { TipFields, TipsService } from '../services/tips.ts';

export const routes: RouteDefinition[] = [
  ...crudRoutes(Tips, { read: READ, write: MANAGE, only: ['list', 'get', 'delete'] }),
  route({
    method: 'POST', path: '/tips', permission: MANAGE, body: TipInput, status: 201, summary: 'Enregistrer un pourboire',
    handler: (req) => req.resolve<TipsService>('tips').create(req.body as TipFields),
  }),
];
