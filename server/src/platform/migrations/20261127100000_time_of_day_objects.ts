/**
 * Opening hours: a time of day is stored as the spec's `{ hours, minutes }` (platform README « Establishments and opening hours »), no longer
 * as the text `HH:MM`. Rewrites every establishment's `regularHours[].openTimes[]` and
 * `specialHours[].hours[]`; `down` writes them back as text. A value already in the target shape
 * is left as it is, so running either direction twice changes nothing.
 */
import type { Knex } from 'knex';
import type { Migration } from '@comptoir/sdk';
import { timeOfDayText, toTimeOfDay } from '@comptoir/schemas';

const TABLE = 'kernel_establishments';
type Interval = Record<string, unknown>;
type Convert = (v: unknown) => unknown;

const toObject: Convert = (v) => (typeof v === 'string' ? toTimeOfDay(v) ?? v : v);
const toText: Convert = (v) => {
  const t = v && typeof v === 'object' ? toTimeOfDay(v) : null;
  return t ? timeOfDayText(t) : v;
};

const parse = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : Buffer.isBuffer(v) ? JSON.parse(v.toString('utf8')) : v);

function intervals(list: unknown, convert: Convert): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((i: Interval) => {
    if (!i || typeof i !== 'object') return i;
    const out = { ...i };
    for (const end of ['start', 'end']) if (end in out) out[end] = convert(out[end]);
    return out;
  });
}

async function rewrite(db: Knex, convert: Convert): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await db(TABLE).select('_id', 'regularHours', 'specialHours').where('_id', '>', after).orderBy('_id').limit(500) as
      { _id: string; regularHours: unknown; specialHours: unknown }[];
    if (rows.length === 0) return;
    for (const row of rows) {
      const regular = parse(row.regularHours);
      const special = parse(row.specialHours);
      const nextRegular = Array.isArray(regular) ? regular.map((r: Interval) => (r && typeof r === 'object' ? { ...r, openTimes: intervals(r.openTimes, convert) } : r)) : regular;
      const nextSpecial = Array.isArray(special) ? special.map((s: Interval) => (s && typeof s === 'object' ? { ...s, hours: intervals(s.hours, convert) } : s)) : special;
      const changes: Record<string, string> = {};
      if (JSON.stringify(nextRegular) !== JSON.stringify(regular)) changes.regularHours = JSON.stringify(nextRegular);
      if (JSON.stringify(nextSpecial) !== JSON.stringify(special)) changes.specialHours = JSON.stringify(nextSpecial);
      if (Object.keys(changes).length) await db(TABLE).where('_id', row._id).update(changes);
    }
    after = rows[rows.length - 1]._id;
  }
}

export const timeOfDayObjects: Migration = {
  name: '20261127100000_time_of_day_objects',
  up: (db) => rewrite(db, toObject),
  down: (db) => rewrite(db, toText),
};
