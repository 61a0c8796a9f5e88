/**
 * The invoicing floor: a bare Koa + knex server on the same database, answering the benchmark's
 * invoice requests with the best SQL written by hand for exactly them (no authentication, no
 * validation beyond reading the parameters, rows sent as the database returns them).
 *
 * GET /invoices (the list requests of scenarios.ts):
 * - page: the ids from the index that serves the filter and the sort — (fk_company, date, _id),
 *   (fk_company, status, date) or (fk_company, fk_receiverCustomer, date) —, LIMIT quantity + 1,
 *   then OFFSET or the keyset `date < ? OR (date = ? AND _id < ?)` (`date` is never NULL: every
 *   invoice has one), joined back to the table for the rows of this page only (deferred join);
 * - totals: without a filter, one scalar sub-query per figure, each answered from its own covering
 *   index — COUNT(*) from (fk_company, _id), SUM(inclTaxesPrice) from (fk_company, inclTaxesPrice),
 *   SUM(unpaidAmount) from (fk_company, unpaidAmount) — instead of reading every row of a table
 *   whose rows carry their lines, sender and receiver as JSON; with a filter, one statement
 *   over the filter's index;
 * - a page by cursor carries the totals of its first page in the cursor (as the kernel's does), so
 *   only the page is read;
 * - `totals=none` (scenarios t1 to t5): the page alone, no count nor sums — what a list costs when
 *   it reads no totals at all, the bound for a kernel answering them from its maintained totals.
 *
 * POST /invoices (create + emit in one request): the body's lines through the document engine, the
 * customer read for the receiver, then one transaction: the company row locked (SELECT … FOR
 * UPDATE on MariaDB; SQLite has one writer) for its counter and its sender fields, the chain head
 * read by the unique (fk_company, number) index, the emitted invoice inserted, the counter updated.
 */
import type http from 'node:http';
import Koa from 'koa';
import type { Knex } from 'knex';
import { Decimal } from 'decimal.js';
import { computeDocument, receiverFromCustomer, senderFromCompany, settleInvoice } from '@comptoir/sdk/commerce';
import { formatDocumentNumber, type Company } from '@comptoir/schemas';
import { fold } from '../../../server/src/db/codec.ts';
import { escapeLike } from '../../../server/src/db/list-query.ts';
import { encodeRow } from '../../../server/src/db/record-codec.ts';
import { newId } from '../../../server/src/util/ids.ts';
import { Invoices } from '../../../plugins/invoicing/server/entities.ts';
import { invoiceHash } from '../../../plugins/invoicing/server/services/emission/hash-chain.ts';
import type { Engine } from '../database.ts';
import { contains, indexedContains, listen, pageStatement, param, rowsOf, type Floor, type Row } from '../floor.ts';
import { decodeCursor, encodeCursor } from '../http.ts';
import { applyDerived, defaultsOf } from '../rows.ts';

export interface InvoicingFloorOptions {
  db: Knex;
  engine: Engine;
  companyId: string;
  /** metadata.createdBy of what the floor writes */
  authorId: string;
  authorName: string;
  /**
   * the column a `contains` filter on the receiver's name searches, if the plugin has one, and
   * whether it has a search index (entity `search`)
   */
  nameColumn: { path: string; column: string; indexed: boolean } | null;
}

export type InvoicingFloor = Floor;

interface ListRequest {
  quantity: number;
  page: number;
  cursor: { v: string; i: string; t?: { n: number; s: (string | number | null)[] } } | null;
  status: string | null;
  customer: string | null;
  search: string | null;
  /** the folded needle of the search */
  needle: string | null;
  /** `scan=1`: the search scans the names as before the search index (today's SQL, for the ratio) */
  scan: boolean;
  sums: { name: string; column: string }[];
  /** `totals=none`: the page alone, no count nor sums (the page-1 floor of scenarios t1 to t5) */
  noTotals: boolean;
}

function readList(query: Record<string, unknown>, nameColumn: InvoicingFloorOptions['nameColumn']): ListRequest {
  const pagination = (param(query, 'pagination') ?? {}) as { quantity?: number; page?: number; cursor?: string };
  const filters = (param(query, 'filters') ?? {}) as Record<string, { value?: string }>;
  const aggregations = (param(query, 'aggregations') ?? []) as { name: string; field: string }[];
  const cursor = pagination.cursor ? decodeCursor<NonNullable<ListRequest['cursor']>>(pagination.cursor) : null;
  const searched = nameColumn ? filters[nameColumn.path]?.value : undefined;
  return {
    quantity: pagination.quantity ?? 50,
    page: pagination.page ?? 1,
    cursor,
    status: filters.status?.value ?? null,
    customer: filters['fk.receiverCustomer']?.value ?? null,
    search: searched ? `%${escapeLike(fold(searched) ?? '')}%` : null,
    needle: searched ? fold(searched) : null,
    scan: query.scan === '1',
    // the benchmark aggregates money columns only: their names are the API fields
    sums: aggregations.map((a) => ({ name: a.name, column: a.field })),
    noTotals: query.totals === 'none',
  };
}

