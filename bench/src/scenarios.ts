/**
 * The benchmark's requests. Each scenario is one request shape, sent as is to the kernel (with a
 * session token and, where the route needs it, `AT-Company`) and to the floor.
 */
import { listQuery } from './http.ts';

export const QUANTITY = 50;
/** a search typed in a list's search box: spread over the alphabet, about 8 % of the names */
export const USERS_SEARCH = 'ber';
/** the trade at the start of many company names, and a family name (Boulanger): about 12 % */
export const COMPANIES_SEARCH = 'boulang';
export const SORT = { field: 'name', ascending: true };
export const CAPITAL = [{ name: 'capital', field: 'capital', sum: true, avg: true, mode: 'currency' }];

export type Who = 'admin' | 'owner' | 'none';

export interface Scenario {
  id: string;
  title: string;
  /** what the scenario measures, for the report */
  about: string;
  who: Who;
  /** path and query, below /api on the kernel */
  kernelPath: string;
  /** path and query on the floor */
  floorPath: string;
  kind: 'list' | 'health';
}

export const usersList = (params: Record<string, unknown>) => listQuery({ sort: SORT, ...params });
export const companiesList = (params: Record<string, unknown>) => listQuery({ sort: SORT, aggregations: CAPITAL, ...params });

export function firstPageScenarios(rows: number): Scenario[] {
  const n = rows.toLocaleString('fr-FR');
  const a = usersList({ filters: { name: { mode: 'contains', value: USERS_SEARCH } }, pagination: { quantity: QUANTITY, page: 1 } });
  const b = companiesList({ filters: { name: { mode: 'contains', value: COMPANIES_SEARCH } }, pagination: { quantity: QUANTITY, page: 1 } });
  return [
    {
      id: 'a', title: `users p1, contains "${USERS_SEARCH}", sort name, count`, who: 'admin', kind: 'list',
      about: `members of one company of ${n}: search, sort on the indexed name, total count`,
      kernelPath: `/kernel/users?${a}`, floorPath: `/users?${a}`,
    },
    {
      id: 'b', title: `companies p1, contains "${COMPANIES_SEARCH}", sort name, sum+avg capital`, who: 'owner', kind: 'list',
      about: `companies of one user who owns ${n}: search, sort, count and money aggregation`,
      kernelPath: `/kernel/companies?${b}`, floorPath: `/companies?${b}`,
    },
  ];
}

export function deepScenarios(page: number, cursors: { users: string | null; companies: string | null; floorUsers: string | null; floorCompanies: string | null }): Scenario[] {
  const usersOffset = usersList({ pagination: { quantity: QUANTITY, page } });
  const companiesOffset = companiesList({ pagination: { quantity: QUANTITY, page } });
  const byCursor = (c: string | null, list: (p: Record<string, unknown>) => string) =>
    list({ pagination: { quantity: QUANTITY, cursor: c ?? 'unavailable' } });
  return [
    {
      id: 'c1', title: `users p${page} by page (OFFSET ${(page - 1) * QUANTITY}), sort name, count`, who: 'admin', kind: 'list',
      about: 'a deep page by number: what OFFSET costs even through the covering index',
      kernelPath: `/kernel/users?${usersOffset}`, floorPath: `/users?${usersOffset}`,
    },
    {
      id: 'c2', title: `users p${page} by cursor, sort name, count`, who: 'admin', kind: 'list',
      about: 'the same page reached by the `next` cursor: one index range, whatever the depth',
      kernelPath: `/kernel/users?${byCursor(cursors.users, usersList)}`, floorPath: `/users?${byCursor(cursors.floorUsers, usersList)}`,
    },
    {
      id: 'c3', title: `companies p${page} by page (OFFSET ${(page - 1) * QUANTITY}), sort name, sum+avg capital`, who: 'owner', kind: 'list',
      about: 'a deep page by number with the money aggregation over every company of the user',
      kernelPath: `/kernel/companies?${companiesOffset}`, floorPath: `/companies?${companiesOffset}`,
    },
    {
      id: 'c4', title: `companies p${page} by cursor, sort name, sum+avg capital`, who: 'owner', kind: 'list',
      about: 'the same page by cursor (the aggregation still reads every company)',
      kernelPath: `/kernel/companies?${byCursor(cursors.companies, companiesList)}`, floorPath: `/companies?${byCursor(cursors.floorCompanies, companiesList)}`,
    },
  ];
}

export function healthScenario(): Scenario {
  return {
    id: 'd', title: 'GET /api/health', who: 'none', kind: 'health',
    about: 'the kernel\'s fixed cost per request (middleware, router, call context) against bare Koa JSON',
    kernelPath: '/health', floorPath: '/health',
  };
}
