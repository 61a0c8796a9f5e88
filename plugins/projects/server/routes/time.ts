/** Working times, the running timer, invoicing working time (README « Routes »). */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { InvoiceTimeInput, StartInput, StopInput, WorkingTimeInput } from '../../schemas/index.ts';
import { WorkingTimes } from '../entities.ts';
import { INVOICE, READ, WRITE } from '../permissions.ts';
import type { WorkingTimesService } from '../services/time/working-times.ts';
import type { InvoiceTimeService } from '../services/time/invoice-time.ts';

export const timeRoutes: RouteDefinition[] = [
  ...serviceRoutes<WorkingTimesService>('workingTimes', (call) => [
    call('running', { method: 'GET', path: '/working-times/running', permission: READ, summary: 'Mon chronomètre en cours' }),
    call('start', { method: 'POST', path: '/working-times/start', permission: WRITE, body: StartInput, status: 201, summary: 'Lancer le chronomètre (arrête celui en cours)' }),
    call('stop', { method: 'POST', path: '/working-times/stop', permission: WRITE, body: StopInput, summary: 'Arrêter le chronomètre' }),
  ]),
  ...serviceRoutes<InvoiceTimeService>('invoiceTime', (call) => [
    call('invoice', { method: 'POST', path: '/working-times/invoice', permission: INVOICE, body: InvoiceTimeInput, summary: 'Facturer du temps passé à un client' }),
  ]),
  ...crudRoutes(WorkingTimes, { read: READ, write: WRITE, only: ['list', 'get'] }),
  ...serviceRoutes<WorkingTimesService>('workingTimes', (call) => [
    call('create', { method: 'POST', path: '/working-times', permission: WRITE, body: WorkingTimeInput, status: 201, summary: 'Saisir du temps passé' }),
    call('update', { method: 'PUT', path: '/working-times/:id', permission: WRITE, body: WorkingTimeInput, summary: 'Modifier du temps passé' }),
    call('remove', { method: 'DELETE', path: '/working-times/:id', permission: WRITE, summary: 'Supprimer du temps passé' }),
  ]),
];