const T = 'invoicing_invoices';

async function list(o: InvoicingFloorOptions, req: ListRequest): Promise<Row> {
  const where = ['t.fk_company = ?'];
  const args: unknown[] = [o.companyId];
  if (req.status) { where.push('t.status = ?'); args.push(req.status); }
  if (req.customer) { where.push('t.fk_receiverCustomer = ?'); args.push(req.customer); }
  const indexed = !!(req.search && o.nameColumn?.indexed && !req.scan);
  // SQLite without statistics would walk the company's index and test each row against the search
  // index; `+` keeps these terms off the indexes, so the rows are read by the search's rowids only
  if (indexed && o.engine === 'sqlite') where.forEach((w, i) => { where[i] = `+${w}`; });
  if (req.search && o.nameColumn) {
    const [sql, bound] = indexed
      ? indexedContains(o.engine, T, o.nameColumn.column, req.needle ?? '')
      : contains(o.engine, `t.${o.nameColumn.column}`, req.search);
    where.push(sql);
    args.push(...bound);
  }
  // `date` is never NULL: every invoice has one
  const [pageSql, pageArgs] = pageStatement(T, where, args, { column: 'date', descending: true }, req);

  let totals: Promise<unknown> | null = null;
  if (req.noTotals) {
    const fetched = rowsOf(o.engine, await o.db.raw(pageSql, pageArgs as Knex.Value[]));
    const rows = fetched.slice(0, req.quantity);
    const last = rows[rows.length - 1];
    return { data: rows, count: null, next: fetched.length > req.quantity && last ? encodeCursor({ f: 'date', a: false, v: last.date, i: last._id }) : null, aggregation: {} };
  }
  if (!req.cursor?.t) {
    if (where.length === 1) {
      // no filter: each figure from its own covering (fk_company, column) index
      const sub = (expr: string) => `(SELECT ${expr} FROM ${T} t WHERE t.fk_company = ?)`;
      const parts = [`${sub('COUNT(*)')} AS n`, ...req.sums.map((s, i) => `${sub(`SUM(t.${s.column})`)} AS s${i}`)];
      totals = o.db.raw(`SELECT ${parts.join(', ')}`, Array(1 + req.sums.length).fill(o.companyId));
    } else {
      const parts = ['COUNT(*) AS n', ...req.sums.map((s, i) => `SUM(t.${s.column}) AS s${i}`)];
      totals = o.db.raw(`SELECT ${parts.join(', ')} FROM ${T} t WHERE ${where.join(' AND ')}`, args as Knex.Value[]);
    }
  }
  const [fetched, counted] = await Promise.all([o.db.raw(pageSql, pageArgs as Knex.Value[]), totals]);
  const t = req.cursor?.t ?? (() => {
    const row = rowsOf(o.engine, counted)[0] ?? {};
    return { n: Number(row.n), s: req.sums.map((_, i) => (row[`s${i}`] ?? null) as string | number | null) };
  })();
  const all = rowsOf(o.engine, fetched);
  const rows = all.slice(0, req.quantity);
  const last = rows[rows.length - 1];
  const aggregation: Record<string, { sum: number }> = {};
  req.sums.forEach((s, i) => { aggregation[s.name] = { sum: new Decimal(String(t.s[i] ?? 0)).div(10_000).toNumber() }; });
  return {
    data: rows,
    count: t.n,
    next: all.length > req.quantity && last
      ? encodeCursor({ f: 'date', a: false, v: last.date, i: last._id, t })
      : null,
    aggregation,
  };
}

// ---------------------------------------------------------------------------------------------
// create + emit

interface LineBody { quantity?: number; vat?: number; labelPrimary?: string; exclTaxesPrice?: number; type?: string }

const COMPANY_FIELDS = ['name', 'capital', 'address', 'naf', 'rm', 'siren', 'siret', 'status', 'telBusiness', 'telMobile', 'vatNumber', 'invoiceFreeData', 'numbering'];

