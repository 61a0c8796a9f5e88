/**
 * `kernel.establishments` (for POS and booking): an establishment of the active company and its
 * opening hours. The computing lives in ./opening-hours.ts (pure functions).
 */
import { badRequest, type CallContext, type KernelEstablishments } from '@comptoir/sdk';
import type { Establishment } from '@comptoir/schemas';
import { Establishments } from '../../../entities/platform.ts';
import { isOpenAt, MAX_SPAN_DAYS, openingIntervals } from './opening-hours.ts';

/** An instant from a Date or an ISO 8601 string with a time zone; 400 naming the field otherwise. */
export function instant(value: Date | string | undefined, field: string): Date {
  const ok = value instanceof Date
    || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value));
  const d = ok ? new Date(value as Date | string) : null;
  if (!d || Number.isNaN(d.getTime())) {
    throw badRequest(`Paramètres invalides : « ${field} » doit être une date et heure ISO 8601 avec fuseau (ex. 2026-11-23T09:00:00+01:00).`, [{ field, message: 'date et heure ISO 8601 attendue' }]);
  }
  return d;
}

export function intervalsBetween(e: Pick<Establishment, 'regularHours' | 'specialHours'>, from: Date, to: Date) {
  if (to.getTime() <= from.getTime()) throw badRequest('Paramètres invalides : « to » doit être après « from ».', [{ field: 'to', message: 'doit être après « from »' }]);
  if (to.getTime() - from.getTime() > MAX_SPAN_DAYS * 86_400_000) {
    throw badRequest(`Paramètres invalides : la période dépasse ${MAX_SPAN_DAYS} jours.`, [{ field: 'to', message: `au plus ${MAX_SPAN_DAYS} jours après « from »` }]);
  }
  return openingIntervals(e, from, to).map((i) => ({ start: i.start.toISOString(), end: i.end.toISOString() }));
}

export function establishments(ctx: CallContext): KernelEstablishments {
  const get = async (id: string) => (await ctx.repo(Establishments).get(id)) as Establishment;
  return {
    get,
    async isOpenAt(id, at) {
      const when = instant(at, 'at');
      return isOpenAt(await get(id), when);
    },
    async openingIntervals(id, from, to) {
      const start = instant(from, 'from');
      const end = instant(to, 'to');
      return intervalsBetween(await get(id), start, end);
    },
    openingIntervalsOf(hours, from, to) {
      return intervalsBetween(hours, instant(from, 'from'), instant(to, 'to'));
    },
  };
}
