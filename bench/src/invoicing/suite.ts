/**
 * `npm run bench -- --suite=invoicing`: the invoicing plugin on a company with 100 000 invoices.
 *
 * Per engine: a fresh database, the kernel booted with contacts, catalogue and invoicing, the
 * company made able to invoice through the API, the data set (data.ts) written into the plugins'
 * tables, the kernel booted again on it, the floor (floor.ts) on its own connection, then:
 * 1. the list requests (scenarios.ts) against both, each first checked for the same answer
 *    (../compare.ts, as the kernel suite does);
 * 2. create + emit: invoices per second, one at a time then 10 at a time, kernel and floor
 *    interleaved; then the checks: every number given consecutive and unique, the hash chain intact;
 * 3. the plans of the list statements, and the statements one request sends;
 * 4. the lists whose totals it serves measured again with the index proposed to the plugin —
 *    skipped, and said so in the report, when the plugin's migrations already made an index
 *    with those columns.
 */
import path from 'node:path';
import type { Knex } from 'knex';
import { indexesOf, type BenchDatabase, type Engine } from '../database.ts';
import { ChildRunner } from '../child.ts';
import { cursorFor, listDifferences, runScenario, samePageNote, walkNote, type CompareContext } from '../compare.ts';
import { bootOnData, onFreshDatabase, settleTables, type RunSize } from '../engine-run.ts';
import { postJson, sessionHeaders } from '../http.ts';
import { BENCH_ADMIN, login } from '../kernel.ts';
import { interleave, mergeCounts, type LoadProcess } from '../measure.ts';
import { scenarioFindings, type RunReport, type ScenarioResult } from '../report.ts';
import { captureQueries, explain, isKernelPage, isKernelTotals, pickQuery, shortSql, type Captured, type ExplainOptions } from '../sql-capture.ts';
import { decodeRow, entityColumns, stripNulls } from '../../../server/src/db/record-codec.ts';
import { invoiceHash } from '../../../plugins/invoicing/server/services/emission/hash-chain.ts';
import { Invoices } from '../../../plugins/invoicing/server/entities.ts';
import { INVOICING_PLUGINS, bootInvoicingCompany, raiseInvoiceCounter } from './boot.ts';
import { generateInvoices, type InvoiceDataReport } from './data.ts';
import { startInvoicingFloor } from './floor.ts';
import { QUANTITY, deepPages, firstPages, invoicesQuery, pageFloorScenarios, type Filters, type InvoiceScenario } from './scenarios.ts';
import { rebuildTotals } from '../../../server/src/db/totals/sync.ts';
import { totalsSpecOf } from '../../../server/src/db/totals/spec.ts';
import type { WriteJob, WriteSummary } from './write-load.ts';
import type { BackgroundQueue } from '../../../server/src/events/background.ts';

export type SuiteArgs = RunSize;

export interface WriteResult {
  id: string;
  title: string;
  concurrency: number;
  kernel: WriteSummary | null;
  floor: WriteSummary | null;
  /** the e-invoices still queued after each kernel half, and the time they took (not in its rate) */
  drains?: Drain[];
}

export interface StatementListing { title: string; statements: string[] }

export interface InvoicingReport extends RunReport {
  generation: InvoiceDataReport | null;
  /** the same lists measured again with the proposed index */
  whatIf: ScenarioResult[];
  /** what the what-if step did, or why it was skipped */
  whatIfNote: string;
  writes: WriteResult[];
  checks: string[];
  statements: StatementListing[];
}

/**
 * The covering index proposed to the invoicing plugin for the list totals: COUNT(*) and the sums of
 * inclTaxesPrice and unpaidAmount, for the whole company or one status, read from the index alone.
 */
const PROPOSED_INDEX = ['fk_company', 'status', 'inclTaxesPrice', 'unpaidAmount'] as const;
/** plans with the time of the statement alone (SQLite); MariaDB's `possible_keys` (every index of the table, here a dozen) left out: `key` is what was used */
const EXPLAIN: ExplainOptions = { timeOnSqlite: true, omitColumns: ['possible_keys'] };
const log = (line: string) => console.log(line);

