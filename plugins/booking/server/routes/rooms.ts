/** Rooms, bookers and a room's free starts (README « Routes »). */
import { Type } from '@sinclair/typebox';
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { AvailabilityQuery, BookerCreateInput, BookerUpdateInput, RoomCreateInput, RoomUpdateInput } from '../../schemas/index.ts';
import { Bookers, Rooms } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { BookersService, RoomsService } from '../services/rooms/rooms.ts';
import type { AvailabilityService } from '../services/availability/availability.ts';

export const roomRoutes: RouteDefinition[] = [
  ...crudRoutes(Rooms, { read: READ, write: MANAGE, only: ['list', 'get'] }),
  ...serviceRoutes<RoomsService>('rooms', (call) => [
    call('create', { method: 'POST', path: '/rooms', permission: MANAGE, body: RoomCreateInput, status: 201, summary: 'Créer une salle' }),
    call('update', { method: 'PUT', path: '/rooms/:id', permission: MANAGE, body: RoomUpdateInput, summary: 'Modifier une salle (ses réservations à venir sont revérifiées)' }),
    call('remove', { method: 'DELETE', path: '/rooms/:id', permission: MANAGE, summary: 'Supprimer une salle sans réservation' }),
    call('revalidate', { method: 'POST', path: '/rooms/:id/revalidate', permission: MANAGE, body: Type.Object({}, { additionalProperties: false }), args: (req) => [req.params.id], summary: 'Revérifier les réservations à venir (§4)' }),
  ]),
  ...serviceRoutes<AvailabilityService>('availability', (call) => [
    call('ofRoom', { method: 'GET', path: '/rooms/:id/availability', permission: READ, query: AvailabilityQuery, args: (req) => [req.params.id, req.query], summary: 'Débuts libres d’une salle pour une durée et des quantités' }),
  ]),
  ...crudRoutes(Bookers, { read: READ, write: MANAGE, create: BookerCreateInput, update: BookerUpdateInput, only: ['list', 'get', 'create', 'update'] }),
  ...serviceRoutes<BookersService>('bookers', (call) => [
    call('remove', { method: 'DELETE', path: '/bookers/:id', permission: MANAGE, summary: 'Supprimer un type de réservant qu’aucune salle ne prend' }),
  ]),
];
