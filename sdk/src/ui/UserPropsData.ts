/**
 * User properties (custom fields) on the client: the definitions applying to a collection in the
 * active company, their values completed with the spec's defaults, and how a value reads in French.
 */
import { useMemo } from 'react';
import { effectiveDefault, type UserProp, type UserPropPlacement } from '@comptoir/schemas';
import { formatDate, formatNumber, useComptoir, useList } from '@comptoir/sdk/react';

/** The API path of the definitions; invalidate it after changing one. */
export const USER_PROPS_PATH = '/kernel/user-props';

export type UserPropRecord = UserProp;
export type UserPropValues = Record<string, unknown>;
export type UserPropsPlace = 'edition' | 'list' | 'card';

/** Whether a definition applies to the company's records (an offered server property not taken up does not). */
export function appliesToCompany(d: Pick<UserProp, 'server' | 'applyForAllCompanies' | 'fk'>, companyId: string | null | undefined): boolean {
  if (!companyId) return false;
  if (!d.server) return d.fk.company === companyId;
  return d.applyForAllCompanies || d.fk.companies.includes(companyId);
}

/**
 * The definitions of `collection` (`contacts.customers`) applying to the active company, ordered by
 * position for `place` when given (and then only those placed there).
 */
export function useUserProps(collection: string, place?: UserPropsPlace): { defs: UserProp[]; isPending: boolean } {
  const { company } = useComptoir();
  const query = useList<UserProp>(USER_PROPS_PATH, {
    filters: { pluginIdentifier: { mode: 'eq', value: collection } },
    pagination: { quantity: 500, page: 1 },
    sort: { field: '_id', ascending: true },
  }, { staleTime: 60_000 });
  const defs = useMemo(() => {
    const all = (query.data?.data ?? []).filter((d) => appliesToCompany(d, company?._id));
    return place ? placed(all, place) : all;
  }, [query.data, company?._id, place]);
  return { defs, isPending: query.isPending };
}

const PLACEMENT_KEY = { edition: 'editionPlacement', list: 'listPlacement', card: 'cardPlacement' } as const;
const POSITION_KEY = { edition: 'editionPosition', list: 'listPosition', card: 'cardPosition' } as const;

/** The definitions placed in `place` (optionally only at `where`), by position then creation. */
export function placed(defs: readonly UserProp[], place: UserPropsPlace, where?: Exclude<UserPropPlacement, 'none'>): UserProp[] {
  return defs
    .filter((d) => d[PLACEMENT_KEY[place]] !== 'none' && (!where || d[PLACEMENT_KEY[place]] === where))
    .sort((a, b) => (a[POSITION_KEY[place]] - b[POSITION_KEY[place]]) || (a._id < b._id ? -1 : 1));
}

/** A record's values with every applying property present (its default when missing). */
export function userPropValues(defs: readonly UserProp[], stored: UserPropValues | undefined): UserPropValues {
  const out: UserPropValues = { ...(stored ?? {}) };
  for (const d of defs) if (!(d.variable in out)) out[d.variable] = effectiveDefault(d);
  return out;
}

/** Groups of definitions by `container` (no container first), keeping their order. */
export function byContainer(defs: readonly UserProp[]): { container: string; defs: UserProp[] }[] {
  const groups = new Map<string, UserProp[]>();
  for (const d of defs) {
    const key = d.container?.trim() ?? '';
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups].map(([container, list]) => ({ container, defs: list }));
}

function one(d: UserProp, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'boolean') return v ? 'Oui' : 'Non';
  if (d.type === 'number' && typeof v === 'number') return formatNumber(v);
  if (d.type === 'date' && typeof v === 'string') return formatDate(`${v}T12:00:00Z`);
  if (d.type === 'select') return d.selectOptions.find((o) => o.value === v)?.label ?? String(v);
  return String(v);
}

/** How a value reads on screen, in French (« Oui », 1 234,5, 31/12/2026, the option's label). */
export function formatUserPropValue(d: UserProp, v: unknown): string {
  return Array.isArray(v) ? v.map((x) => one(d, x)).filter(Boolean).join(', ') : one(d, v);
}
