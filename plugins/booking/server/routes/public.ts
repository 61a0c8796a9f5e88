/**
 * The public routes (spec 001 §7: unauthenticated calls carry only the company header), throttled
 * per client address and path (server/src/http/README.md « Throttled routes »), and the standalone page.
 */
import { reply, route, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { Type } from '@sinclair/typebox';
import { AvailabilityQuery, CancelInput, PublicBookingInput } from '../../schemas/index.ts';
import type { BookingsService } from '../services/bookings/book.ts';
import { availabilityOf } from '../services/availability/availability.ts';
import { publicRoomRow, publicRooms, requireCompany } from '../services/public/public-rooms.ts';
import { PAGE_CSP, PAGE_SCRIPT, pageHtml } from '../services/public/page.ts';
import { linkBase } from './link-base.ts';

const READS = { limit: 120, windowSeconds: 60 };
const WRITES = { limit: 10, windowSeconds: 60 };
const ID = /^[0-9a-f]{24}$/;
const PageQuery = Type.Object({
  company: Type.Optional(Type.String({ maxLength: 24 })),
  room: Type.Optional(Type.String({ maxLength: 24 })),
  cancel: Type.Optional(Type.String({ maxLength: 64 })),
}, { additionalProperties: false });

export const publicRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/public/rooms', access: 'public', throttle: READS, summary: 'Salles réservables en ligne (en-tête AT-Company seul)',
    handler: (req) => publicRooms(req),
  }),
  route({
    method: 'GET', path: '/public/rooms/:id/availability', access: 'public', query: AvailabilityQuery, throttle: READS,
    summary: 'Débuts libres d’une salle (en-tête AT-Company seul)',
    handler: async (req) => availabilityOf(req, await publicRoomRow(req, req.params.id), req.query),
  }),
  ...serviceRoutes<BookingsService>('bookings', (call) => [
    call('create', {
      method: 'POST', path: '/public/bookings', access: 'public', body: PublicBookingInput, status: 201, throttle: WRITES,
      summary: 'Réserver en ligne (en-tête AT-Company seul)',
      args: (req) => {
        requireCompany(req);
        const { room, ...rest } = req.body;
        return [{ ...rest, origin: 'web', express: false, fk: { room } }, { origin: 'web', publicOnly: true, linkBase: linkBase(req) }];
      },
    }),
    call('cancelByKey', {
      method: 'POST', path: '/public/bookings/cancel', access: 'public', body: CancelInput, throttle: WRITES,
      summary: 'Annuler par le lien reçu (en-tête AT-Company seul)',
      args: (req) => { requireCompany(req); return [req.body.key]; },
    }),
  ]),
  route({
    method: 'GET', path: '/public/page', access: 'public', query: PageQuery, throttle: READS, summary: 'Page publique de réservation',
    handler: (req) => {
      const pick = (v: string | undefined) => (v && ID.test(v) ? v : null);
      const cancel = req.query.cancel && /^[A-Za-z0-9_-]{10,64}$/.test(req.query.cancel) ? req.query.cancel : null;
      return reply(200, pageHtml(pick(req.query.company), pick(req.query.room), cancel), {
        'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PAGE_CSP, 'Content-Disposition': 'inline', 'Cache-Control': 'no-store',
      });
    },
  }),
  route({
    method: 'GET', path: '/public/page.js', access: 'public', summary: 'Script de la page publique',
    handler: () => reply(200, PAGE_SCRIPT, { 'Content-Type': 'text/javascript; charset=utf-8', 'Content-Disposition': 'inline', 'Cache-Control': 'public, max-age=300' }),
  }),
];
