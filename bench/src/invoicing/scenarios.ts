/**
 * The invoice list requests: the « Factures » screen of a company with 100 000 invoices, newest
 * first, with the two figures the screen shows under the list (total incl. taxes, still to be
 * paid). Each request goes as is to the kernel (`/api/invoicing/invoices`) and to the floor.
 */
import { listQuery } from '../http.ts';

export const QUANTITY = 50;
export const SORT = { field: 'date', ascending: false };
export const SUMS = [
  { name: 'total', field: 'inclTaxesPrice', sum: true, avg: false, mode: 'currency' },
  { name: 'unpaid', field: 'unpaidAmount', sum: true, avg: false, mode: 'currency' },
];
/** a search typed in the list's search box: a trade at the start of many company names */
export const NAME_SEARCH = 'boulang';

export interface InvoiceScenario {
  id: string;
  title: string;
  about: string;
  /** path and query below /api/invoicing on the kernel, below / on the floor */
  path: string;
  floorPath: string;
}

export type Filters = Record<string, { mode: string; value: unknown }>;

export const invoicesQuery = (filters: Filters | undefined, pagination: Record<string, unknown>) =>
  listQuery({ ...(filters ? { filters } : {}), sort: SORT, aggregations: SUMS, pagination });

export interface ScenarioInputs {
  /** the API path of a searchable receiver name column, null when the plugin has none */
  namePath: string | null;
  /** whether that column has a search index (entity `search`): the scenarios against the scan run then */
  nameIndexed: boolean;
  /** a customer with many invoices (the « invoices of this customer » screen) */
  customerId: string;
  customerLabel: string;
}

export function firstPages(x: ScenarioInputs): { scenario: InvoiceScenario; filters: Filters | undefined }[] {
  const status: Filters = { status: { mode: 'eq', value: 'partially_paid' } };
  const customer: Filters = { 'fk.receiverCustomer': { mode: 'eq', value: x.customerId } };
  const out: { id: string; title: string; about: string; filters: Filters | undefined; scan?: boolean }[] = [
    { id: 'i1', title: 'invoices p1, sort date desc, sum total + unpaid', about: 'every invoice of the company, newest first, the two sums over all of them', filters: undefined },
    { id: 'i2', title: 'status = partially_paid p1, sort date desc, sums', about: 'the « partiellement payées » tab: an equality on status, sorted by date', filters: status },
    { id: 'i3', title: `customer = « ${x.customerLabel} » p1, sort date desc, sums`, about: 'the invoices of one customer (fk.receiverCustomer), as the customer screen lists them', filters: customer },
  ];
  if (x.namePath) {
    const search: Filters = { [x.namePath]: { mode: 'contains', value: NAME_SEARCH } };
    out.push(
      { id: 'i4', title: `${x.namePath} contains "${NAME_SEARCH}" p1, sums`, about: 'the search box on the receiver name', filters: search },
      { id: 'i5', title: `status = partially_paid + ${x.namePath} contains "${NAME_SEARCH}" p1, sums`, about: 'both filters at once', filters: { ...status, ...search } },
    );
    // the same requests against a floor that scans the names as the kernel did before the search
    // index (issue 14): the ratio is the gain over today's way, measured in the same run
    if (x.nameIndexed) {
      out.push(
        { id: 'i4s', title: `i4 against the scan of before the index`, about: 'the kernel with its index; the floor scanning every name (the SQL of before issue 14)', filters: search, scan: true },
        { id: 'i5s', title: `i5 against the scan of before the index`, about: 'the same with the status filter', filters: { ...status, ...search }, scan: true },
      );
    }
  }
  return out.map((s) => {
    const q = invoicesQuery(s.filters, { quantity: QUANTITY, page: 1 });
    return { scenario: { id: s.id, title: s.title, about: s.about, path: `/invoices?${q}`, floorPath: `/invoices?${q}${s.scan ? '&scan=1' : ''}` }, filters: s.filters };
  });
}

/** The deep pages: by number and by cursor, without filter and with the status filter. */
export function deepPages(
  page: number, statusPage: number,
  cursors: { all: string | null; floorAll: string | null; status: string | null; floorStatus: string | null },
): InvoiceScenario[] {
  const status: Filters = { status: { mode: 'eq', value: 'partially_paid' } };
  const byNumber = invoicesQuery(undefined, { quantity: QUANTITY, page });
  const c = (v: string | null) => v ?? 'unavailable';
  return [
    {
      id: 'j1', title: `invoices p${page} by number (OFFSET ${(page - 1) * QUANTITY}), sums`,
      about: 'a deep page by number: what OFFSET costs through the (fk_company, date, _id) index',
      path: `/invoices?${byNumber}`, floorPath: `/invoices?${byNumber}`,
    },
    {
      id: 'j2', title: `invoices p${page} by cursor, sums`,
      about: 'the same page by the `next` cursor: one index range; the totals come with the cursor',
      path: `/invoices?${invoicesQuery(undefined, { quantity: QUANTITY, cursor: c(cursors.all) })}`,
      floorPath: `/invoices?${invoicesQuery(undefined, { quantity: QUANTITY, cursor: c(cursors.floorAll) })}`,
    },
    {
      id: 'j3', title: `status = partially_paid p${statusPage} by cursor, sums`,
      about: 'deep in the filtered list, by cursor',
      path: `/invoices?${invoicesQuery(status, { quantity: QUANTITY, cursor: c(cursors.status) })}`,
      floorPath: `/invoices?${invoicesQuery(status, { quantity: QUANTITY, cursor: c(cursors.floorStatus) })}`,
    },
  ];
}

/** the « Statut » tabs measured against the page-1 floor (the statuses of the data set) */
export const STATUS_TABS = ['emitted', 'partially_paid', 'paid', 'refund'];

/**
 * The default list and each status tab, with their totals on the kernel, against a floor that
 * reads the page and no totals at all (`totals=none`): what the maintained totals leave of the
 * cost of the totals (invoicing README « Maintained totals »). Same rows and `next` position.
 */
export function pageFloorScenarios(): InvoiceScenario[] {
  const one = (id: string, title: string, about: string, filters: Filters | undefined): InvoiceScenario => {
    const q = invoicesQuery(filters, { quantity: QUANTITY, page: 1 });
    return { id, title, about, path: `/invoices?${q}`, floorPath: `/invoices?${q}&totals=none` };
  };
  return [
    one('t1', 'invoices p1 + count and sums ÷ page-1 floor without totals', 'the default screen: its totals from the maintained totals, against the page alone', undefined),
    ...STATUS_TABS.map((status, i) => one(`t${i + 2}`, `status = ${status} p1 + count and sums ÷ page-1 floor without totals`, `the « ${status} » tab: its totals from the maintained totals, against the page alone`, { status: { mode: 'eq', value: status } })),
  ];
}
