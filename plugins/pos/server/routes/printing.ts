/** Print servers (CRUD, the secret never answered) and printing a verification (README « Printing »). */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { PrintServerInput } from '../../schemas/index.ts';
import { PrintServers } from '../entities.ts';
import { MANAGE, OPERATE, READ } from '../permissions.ts';
import type { PrintingService } from '../services/printing/printing.ts';
import { EmptyBody } from './cash-registers.ts';

export const printingRoutes: RouteDefinition[] = [
  ...crudRoutes(PrintServers, { read: READ, write: MANAGE, create: PrintServerInput, update: PrintServerInput }),
  ...serviceRoutes<PrintingService>('printing', (call) => [
    call('printVerification', { method: 'POST', path: '/verifications/:id/print', permission: OPERATE, body: EmptyBody, summary: 'Imprimer une vérification de caisse' }),
  ]),
];