const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : Buffer.isBuffer(v) ? JSON.parse(v.toString('utf8')) : v);

/** Defaults of an invoice as the repository fills them, taken once (../rows.ts). */
function invoiceDefaults(companyId: string): Row {
  const now = new Date().toISOString();
  return defaultsOf(Invoices, { _id: newId(), date: now, metadata: { creationDate: now, lastModificationDate: now, createdBy: null, lastModifiedBy: null }, fk: { company: companyId } });
}

async function createAndEmit(o: InvoicingFloorOptions, defaults: Row, body: { customerId: string; items: LineBody[] }): Promise<Row> {
  const computed = computeDocument({ items: body.items, subjectToVAT: true, vatCalculationMethod: 'rounded-total' });
  const customerRow = await o.db('contacts_customers').where({ _id: body.customerId, fk_company: o.companyId })
    .first('civ', 'company', 'firstname', 'name', 'telHome', 'telMobile', 'vatNumber', 'addresses');
  if (!customerRow) throw Object.assign(new Error('client introuvable'), { status: 400 });
  const customer = Object.fromEntries(Object.entries(customerRow).filter(([, v]) => v !== null));
  customer.addresses = parseJson(customer.addresses) ?? [];
  const receiver = receiverFromCustomer(customer as Parameters<typeof receiverFromCustomer>[0]);

  return o.db.transaction(async (trx) => {
    const locked = trx('kernel_companies').where('_id', o.companyId).first(COMPANY_FIELDS);
    if (o.engine === 'mysql') locked.forUpdate();
    const c = (await locked) as Row;
    const numbering = parseJson(c.numbering) as Record<string, { next?: number; minDigits?: number; prefix?: string; suffix?: string }>;
    const setting = { next: 1, minDigits: 7, prefix: '', suffix: '', ...numbering.invoice };
    const company = Object.fromEntries(Object.entries(c).filter(([k, v]) => v !== null && k !== 'numbering')) as Row;
    if (company.capital !== undefined) company.capital = new Decimal(String(company.capital)).div(10_000).toNumber();
    if (company.address !== undefined) company.address = parseJson(company.address);
    const head = await trx(T).where('fk_company', o.companyId).whereNotNull('number').orderBy('number', 'desc').first('hash');
    const now = new Date().toISOString();
    const number = setting.next;
    const doc: Row = {
      ...structuredClone(defaults),
      _id: newId(),
      subjectToVAT: true,
      vatCalculationMethod: 'rounded-total',
      ...computed,
      ...settleInvoice(computed, []),
      date: now,
      ...(company.invoiceFreeData ? { freeData: company.invoiceFreeData } : {}),
      receiver,
      sender: senderFromCompany(company as unknown as Company),
      number,
      numberFull: formatDocumentNumber(setting, number),
      userName: o.authorName,
      metadata: { creationDate: now, lastModificationDate: now, createdBy: o.authorId, lastModifiedBy: o.authorId },
      fk: { ...(defaults.fk as Row), company: o.companyId, receiverCustomer: body.customerId },
    };
    // the plugin's computed fields (`receiverName`), as the repository sets them on every write
    applyDerived(Invoices, doc);
    doc.hash = invoiceHash((head?.hash as string | undefined) ?? null, doc);
    await trx(T).insert(encodeRow(Invoices, doc));
    numbering.invoice = { ...setting, next: number + 1 };
    await trx('kernel_companies').where('_id', o.companyId).update({ numbering: JSON.stringify(numbering) });
    return { _id: doc._id, number, numberFull: doc.numberFull, inclTaxesPrice: doc.inclTaxesPrice };
  });
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startInvoicingFloor(o: InvoicingFloorOptions): Promise<InvoicingFloor> {
  const app = new Koa();
  const defaults = invoiceDefaults(o.companyId);
  app.use(async (ctx) => {
    try {
      if (ctx.method === 'GET' && ctx.path === '/invoices') {
        ctx.body = await list(o, readList(ctx.query as Record<string, unknown>, o.nameColumn));
        return;
      }
      if (ctx.method === 'POST' && ctx.path === '/invoices') {
        ctx.status = 201;
        ctx.body = await createAndEmit(o, defaults, (await readBody(ctx.req)) as { customerId: string; items: LineBody[] });
        return;
      }
      ctx.status = 404;
      ctx.body = { status: 404 };
    } catch (e) {
      ctx.status = (e as { status?: number }).status ?? 500;
      ctx.body = { message: String((e as Error).message).slice(0, 500) };
    }
  });
  return listen(app, o.db);
}
