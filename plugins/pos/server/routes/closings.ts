/**
 * X and Z tickets, archives (README « Closings », « Archives »): the X of an open register, the lists,
 * an archive made. The Z is made by the closing itself (`/close` and `/z-ticket` are one action).
 * Thin: parse, call a service, answer.
 */
import { crudRoutes, route, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { ArchiveInput, VerificationInput, XTicketInput } from '../../schemas/index.ts';
import { Archives, XTickets, ZTickets } from '../entities.ts';
import { MANAGE, OPERATE, READ } from '../permissions.ts';
import type { ClosingTicketsService } from '../services/closings/tickets.ts';
import type { ArchivesService } from '../services/closings/archive-service.ts';
import type { SessionsService } from '../services/registers/sessions.ts';
import type { ClosingPrintingService } from '../services/printing/closing-printing.ts';
import { EmptyBody } from './cash-registers.ts';

/** preview and print of X and Z tickets: the same two routes under each collection */
const printRoutes = (kind: 'x' | 'z'): RouteDefinition[] => [
  route({
    method: 'GET', path: `/${kind}-tickets/:id/preview`, permission: READ, summary: `Aperçu du ticket ${kind.toUpperCase()} tel qu’il s’imprimera`,
    handler: (req) => req.resolve<ClosingPrintingService>('closingPrinting').preview(kind, req.params.id),
  }),
  route({
    method: 'POST', path: `/${kind}-tickets/:id/print`, permission: OPERATE, body: EmptyBody, summary: `Imprimer le ticket ${kind.toUpperCase()} (duplicata après le premier)`,
    handler: (req) => req.resolve<ClosingPrintingService>('closingPrinting').print(kind, req.params.id),
  }),
];

export const closingRoutes: RouteDefinition[] = [
  ...serviceRoutes<ClosingTicketsService>('closingTickets', (call) => [
    call('xTicket', { method: 'POST', path: '/cash-registers/:id/x-ticket', permission: OPERATE, body: XTicketInput, status: 201, summary: 'Tirer un ticket X (lecture sans clôture)' }),
  ]),
  ...serviceRoutes<SessionsService>('sessions', (call) => [
    call('close', { method: 'POST', path: '/cash-registers/:id/z-ticket', permission: OPERATE, body: VerificationInput, summary: 'Clôturer la caisse : comptage et ticket Z' }),
  ]),
  ...printRoutes('x'),
  ...printRoutes('z'),
  ...crudRoutes(XTickets, { read: READ, write: OPERATE, only: ['list', 'get'] }),
  ...crudRoutes(ZTickets, { read: READ, write: OPERATE, only: ['list', 'get'] }),
  ...serviceRoutes<ArchivesService>('archives', (call) => [
    call('create', { method: 'POST', path: '/archives', permission: MANAGE, body: ArchiveInput, status: 201, summary: 'Archiver une période (quotidienne, mensuelle, annuelle, exercice)' }),
  ]),
  ...crudRoutes(Archives, { read: READ, write: MANAGE, only: ['list', 'get'] }),
];