// ---------------------------------------------------------------------------------------------
// create + emit

/** the create + emit loops in their own process (write-load.ts) */
class WriteProcess extends ChildRunner<WriteJob, WriteSummary> {
  constructor() {
    super(path.join(import.meta.dirname, 'write-load.ts'), 'write');
  }
}

function combineWrites(parts: WriteSummary[]): WriteSummary {
  const invoices = parts.reduce((a, p) => a + p.invoices, 0);
  const seconds = parts.reduce((a, p) => a + p.seconds, 0);
  return {
    invoices, seconds, perSecond: seconds ? invoices / seconds : 0,
    p50: invoices ? parts.reduce((a, p) => a + p.p50 * p.invoices, 0) / invoices : 0,
    p99: Math.max(...parts.map((p) => p.p99)),
    failures: parts.reduce((a, p) => a + p.failures, 0),
    statusCodes: mergeCounts(parts.map((p) => p.statusCodes)),
    firstError: parts.find((p) => p.firstError)?.firstError ?? null,
    ids: parts.flatMap((p) => p.ids),
  };
}

/** What the kernel's background subscriptions (the frozen e-invoices) did after a kernel half. */
export interface Drain { renders: number; ms: number }

/**
 * Kernel and floor, each half the duration, interleaved (../measure.ts). After each kernel half the
 * kernel's background work (each emitted invoice's e-invoice, rendered after the answer) is waited
 * for before anything else is measured, so that it never runs during the floor's half; its time is
 * reported apart (`drains`).
 */
async function measureWrites(
  writer: WriteProcess, bases: { kernel: string; floor: string }, headers: Record<string, string>,
  duration: number, customers: string[], concurrency: number, background: BackgroundQueue,
): Promise<{ kernel: WriteSummary; floor: WriteSummary; drains: Drain[] }> {
  const job = (target: 'kernel' | 'floor'): WriteJob => ({
    target, base: bases[target], headers: target === 'kernel' ? headers : {},
    concurrency, seconds: duration / 2, customers,
  });
  const drains: Drain[] = [];
  const kernelHalf = async () => {
    const summary = await writer.run(job('kernel'));
    const renders = background.size;
    const started = performance.now();
    await background.idle();
    drains.push({ renders, ms: performance.now() - started });
    return summary;
  };
  const parts = await interleave(kernelHalf, () => writer.run(job('floor')));
  return { kernel: combineWrites(parts.kernel), floor: combineWrites(parts.floor), drains };
}

/**
 * How long the company's counter stays locked in a captured create + emit: from the statement that
 * reads the counter (`numbering` of kernel_companies) to the end of the COMMIT that follows.
 */
function lockSpan(queries: Captured[]): number | null {
  const start = queries.findIndex((q) => /numbering/.test(q.sql) && /^select/i.test(q.sql.trim()));
  if (start < 0) return null;
  const commit = queries.slice(start).find((q) => /^commit/i.test(q.sql.trim()));
  if (!commit || commit.at === undefined || queries[start].at === undefined) return null;
  return commit.at + (commit.ms ?? 0) - queries[start].at!;
}

