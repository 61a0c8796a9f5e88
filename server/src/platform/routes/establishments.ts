/**
 * /api/kernel/establishments: the five resource routes (read: any member; write:
 * kernel.establishments.manage), and the opening hours in Europe/Paris time.
 */
import { Type } from '@sinclair/typebox';
import { badRequest, crudRoutes, route, type RequestContext, type RouteDefinition } from '@comptoir/sdk';
import { EstablishmentCreateInput, EstablishmentUpdateInput, type Establishment } from '@comptoir/schemas';
import { Establishments } from '../../entities/platform.ts';
import { P } from '../permissions.ts';
import { normalizeHours, validateHours, isOpenAt } from '../services/establishments/opening-hours.ts';
import { instant, intervalsBetween } from '../services/establishments/establishments.ts';

/**
 * Times given as `HH:MM` become `{ hours, minutes }` (what is stored and answered, platform README « Establishments and opening hours »);
 * then overnight intervals and reversed date ranges, which the schema cannot see.
 */
function checkedHours(sent: Record<string, unknown>): Record<string, unknown> {
  const { body, problems } = normalizeHours(sent);
  problems.push(...validateHours(body as Partial<Establishment>));
  if (problems.length) {
    throw badRequest(`Horaires invalides : « ${problems[0].field} » : ${problems[0].message}.`, problems);
  }
  return body;
}

const crud = crudRoutes(Establishments, {
  write: P.establishmentsManage, create: EstablishmentCreateInput, update: EstablishmentUpdateInput,
}).map((r): RouteDefinition => {
  const path = `/kernel${r.path}`;
  if (r.method === 'POST' || r.method === 'PUT') {
    return {
      ...r, path,
      handler(req: RequestContext) {
        return r.handler(Object.assign(Object.create(req), { body: checkedHours(req.body as Record<string, unknown>) }) as RequestContext);
      },
    };
  }
  return { ...r, path };
});

const Instant = Type.String({ maxLength: 40 });
/** `opening` without `to`: the week from `from` (default: now) */
const DEFAULT_SPAN_DAYS = 7;

export const establishmentRoutes: RouteDefinition[] = [
  ...crud,
  route({
    method: 'GET', path: '/kernel/establishments/:id/opening', query: Type.Object({ from: Type.Optional(Instant), to: Type.Optional(Instant) }),
    summary: 'Intervalles d’ouverture entre from (défaut : maintenant) et to (défaut : from + 7 jours), heure de Paris',
    async handler(req) {
      const from = req.query.from === undefined ? req.now : instant(req.query.from, 'from');
      const to = req.query.to === undefined ? new Date(from.getTime() + DEFAULT_SPAN_DAYS * 86_400_000) : instant(req.query.to, 'to');
      const e = await req.repo(Establishments).get(req.params.id) as Establishment;
      return { _id: e._id, from: from.toISOString(), to: to.toISOString(), intervals: intervalsBetween(e, from, to) };
    },
  }),
  route({
    method: 'GET', path: '/kernel/establishments/:id/open', query: Type.Object({ at: Type.Optional(Instant) }),
    summary: 'Ouvert à l’instant at (défaut : maintenant) ?',
    async handler(req) {
      const at = req.query.at === undefined ? req.now : instant(req.query.at, 'at');
      const e = await req.repo(Establishments).get(req.params.id) as Establishment;
      return { _id: e._id, at: at.toISOString(), open: isOpenAt(e, at) };
    },
  }),
];
