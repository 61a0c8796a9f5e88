/**
 * The platform suite's requests: customers listed by a user property (with and without its
 * index), the notification centre of a user with 10 000 kept notifications, an image variant.
 * Each is sent as is to the kernel (with the session where the route needs one) and to the floor.
 */
import { listQuery } from '../http.ts';
import { SEATS } from './data.ts';

export const QUANTITY = 50;

export interface PlatformScenario {
  id: string;
  title: string;
  about: string;
  /** path and query on the kernel, from its root (`/api/…`, `/attachment/…`) */
  kernelPath: string;
  floorPath: string;
  /** the attachment is public: no session */
  anonymous?: boolean;
  /** list: rows, count and `next` compared; health: the bodies as a whole */
  kind: 'list' | 'health';
}

type Filter = { mode: 'eq' | 'between'; value: unknown };

const customers = (id: string, title: string, about: string, variable: string, filter: Filter, indexed: boolean): PlatformScenario => {
  const q = listQuery({ filters: { [`userProps.${variable}`]: filter }, sort: { field: `userProps.${variable}`, ascending: true }, pagination: { quantity: QUANTITY, page: 1 } });
  return { id, title, about, kind: 'list', kernelPath: `/api/contacts/customers?${q}`, floorPath: `/customers?${q}&indexed=${indexed ? 1 : 0}` };
};

/** Page 1 of the customers filtered and sorted on a user property; `indexed` false: the same once the index is gone. */
export function customerLists(rows: number, indexed: boolean): PlatformScenario[] {
  const suffix = indexed ? '' : '-';
  const how = indexed ? 'through the property’s index' : 'without an index: every customer’s JSON read';
  const per = Math.round(rows / SEATS);
  return [
    customers(`u1${suffix}`, `customers p1, userProps.couverts eq 120, sort by it${indexed ? '' : ', no index'}`,
      `a number property, one value (${per.toLocaleString('en-US')} customers of ${rows.toLocaleString('en-US')}), ${how}`,
      'couverts', { mode: 'eq', value: 120 }, indexed),
    customers(`u2${suffix}`, `customers p1, userProps.couverts between 50 and 79, sort by it${indexed ? '' : ', no index'}`,
      `a range of a number property (${(per * 30).toLocaleString('en-US')} customers), ${how}`,
      'couverts', { mode: 'between', value: [50, 79] }, indexed),
    customers(`u3${suffix}`, `customers p1, userProps.jourLivraison eq "mardi", sort by it${indexed ? '' : ', no index'}`,
      `a select property, one option (about a fifth of the customers), ${how}`,
      'jourLivraison', { mode: 'eq', value: 'mardi' }, indexed),
  ];
}

const centre = (quantity: number) => listQuery({ sort: { field: 'date', ascending: false }, pagination: { quantity, page: 1 } });

export function notificationScenarios(kept: number): PlatformScenario[] {
  const n = kept.toLocaleString('en-US');
  return [
    {
      id: 'n1', title: 'unread notifications count', kind: 'health',
      about: `the bell's badge: a user with ${n} kept notifications (and as many of other members)`,
      kernelPath: '/api/kernel/notifications/unread', floorPath: '/notifications/unread',
    },
    {
      id: 'n2', title: 'notifications p1 (10), newest first, count', kind: 'list',
      about: 'the bell’s list of the latest kept notifications, and their number',
      kernelPath: `/api/kernel/notifications?${centre(10)}`, floorPath: `/notifications?${centre(10)}`,
    },
    {
      id: 'n3', title: `notifications p1 (${QUANTITY}), newest first, count`, kind: 'list',
      about: 'the notification centre’s first page',
      kernelPath: `/api/kernel/notifications?${centre(QUANTITY)}`, floorPath: `/notifications?${centre(QUANTITY)}`,
    },
  ];
}

export function imageScenario(url: string, bytes: number): PlatformScenario {
  return {
    id: 'f1', title: 'cached image variant w320', kind: 'health', anonymous: true,
    about: `a photo's 320-pixel variant (${bytes.toLocaleString('en-US')} bytes), made on first request and kept in storage: kernel's attachment server against koa-send of the same file`,
    kernelPath: url, floorPath: url,
  };
}