/** Every number given is consecutive from 1, unique, and the counter is right after the last. */
async function checkNumbers(db: Knex, companyId: string, writtenIds: string[]): Promise<string[]> {
  const out: string[] = [];
  const rows = (await db('invoicing_invoices').where('fk_company', companyId).whereNotNull('number')
    .orderBy('number').select('number', 'numberFull')) as { number: number; numberFull: string }[];
  let gaps = 0;
  let dups = 0;
  for (let i = 0; i < rows.length; i++) {
    const n = Number(rows[i].number);
    if (i > 0 && n === Number(rows[i - 1].number)) dups++;
    else if (n !== (i === 0 ? 1 : Number(rows[i - 1].number) + 1)) gaps++;
  }
  const fulls = new Set(rows.map((r) => r.numberFull));
  const max = rows.length ? Number(rows[rows.length - 1].number) : 0;
  const company = await db('kernel_companies').where('_id', companyId).first('numbering');
  const numbering = (typeof company.numbering === 'string' ? JSON.parse(company.numbering) : company.numbering) as { invoice?: { next?: number } };
  const next = numbering.invoice?.next ?? 1;
  const ok = gaps === 0 && dups === 0 && fulls.size === rows.length && next === max + 1;
  out.push(`${ok ? 'numbers OK' : 'NUMBERS WRONG'}: ${rows.length.toLocaleString('en-US')} numbered invoices, 1 to ${max.toLocaleString('en-US')}, ${gaps} gap(s), ${dups} duplicate number(s), ${rows.length - fulls.size} duplicate numberFull, counter next = ${next}${next === max + 1 ? ' (last + 1)' : ` (expected ${max + 1})`}`);
  // every invoice the load answered as emitted has its number
  let missing = 0;
  for (let i = 0; i < writtenIds.length; i += 500) {
    const chunk = writtenIds.slice(i, i + 500);
    const found = await db('invoicing_invoices').whereIn('_id', chunk).whereNotNull('numberFull').count({ n: '*' }).first();
    missing += chunk.length - Number((found as { n: unknown }).n);
  }
  out.push(`${missing === 0 ? 'all' : `MISSING ${missing} of`} the ${writtenIds.length.toLocaleString('en-US')} invoices answered as emitted during the load are stored with their number`);
  const drafts = await db('invoicing_invoices').where('fk_company', companyId).whereNull('numberFull').count({ n: '*' }).first();
  out.push(`drafts in the table after the load: ${Number((drafts as { n: unknown }).n).toLocaleString('en-US')} (the data set's, plus any draft whose emission failed)`);
  return out;
}

/**
 * The hash chain from `from` to the last number: each stored hash recomputed from the stored
 * document (as the repository decodes it) and the previous hash, as issue 6's verifier will.
 */
async function checkChain(db: Knex, companyId: string, from: number, kernelIds: Set<string>): Promise<string> {
  let prev: string | null = null;
  let ok = 0;
  const bad: string[] = [];
  for (let lo = from; ; lo += 2000) {
    const rows = (await db('invoicing_invoices').where('fk_company', companyId).where('number', '>=', lo).where('number', '<', lo + 2000).orderBy('number')) as Record<string, unknown>[];
    if (!rows.length) break;
    for (const r of rows) {
      if (prev !== null) {
        const doc = stripNulls(Invoices, decodeRow<Record<string, unknown>>(Invoices, r));
        if (invoiceHash(prev, doc) === r.hash) ok++;
        else bad.push(`${String(r.numberFull)} (${kernelIds.has(String(r._id)) ? 'kernel' : 'floor or data set'})`);
      }
      prev = String(r.hash);
    }
  }
  return bad.length
    ? `HASH CHAIN BROKEN at ${bad.length} of ${ok + bad.length} links from number ${from}: first ${bad.slice(0, 3).join(', ')}`
    : `hash chain OK: the ${ok.toLocaleString('en-US')} links from number ${from.toLocaleString('en-US')} (the end of the data set, then every invoice of the runs, kernel and floor) recompute from the stored documents`;
}

// ---------------------------------------------------------------------------------------------

/** A searchable column holding the receiver's name, if the plugin's table has one. */
function receiverNameColumn(): { path: string; column: string; indexed: boolean } | null {
  const cols = entityColumns(Invoices);
  const c = cols.find((x) => x.queryable && ['string', 'text'].includes(x.kind) && /receiver.*name|customer.*name|receivername|displayname/i.test(x.path));
  return c ? { path: c.path, column: c.column, indexed: (Invoices.search ?? []).includes(c.path) } : null;
}

/** An index of `table` whose leading columns are `columns`, in this order: its name, or null. */
async function indexLedBy(db: Knex, engine: Engine, table: string, columns: readonly string[]): Promise<string | null> {
  const found = (await indexesOf(db, engine, table)).find((ix) => columns.every((c, i) => ix.columns[i] === c));
  return found?.name ?? null;
}

/** `live`: the databases the command drops if it is interrupted (run.ts) */
export async function runInvoicingEngine(engine: Engine, args: SuiteArgs, runner: LoadProcess, live: Set<BenchDatabase>): Promise<InvoicingReport> {
  const extra = { generation: null, whatIf: [], whatIfNote: '', writes: [], checks: [], statements: [] };
  return onFreshDatabase<InvoicingReport>(engine, args, live, 'invoicing — ', extra, async (database, report, held) => {
    const { first, admin, companyId, headers, authorName, company } = await bootInvoicingCompany(database);
    held.booted = first;
    report.boot.empty = first.bootMs;

    const gdb = database.open();
    try {
      report.generation = await generateInvoices({
        db: gdb, engine, companyId, company, invoices: args.rows, customers: Math.max(50, Math.round(args.rows / 50)),
        authorId: admin.userId, authorName, log,
      });
      // the rows went in straight: their maintained totals are counted as the boot would for a new declaration
      const started = performance.now();
      const groups = await rebuildTotals(gdb, totalsSpecOf(Invoices)!);
      report.environment.push(`maintained totals of the invoices counted from the data set: ${groups} groups in ${Math.round(performance.now() - started)} ms`);
      report.environment.push(...await settleTables(gdb, engine, ['invoicing_invoices', 'contacts_customers']));
      const avg = await gdb('invoicing_invoices').avg({ items: gdb.raw('length(items)') }).first();
      report.environment.push(`average size of an invoice's JSON columns: items ${Math.round(Number((avg as { items: unknown }).items))} bytes`);
    } finally {
      await gdb.destroy();
    }
    const g = report.generation!;
    // the counter after the last number written
    await raiseInvoiceCounter(first.url, company, g.lastNumber + 1, headers);
    console.log(`  data set: ${(g.ms.total / 1000).toFixed(1)} s (${(g.cpuMs / 1000).toFixed(1)} s CPU in this process)`);

    const booted = await bootOnData(database, report, held, INVOICING_PLUGINS);
    // a new session on the new kernel (sessions are in the database: the token stays valid, but log in as a user would)
    const again = await login(booted.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const h = sessionHeaders(again.token, companyId);

    const nameColumn = receiverNameColumn();
    const floor = await startInvoicingFloor({ db: database.open(), engine, companyId, authorId: admin.userId, authorName, nameColumn });
    held.floor = floor;
    const ctx: CompareContext = {
      duration: args.duration, connections: args.connections, runner, booted, floor, captured: new Map(), floorCaptured: new Map(),
    };
    const run = (s: InvoiceScenario, notes: string[] = []) => runScenario(ctx, s, {
      kernel: `${booted.url}/api/invoicing${s.path}`, floor: `${floor.url}${s.floorPath}`, headers: h,
    }, notes, { noteAnswer: true });

    // the customer with the most invoices
    const fdb = floor.db;
    const top = await fdb('invoicing_invoices').where('fk_company', companyId).groupBy('fk_receiverCustomer')
      .select('fk_receiverCustomer as id').count({ n: '*' }).orderBy('n', 'desc').first() as { id: string; n: number };
    const cust = await fdb('contacts_customers').where('_id', top.id).first('displayName');

    // 1. lists
    const firsts = firstPages({ namePath: nameColumn?.path ?? null, nameIndexed: nameColumn?.indexed ?? false, customerId: top.id, customerLabel: `${String(cust?.displayName ?? top.id)}, ${Number(top.n)} invoices` });
    for (const { scenario } of firsts) report.results.push(await run(scenario));
    // the default list and its tabs against a page that reads no totals: same rows, same next page
    for (const s of pageFloorScenarios()) {
      report.results.push(await runScenario(ctx, s, { kernel: `${booted.url}/api/invoicing${s.path}`, floor: `${floor.url}${s.floorPath}`, headers: h }, [], {
        noteAnswer: true,
        compare: async (k, f) => listDifferences(k as never, { ...f, body: { ...(f.body as object), count: (k.body as { count?: number }).count, aggregation: (k.body as { aggregation?: unknown }).aggregation } } as never),
      }));
    }
    if (!nameColumn) {
      report.findings.push('**no receiver-name search**: the invoices table has no searchable column for the receiver or customer name (`receiver` is a JSON column, refused by filters), so the search box of the « Factures » screen cannot search by customer name: scenarios i4 and i5 (contains on the name, alone and with the status) are not run. See bench/README.md, invoicing section.');
    }
    const page = Math.max(2, Math.min(1000, Math.floor(args.rows / QUANTITY / 2)));
    const partially = Number(((await fdb('invoicing_invoices').where({ fk_company: companyId, status: 'partially_paid' }).count({ n: '*' }).first()) as { n: unknown }).n);
    const statusPage = Math.max(2, Math.floor(partially / QUANTITY / 2));
    const status: Filters = { status: { mode: 'eq', value: 'partially_paid' } };
    const kList = `${booted.url}/api/invoicing/invoices`;
    const fList = `${floor.url}/invoices`;
    const walk = (url: string, hh: Record<string, string>, filters: Filters | undefined, p: number) =>
      cursorFor((pagination) => `${url}?${invoicesQuery(filters, pagination)}`, hh, p, QUANTITY);
    const walks = {
      all: await walk(kList, h, undefined, page),
      floorAll: await walk(fList, {}, undefined, page),
      status: await walk(kList, h, status, statusPage),
      floorStatus: await walk(fList, {}, status, statusPage),
    };
    const deep = deepPages(page, statusPage, { all: walks.all.cursor, floorAll: walks.floorAll.cursor, status: walks.status.cursor, floorStatus: walks.floorStatus.cursor });
    const cursorNotes: Record<string, string[]> = {
      j2: [`kernel cursor: ${walkNote(walks.all)}`, `floor cursor: ${walkNote(walks.floorAll)}`],
      j3: [`kernel cursor: ${walkNote(walks.status)}`, `floor cursor: ${walkNote(walks.floorStatus)}`],
    };
    for (const s of deep) report.results.push(await run(s, cursorNotes[s.id] ?? []));
    // the page by cursor is the page by number
    const same = await samePageNote(`${booted.url}/api/invoicing${deep[0].path}`, `${booted.url}/api/invoicing${deep[1].path}`, h, page);
    if (same) report.results.find((r) => r.id === 'j2')!.notes.push(same);

    // 2. create + emit
    const customers = ((await fdb('contacts_customers').where('fk_company', companyId).orderBy('_id').select('_id')) as { _id: string }[]).map((c) => c._id);
    // one invoice at a time, 7 times: the statements of the last, the median time the counter stays locked
    const line = { labelPrimary: 'Baguette tradition (lot de 10)', vat: 5.5, exclTaxesPrice: 11.5, quantity: 2 };
    // one request; the e-invoice it queues is rendered after the answer, outside the capture
    const kernelOnce = async () => {
      const captured = await captureQueries(booted.kernel.db, async () => {
        const e = await postJson(`${kList}/emit`, { fk: { receiverCustomer: customers[0] }, items: [line] }, h);
        return { d: e, e };
      });
      // the request is one transaction: what follows its COMMIT is the background render starting
      const commit = captured.queries.findIndex((q) => /^commit/i.test(q.sql.trim()));
      if (commit >= 0) captured.queries.splice(commit + 1);
      await booted.kernel.background.idle();
      return captured;
    };
    const floorOnce = () => captureQueries(fdb, () => postJson(`${floor.url}/invoices`, { customerId: customers[0], items: [line] }));
    const kRuns: Awaited<ReturnType<typeof kernelOnce>>[] = [];
    const fRuns: Awaited<ReturnType<typeof floorOnce>>[] = [];
    // the kernel's seven one after the other, then the floor's: the floor does not move the chain's
    // stored head, so interleaved each kernel emission would find it stale and read the previous
    // invoice by number (its fallback), which a company never sees
    for (let i = 0; i < 7; i++) kRuns.push(await kernelOnce());
    for (let i = 0; i < 7; i++) fRuns.push(await floorOnce());
    const once = kRuns[kRuns.length - 1];
    const onceFloor = fRuns[fRuns.length - 1];
    if (once.result.e.status !== 201) {
      const logged = booted.logs.errors[0];
      report.findings.push(`**create + emit fails on the kernel**: HTTP ${once.result.e.status} ${JSON.stringify(once.result.e.body).slice(0, 300)}${logged ? ` — logged: ${logged}` : ''}`);
    }
    const median = (xs: (number | null)[]) => {
      const v = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
      return v.length ? v[v.length >> 1] : null;
    };
    const fmt = (x: number | null) => (x === null ? 'n/a' : `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`);
    const kLock = median(kRuns.map((r) => lockSpan(r.queries)));
    const fLock = median(fRuns.map((r) => lockSpan(r.queries)));
    report.checks.push(`one invoice alone, median of 7: the company's counter stays locked ${fmt(kLock)} in the kernel's emission, ${fmt(fLock)} in the floor's transaction (from the counter read to the end of COMMIT)`);
    const span = (q: Captured[]) => { const x = lockSpan(q); return x === null ? '' : `, counter locked ${fmt(x)}`; };
    report.statements.push({ title: `kernel: one create + emit (POST /invoices/emit) — ${once.queries.length} statements${span(once.queries)}`, statements: once.queries.map(shortSql) });
    report.statements.push({ title: `floor: one create + emit (POST /invoices) — ${onceFloor.queries.length} statements${span(onceFloor.queries)}`, statements: onceFloor.queries.map(shortSql) });

    const writer = new WriteProcess();
    held.stops.push(() => writer.stop());
    const written: string[] = [
      ...kRuns.filter((r) => r.result.e.status === 201).map((r) => String(r.result.d.body._id)),
      ...fRuns.filter((r) => r.result.status === 201).map((r) => String(r.result.body._id)),
    ];
    for (const [id, concurrency] of [['w1', 1], ['w2', 10]] as const) {
      process.stdout.write(`  ${id}. create + emit, ${concurrency === 1 ? 'one at a time' : `${concurrency} at a time`}: `);
      booted.logs.reset();
      const m = await measureWrites(writer, { kernel: booted.url, floor: floor.url }, h, args.duration, customers, concurrency, booted.kernel.background);
      written.push(...m.kernel.ids, ...m.floor.ids);
      const w: WriteResult = {
        id, title: `create (3 lines) + emit in one request, ${concurrency === 1 ? 'sequential' : `${concurrency} concurrent`}`, concurrency, kernel: m.kernel, floor: m.floor, drains: m.drains,
      };
      report.writes.push(w);
      if (m.kernel.failures && booted.logs.errors[0]) m.kernel.firstError = `${m.kernel.firstError ?? ''} — logged: ${booted.logs.errors[0]}`;
      console.log(`kernel ${m.kernel.perSecond.toFixed(1)} invoices/s${m.kernel.failures ? ` (${m.kernel.failures} failed: ${m.kernel.firstError})` : ''}, floor ${m.floor.perSecond.toFixed(1)} invoices/s${m.floor.failures ? ` (${m.floor.failures} failed: ${m.floor.firstError})` : ''}, ratio ${(m.kernel.perSecond / (m.floor.perSecond || 1)).toFixed(2)}`);
    }
    report.checks.push(...await checkNumbers(fdb, companyId, written));
    const kernelIds = new Set([...kRuns.map((r) => String(r.result.d.body?._id)), ...report.writes.flatMap((w) => w.kernel?.ids ?? [])]);
    report.checks.push(await checkChain(fdb, companyId, Math.max(1, g.lastNumber - 10), kernelIds));
    for (const c of report.checks) console.log(`  ${c}`);

    // 3. statements and plans
    for (const id of ['i1', 'i2', 'j2']) {
      const k = ctx.captured.get(id);
      const f = ctx.floorCaptured.get(id);
      if (k) report.statements.push({ title: `kernel: ${id} — ${k.length} statements`, statements: k.map(shortSql) });
      if (f) report.statements.push({ title: `floor: ${id} — ${f.length} statements`, statements: f.map(shortSql) });
    }
    const floorPage = (sql: string) => /ORDER BY r\.date/.test(sql);
    const floorTotals = (sql: string) => /COUNT\(\*\)/.test(sql);
    const plans: [string, Captured | undefined][] = [
      ['i1 — kernel page query', pickQuery(ctx.captured, 'i1', isKernelPage)],
      ['i1 — kernel count + sums query', pickQuery(ctx.captured, 'i1', isKernelTotals)],
      ['i1 — floor page query', pickQuery(ctx.floorCaptured, 'i1', floorPage)],
      ['i1 — floor count + sums query (one covering index per figure)', pickQuery(ctx.floorCaptured, 'i1', floorTotals)],
      ['i2 — kernel page query (status)', pickQuery(ctx.captured, 'i2', isKernelPage)],
      ['i2 — kernel count + sums query (status)', pickQuery(ctx.captured, 'i2', isKernelTotals)],
      ['i2 — floor page query (status)', pickQuery(ctx.floorCaptured, 'i2', floorPage)],
      ['i3 — kernel page query (customer)', pickQuery(ctx.captured, 'i3', isKernelPage)],
      ['i3 — kernel count + sums query (customer)', pickQuery(ctx.captured, 'i3', isKernelTotals)],
      ['i4 — kernel page query (name search)', pickQuery(ctx.captured, 'i4', isKernelPage)],
      ['i4 — kernel count + sums query (name search)', pickQuery(ctx.captured, 'i4', isKernelTotals)],
      ['j1 — kernel page query (page by number)', pickQuery(ctx.captured, 'j1', isKernelPage)],
      ['j2 — kernel page query (by cursor)', pickQuery(ctx.captured, 'j2', isKernelPage)],
      ['j2 — floor page query (by cursor)', pickQuery(ctx.floorCaptured, 'j2', floorPage)],
      ['j3 — kernel page query (status, by cursor)', pickQuery(ctx.captured, 'j3', isKernelPage)],
    ];
    for (const [title, q] of plans) if (q) report.explains.push(await explain(fdb, engine, title, q, EXPLAIN));
    report.findings.push(...scenarioFindings(report.results));
    for (const w of report.writes) {
      if (w.kernel && w.floor && w.floor.perSecond > 0 && w.kernel.perSecond / w.floor.perSecond < 0.5) {
        report.findings.push(`**${w.id}** creates and emits at ${(w.kernel.perSecond / w.floor.perSecond).toFixed(2)} of the floor's rate.`);
      }
    }

    // 4. what if: the index proposed for the totals (bench/README.md), on this throwaway database,
    // unless the plugin's migrations made one with these columns already
    const existing = await indexLedBy(fdb, engine, 'invoicing_invoices', PROPOSED_INDEX);
    if (existing) {
      report.whatIfNote = `The invoices table already has an index led by the proposed columns (${PROPOSED_INDEX.join(', ')}): \`${existing}\`, made by the plugin's migrations. `
        + 'The what-if step is skipped: the lists above were measured with it.';
      console.log(`  the proposed index (${PROPOSED_INDEX.join(', ')}) is already there (${existing}): no what-if step`);
      return;
    }
    const started = performance.now();
    await fdb.schema.alterTable('invoicing_invoices', (tb) => { tb.index([...PROPOSED_INDEX], 'bench_proposed_totals_idx'); });
    if (engine === 'mysql') await fdb.raw('ANALYZE TABLE invoicing_invoices');
    report.whatIfNote = `The index (${PROPOSED_INDEX.join(', ')}) created on this database after everything above (the table then also holds the invoices of the create + emit runs), in ${((performance.now() - started) / 1000).toFixed(1)} s; the same requests again:`;
    console.log(`  with the proposed index (${PROPOSED_INDEX.join(', ')}):`);
    const remeasured = [...firsts.map((x) => x.scenario), ...deep].filter((x) => ['i1', 'i2', 'j1'].includes(x.id));
    for (const sc of remeasured) report.whatIf.push(await run({ ...sc, id: `${sc.id}+`, title: `${sc.title} — with the index` }));
    for (const id of ['i1+', 'i2+']) {
      const q = pickQuery(ctx.captured, id, isKernelTotals);
      if (q) report.explains.push(await explain(fdb, engine, `${id} — kernel count + sums query, with the proposed index`, q, EXPLAIN));
    }
  });
}
