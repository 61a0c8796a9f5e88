/**
 * `npm run bench -- --suite=invoicing`: the invoicing plugin on a company with 100 000 invoices.
 *
 * Per engine: a fresh database, the kernel booted with contacts, catalogue and invoicing, the
 * company made able to invoice through the API, the data set (data.ts) written into the plugins'
 * tables, the kernel booted again on it, the floor (floor.ts) on its own connection, then:
 * 1. the list requests (scenarios.ts) against both, each first checked for the same answer;
 * 2. create + emit: invoices per second, one at a time then 10 at a time, kernel and floor
 *    interleaved; then the checks: every number given consecutive and unique, the hash chain intact;
 * 3. the plans of the list statements, and the statements one request sends;
 * 4. the lists whose totals it serves measured again with the index proposed to the plugin.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Company } from '@comptoir/schemas';
import { freshDatabase, type BenchDatabase, type Engine } from '../database.ts';
import { BENCH_ADMIN, getJson, login, postJson, type BootedKernel, type JsonAnswer } from '../kernel.ts';
import { measurePair, probe, type LoadProcess } from '../measure.ts';
import { ratioOf, type Explain, type ScenarioResult, type Side } from '../report.ts';
import { decodeRow, entityColumns, stripNulls } from '../../../server/src/db/record-codec.ts';
import { invoiceHash } from '../../../plugins/invoicing/server/services/hash-chain.ts';
import { Invoices } from '../../../plugins/invoicing/server/entities.ts';
import { bootWithPlugins, INVOICING_COMPANY, putJson } from './boot.ts';
import { generateInvoices, type InvoiceDataReport } from './data.ts';
import { startInvoicingFloor, type InvoicingFloor } from './floor.ts';
import { QUANTITY, deepPages, firstPages, invoicesQuery, type Filters, type InvoiceScenario } from './scenarios.ts';
import { captureQueries, explain, lockSpan, shortSql, type Captured } from './explain.ts';
import type { WriteJob, WriteSummary } from './write-load.ts';

export interface SuiteArgs { rows: number; duration: number; connections: number }

export interface WriteResult {
  id: string;
  title: string;
  concurrency: number;
  kernel: WriteSummary | null;
  floor: WriteSummary | null;
}

export interface StatementListing { title: string; statements: string[] }

export interface InvoicingReport {
  engine: Engine;
  label: string;
  startedAt: Date;
  machine: string;
  rows: number;
  duration: number;
  connections: number;
  loadBefore: number[];
  loadAfter: number[];
  generation: InvoiceDataReport | null;
  boot: { empty: number; migrated: number[] };
  results: ScenarioResult[];
  /** the same lists measured again with the proposed index */
  whatIf: ScenarioResult[];
  whatIfNote: string;
  writes: WriteResult[];
  checks: string[];
  statements: StatementListing[];
  explains: Explain[];
  environment: string[];
  findings: string[];
  totalSeconds: number;
}

const MIN_ANSWERS = 20;
/**
 * The covering index proposed to the invoicing plugin for the list totals: COUNT(*) and the sums of
 * inclTaxesPrice and unpaidAmount, for the whole company or one status, read from the index alone.
 */
const PROPOSED_INDEX = ['fk_company', 'status', 'inclTaxesPrice', 'unpaidAmount'] as const;
const WALK_BUDGET_MS = 20_000;
const log = (line: string) => console.log(line);
const machine = () => `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}`;

type Body = { data?: { _id: string }[]; count?: number; next?: string | null; aggregation?: unknown };

/** The position a cursor names (sort, last value, last id), without the totals it carries. */
function position(c: string | null | undefined): string {
  if (!c) return 'null';
  const { t: _t, ...rest } = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as Record<string, unknown>;
  void _t;
  return JSON.stringify(rest);
}

function differences(k: JsonAnswer<Body>, f: JsonAnswer<Body>): string[] {
  const out: string[] = [];
  const kIds = (k.body.data ?? []).map((d) => d._id);
  const fIds = (f.body.data ?? []).map((d) => d._id);
  if (kIds.join() !== fIds.join()) out.push(`rows (${kIds.length} vs ${fIds.length} ids, first ${kIds[0]} vs ${fIds[0]})`);
  if (k.body.count !== f.body.count) out.push(`count ${k.body.count} vs ${f.body.count}`);
  if (JSON.stringify(k.body.aggregation ?? {}) !== JSON.stringify(f.body.aggregation ?? {})) {
    out.push(`aggregation ${JSON.stringify(k.body.aggregation)} vs ${JSON.stringify(f.body.aggregation)}`);
  }
  if (position(k.body.next) !== position(f.body.next)) out.push(`next ${position(k.body.next)} vs ${position(f.body.next)}`);
  return out;
}

/** The cursor of page `page` of a list: walked by `next` 500 rows at a time, or the `next` of page - 1 by number. */
async function cursorFor(url: string, headers: Record<string, string>, filters: Filters | undefined, page: number): Promise<{ cursor: string | null; how: string; error?: string }> {
  const target = (page - 1) * QUANTITY;
  const per = 500;
  let seen = 0;
  let cursor: string | null = null;
  let requests = 0;
  const started = performance.now();
  while (seen < target) {
    const quantity = Math.min(per, target - seen);
    const res: JsonAnswer<Body> = await getJson<Body>(`${url}?${invoicesQuery(filters, { quantity, ...(cursor ? { cursor } : {}) })}`, headers);
    if (res.status !== 200) return { cursor: null, how: 'walk by cursor', error: `HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 200)}` };
    seen += res.body.data?.length ?? 0;
    cursor = res.body.next ?? null;
    requests++;
    if (!cursor) return { cursor: null, how: 'walk', error: `the list ended after ${seen} rows` };
    const projected = ((performance.now() - started) / requests) * Math.ceil(target / per);
    if (requests === 2 && projected > WALK_BUDGET_MS) {
      const prev = await getJson<Body>(`${url}?${invoicesQuery(filters, { quantity: QUANTITY, page: page - 1 })}`, headers);
      if (prev.status !== 200) return { cursor: null, how: `\`next\` of page ${page - 1} by number`, error: `HTTP ${prev.status}` };
      return { cursor: prev.body.next ?? null, how: `\`next\` of page ${page - 1} by number (a walk by cursor would have taken about ${Math.round(projected / 1000)} s)` };
    }
  }
  return { cursor, how: `walked by cursor in ${requests} requests of up to ${per} rows (${((performance.now() - started) / 1000).toFixed(1)} s)` };
}

interface Ctx {
  args: SuiteArgs;
  runner: LoadProcess;
  booted: BootedKernel;
  floor: InvoicingFloor;
  headers: Record<string, string>;
  captured: Map<string, Captured[]>;
  floorCaptured: Map<string, Captured[]>;
}

async function runScenario(ctx: Ctx, s: InvoiceScenario, notes: string[] = []): Promise<ScenarioResult> {
  const kUrl = `${ctx.booted.url}/api/invoicing${s.path}`;
  const fUrl = `${ctx.floor.url}${s.floorPath}`;
  const result: ScenarioResult = {
    id: s.id, title: s.title, about: s.about, differences: [], notes: [...notes],
    kernel: { measured: null, queries: null }, floor: { measured: null, queries: null },
  };
  process.stdout.write(`  ${s.id}. ${s.title}: `);
  ctx.booted.logs.reset();
  // the fewer of two, so that the once-a-minute `lastAction` write of the session is not counted
  const countOnce = async (db: Knex, url: string, h: Record<string, string>) => {
    const a = await captureQueries([db], () => getJson(url, h));
    const b = await captureQueries([db], () => getJson(url, h));
    return b.queries.length < a.queries.length ? b : a;
  };
  const kProbe = await probe(kUrl, ctx.headers);
  const kCount = await countOnce(ctx.booted.kernel.db, kUrl, ctx.headers);
  ctx.captured.set(s.id, kCount.queries);
  result.kernel.queries = kCount.queries.length;
  const fProbe = await probe(fUrl, {});
  const fCount = await countOnce(ctx.floor.db, fUrl, {});
  ctx.floorCaptured.set(s.id, fCount.queries);
  result.floor.queries = fCount.queries.length;
  const kOk = kProbe.answer.status === 200;
  const fOk = fProbe.answer.status === 200;
  const seq = (p: { ms: number }, ok: boolean) => `${ok ? '' : 'failed in '}${p.ms < 10 ? p.ms.toFixed(1) : Math.round(p.ms)} ms`;
  result.notes.push(`one request alone (median of ${kProbe.requests} / ${fProbe.requests} sequential): kernel ${seq(kProbe, kOk)}, floor ${seq(fProbe, fOk)}`);
  if (!kOk) {
    const logged = ctx.booted.logs.errors[0];
    result.kernel.error = `HTTP ${kProbe.answer.status} ${JSON.stringify(kProbe.answer.body).slice(0, 200)}${logged ? ` — logged: ${logged}` : ''}`;
  }
  if (!fOk) result.floor.error = `HTTP ${fProbe.answer.status} ${JSON.stringify(fProbe.answer.body).slice(0, 200)}`;
  if (kOk && fOk) {
    result.differences = differences(kProbe.answer as JsonAnswer<Body>, fProbe.answer as JsonAnswer<Body>);
    const b = kProbe.answer.body as Body;
    result.notes.push(`answer: ${b.data?.length ?? 0} rows of ${b.count}, ${JSON.stringify(b.aggregation)}`);
  }
  const measured = await measurePair(
    ctx.runner,
    kOk ? { url: kUrl, headers: ctx.headers, single: kProbe.ms } : null,
    fOk ? { url: fUrl, headers: {}, single: fProbe.ms } : null,
    { duration: ctx.args.duration, connections: ctx.args.connections, minAnswers: MIN_ANSWERS },
  );
  result.kernel.measured = measured.kernel;
  result.floor.measured = measured.floor;
  if (ctx.booted.logs.count && kOk) result.notes.push(`${ctx.booted.logs.count} error line(s) logged by the kernel under load: ${ctx.booted.logs.errors[0]}`);
  const ratio = ratioOf(result);
  const side = (x: Side) => (x.measured ? `${x.measured.load.rps.toFixed(1)} req/s` : x.error ? `FAILS (${x.error.slice(0, 120)})` : 'n/a');
  console.log(`kernel ${side(result.kernel)}, floor ${side(result.floor)}${ratio === null ? '' : `, ratio ${ratio.toFixed(2)}`}${result.differences.length ? ` — DIFFERENT ANSWERS: ${result.differences.join('; ')}` : ''}`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// create + emit

class WriteProcess {
  private child: ChildProcess;
  private waiting: ((s: WriteSummary | { error: string }) => void) | null = null;
  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'write-load.ts'), [], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m) => { const w = this.waiting; this.waiting = null; w?.(m as WriteSummary); });
    this.child.on('exit', (code) => { const w = this.waiting; this.waiting = null; w?.({ error: `write process exited (${code})` }); });
  }
  run(job: WriteJob): Promise<WriteSummary> {
    return new Promise((resolve, reject) => {
      this.waiting = (s) => ('error' in s ? reject(new Error(s.error)) : resolve(s));
      this.child.send(job);
    });
  }
  stop() { this.child.kill(); }
}

function combineWrites(parts: WriteSummary[]): WriteSummary {
  const invoices = parts.reduce((a, p) => a + p.invoices, 0);
  const seconds = parts.reduce((a, p) => a + p.seconds, 0);
  const statusCodes: Record<string, number> = {};
  for (const p of parts) for (const [k, v] of Object.entries(p.statusCodes)) statusCodes[k] = (statusCodes[k] ?? 0) + v;
  return {
    invoices, seconds, perSecond: seconds ? invoices / seconds : 0,
    p50: invoices ? parts.reduce((a, p) => a + p.p50 * p.invoices, 0) / invoices : 0,
    p99: Math.max(...parts.map((p) => p.p99)),
    failures: parts.reduce((a, p) => a + p.failures, 0),
    statusCodes,
    firstError: parts.find((p) => p.firstError)?.firstError ?? null,
    ids: parts.flatMap((p) => p.ids),
  };
}

async function measureWrites(
  writer: WriteProcess, ctx: Ctx, customers: string[], concurrency: number,
): Promise<{ kernel: WriteSummary; floor: WriteSummary }> {
  const job = (target: 'kernel' | 'floor'): WriteJob => ({
    target, base: target === 'kernel' ? ctx.booted.url : ctx.floor.url, headers: target === 'kernel' ? ctx.headers : {},
    concurrency, seconds: ctx.args.duration / 2, customers,
  });
  const k: WriteSummary[] = [];
  const f: WriteSummary[] = [];
  // interleaved kernel, floor, floor, kernel: the machine's drifting load favours neither
  k.push(await writer.run(job('kernel')));
  f.push(await writer.run(job('floor')));
  f.push(await writer.run(job('floor')));
  k.push(await writer.run(job('kernel')));
  return { kernel: combineWrites(k), floor: combineWrites(f) };
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
function receiverNameColumn(): { path: string; column: string } | null {
  const cols = entityColumns(Invoices);
  const c = cols.find((x) => x.queryable && ['string', 'text'].includes(x.kind) && /receiver.*name|customer.*name|receivername|displayname/i.test(x.path));
  return c ? { path: c.path, column: c.column } : null;
}

/** `live`: the databases the command drops if it is interrupted (run.ts) */
export async function runInvoicingEngine(engine: Engine, args: SuiteArgs, runner: LoadProcess, live: Set<BenchDatabase>): Promise<InvoicingReport> {
  const startedAt = new Date();
  const t0 = performance.now();
  const loadBefore = os.loadavg();
  const database = await freshDatabase(engine);
  live.add(database);
  console.log(`\n== invoicing — ${database.label}`);
  const report: InvoicingReport = {
    engine, label: database.label, startedAt, machine: machine(), rows: args.rows, duration: args.duration,
    connections: args.connections, loadBefore, loadAfter: [], generation: null, boot: { empty: 0, migrated: [] },
    results: [], whatIf: [], whatIfNote: '', writes: [], checks: [], statements: [], explains: [], environment: [], findings: [], totalSeconds: 0,
  };
  let booted: BootedKernel | null = null;
  let floor: InvoicingFloor | null = null;
  let writer: WriteProcess | null = null;
  try {
    booted = await bootWithPlugins(database);
    report.boot.empty = booted.bootMs;
    console.log(`  boot on an empty database (kernel + contacts, catalogue, invoicing): ${Math.round(booted.bootMs)} ms`);
    const admin = await login(booted.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const companyId = admin.companyId!;
    const headers = { Authorization: `Bearer ${admin.token}`, 'AT-Company': companyId };
    const me = await getJson(`${booted.url}/api/kernel/users/${admin.userId}`, headers);
    const authorName = [me.body?.firstname, me.body?.name].filter(Boolean).join(' ') || BENCH_ADMIN.email;

    // the company, as its owner fills the company screen: what §5 asks, and invoice numbers « FA-0000001 »
    const before = await getJson<Company>(`${booted.url}/api/kernel/companies/${companyId}`, headers);
    const numbering = structuredClone(before.body.numbering) as unknown as Record<string, Record<string, unknown>>;
    numbering.invoice = { ...numbering.invoice, prefix: 'FA-', minDigits: 7 };
    const put = await putJson(`${booted.url}/api/kernel/companies/${companyId}`, { ...INVOICING_COMPANY, numbering }, headers);
    if (put.status !== 200) throw new Error(`company update: HTTP ${put.status} ${JSON.stringify(put.body).slice(0, 400)}`);
    const company = (await getJson<Company>(`${booted.url}/api/kernel/companies/${companyId}`, headers)).body;

    const gdb = database.open();
    try {
      report.generation = await generateInvoices({
        db: gdb, engine, companyId, company, invoices: args.rows, customers: Math.max(50, Math.round(args.rows / 50)),
        authorId: admin.userId, authorName, log,
      });
      if (engine === 'mysql') {
        await gdb.raw('ANALYZE TABLE invoicing_invoices, contacts_customers');
        const [vars] = (await gdb.raw("SHOW VARIABLES WHERE Variable_name IN ('innodb_buffer_pool_size', 'innodb_flush_method', 'version')")) as [{ Variable_name: string; Value: string }[]];
        report.environment.push(`MariaDB settings: ${vars.map((v) => `${v.Variable_name} = ${v.Value}`).join(', ')}`);
      }
      const [sizes] = engine === 'mysql'
        ? (await gdb.raw('SELECT table_name AS t, ROUND(data_length / 1048576) AS data_mb, ROUND(index_length / 1048576) AS index_mb FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN (?, ?)', ['invoicing_invoices', 'contacts_customers'])) as [{ t: string; data_mb: number; index_mb: number }[]]
        : [[]];
      if (sizes.length) report.environment.push(`table sizes: ${sizes.map((x) => `${x.t} ${x.data_mb} MB data + ${x.index_mb} MB indexes`).join(', ')}`);
      const avg = await gdb('invoicing_invoices').avg({ items: gdb.raw('length(items)') }).first();
      report.environment.push(`average size of an invoice's JSON columns: items ${Math.round(Number((avg as { items: unknown }).items))} bytes`);
    } finally {
      await gdb.destroy();
    }
    const g = report.generation!;
    // the counter after the last number written, through the API (a counter is raised, never lowered)
    const numbering2 = structuredClone(company.numbering) as unknown as Record<string, Record<string, unknown>>;
    numbering2.invoice = { ...numbering2.invoice, next: g.lastNumber + 1 };
    const put2 = await putJson(`${booted.url}/api/kernel/companies/${companyId}`, { numbering: numbering2 }, headers);
    if (put2.status !== 200) throw new Error(`counter update: HTTP ${put2.status} ${JSON.stringify(put2.body).slice(0, 400)}`);
    console.log(`  data set: ${(g.ms.total / 1000).toFixed(1)} s (${(g.cpuMs / 1000).toFixed(1)} s CPU in this process)`);

    await booted.kernel.stop();
    booted = null;
    for (let i = 0; i < 3; i++) {
      const b = await bootWithPlugins(database);
      report.boot.migrated.push(b.bootMs);
      if (i < 2) await b.kernel.stop();
      else booted = b;
    }
    console.log(`  boot on the migrated database: ${report.boot.migrated.map((x) => `${Math.round(x)} ms`).join(', ')}`);
    // a new session on the new kernel (sessions are in the database: the token stays valid, but log in as a user would)
    const again = await login(booted!.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const h = { Authorization: `Bearer ${again.token}`, 'AT-Company': companyId };

    const nameColumn = receiverNameColumn();
    floor = await startInvoicingFloor({ db: database.open(), engine, companyId, authorId: admin.userId, authorName, nameColumn });
    const ctx: Ctx = { args, runner, booted: booted!, floor, headers: h, captured: new Map(), floorCaptured: new Map() };

    // the customer with the most invoices
    const fdb = floor.db;
    const top = await fdb('invoicing_invoices').where('fk_company', companyId).groupBy('fk_receiverCustomer')
      .select('fk_receiverCustomer as id').count({ n: '*' }).orderBy('n', 'desc').first() as { id: string; n: number };
    const cust = await fdb('contacts_customers').where('_id', top.id).first('displayName');

    // 1. lists
    const first = firstPages({ namePath: nameColumn?.path ?? null, customerId: top.id, customerLabel: `${String(cust?.displayName ?? top.id)}, ${Number(top.n)} invoices` });
    for (const { scenario } of first) report.results.push(await runScenario(ctx, scenario));
    if (!nameColumn) {
      report.findings.push('**no receiver-name search**: the invoices table has no searchable column for the receiver or customer name (`receiver` is a JSON column, refused by filters), so the search box of the « Factures » screen cannot search by customer name: scenarios i4 and i5 (contains on the name, alone and with the status) are not run. See bench/README.md, invoicing section.');
    }
    const page = Math.max(2, Math.min(1000, Math.floor(args.rows / QUANTITY / 2)));
    const partially = Number(((await fdb('invoicing_invoices').where({ fk_company: companyId, status: 'partially_paid' }).count({ n: '*' }).first()) as { n: unknown }).n);
    const statusPage = Math.max(2, Math.floor(partially / QUANTITY / 2));
    const status: Filters = { status: { mode: 'eq', value: 'partially_paid' } };
    const kList = `${booted!.url}/api/invoicing/invoices`;
    const fList = `${floor.url}/invoices`;
    const walks = {
      all: await cursorFor(kList, h, undefined, page),
      floorAll: await cursorFor(fList, {}, undefined, page),
      status: await cursorFor(kList, h, status, statusPage),
      floorStatus: await cursorFor(fList, {}, status, statusPage),
    };
    const how = (w: { how: string; error?: string }) => (w.error ? `no cursor (${w.how}: ${w.error})` : w.how);
    const deep = deepPages(page, statusPage, { all: walks.all.cursor, floorAll: walks.floorAll.cursor, status: walks.status.cursor, floorStatus: walks.floorStatus.cursor });
    const cursorNotes: Record<string, string[]> = {
      j2: [`kernel cursor: ${how(walks.all)}`, `floor cursor: ${how(walks.floorAll)}`],
      j3: [`kernel cursor: ${how(walks.status)}`, `floor cursor: ${how(walks.floorStatus)}`],
    };
    for (const s of deep) report.results.push(await runScenario(ctx, s, cursorNotes[s.id] ?? []));
    // the page by cursor is the page by number
    {
      const [a, b] = await Promise.all([getJson<Body>(`${kList}?${invoicesQuery(undefined, { quantity: QUANTITY, page })}`, h), getJson<Body>(`${booted!.url}/api/invoicing${deep[1].path}`, h)]);
      const same = a.status === 200 && b.status === 200 && (a.body.data ?? []).map((d) => d._id).join() === (b.body.data ?? []).map((d) => d._id).join();
      report.results.find((r) => r.id === 'j2')!.notes.push(same ? `kernel: the page by cursor is exactly page ${page} by number` : `KERNEL: the page by cursor differs from page ${page} by number (HTTP ${a.status} / ${b.status})`);
    }

    // 2. create + emit
    const customers = ((await fdb('contacts_customers').where('fk_company', companyId).orderBy('_id').select('_id')) as { _id: string }[]).map((c) => c._id);
    // one invoice at a time, 7 times: the statements of the last, the median time the counter stays locked
    const line = { labelPrimary: 'Baguette tradition (lot de 10)', vat: 5.5, exclTaxesPrice: 11.5, quantity: 2 };
    const kernelOnce = () => captureQueries([booted!.kernel.db], async () => {
      const d = await postJson(`${kList}`, { fk: { receiverCustomer: customers[0] }, items: [line] }, h);
      const e = d.status === 201 ? await postJson(`${kList}/${d.body._id}/emit`, {}, h) : d;
      return { d, e };
    });
    const floorOnce = () => captureQueries([floor!.db], () => postJson(`${floor!.url}/invoices`, { customerId: customers[0], items: [line] }));
    const kRuns: Awaited<ReturnType<typeof kernelOnce>>[] = [];
    const fRuns: Awaited<ReturnType<typeof floorOnce>>[] = [];
    for (let i = 0; i < 7; i++) { kRuns.push(await kernelOnce()); fRuns.push(await floorOnce()); }
    const once = kRuns[kRuns.length - 1];
    const onceFloor = fRuns[fRuns.length - 1];
    if (once.result.e.status !== 200) {
      const logged = booted!.logs.errors[0];
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
    report.statements.push({ title: `kernel: one create (POST /invoices) + emit (POST /invoices/:id/emit) — ${once.queries.length} statements${span(once.queries)}`, statements: once.queries.map(shortSql) });
    report.statements.push({ title: `floor: one create + emit (POST /invoices) — ${onceFloor.queries.length} statements${span(onceFloor.queries)}`, statements: onceFloor.queries.map(shortSql) });

    writer = new WriteProcess();
    const written: string[] = [
      ...kRuns.filter((r) => r.result.e.status === 200).map((r) => String(r.result.d.body._id)),
      ...fRuns.filter((r) => r.result.status === 201).map((r) => String(r.result.body._id)),
    ];
    for (const [id, concurrency] of [['w1', 1], ['w2', 10]] as const) {
      process.stdout.write(`  ${id}. create + emit, ${concurrency === 1 ? 'one at a time' : `${concurrency} at a time`}: `);
      booted!.logs.reset();
      const m = await measureWrites(writer, ctx, customers, concurrency);
      written.push(...m.kernel.ids, ...m.floor.ids);
      const w: WriteResult = { id, title: `create (draft, 3 lines) + emit, ${concurrency === 1 ? 'sequential' : `${concurrency} concurrent`}`, concurrency, kernel: m.kernel, floor: m.floor };
      report.writes.push(w);
      if (m.kernel.failures && booted!.logs.errors[0]) m.kernel.firstError = `${m.kernel.firstError ?? ''} — logged: ${booted!.logs.errors[0]}`;
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
    const pick = (m: Map<string, Captured[]>, id: string, test: (sql: string) => boolean) => (m.get(id) ?? []).find((q) => test(q.sql));
    const isPage = (sql: string) => /__page/.test(sql);
    const isTotals = (sql: string) => /__count/.test(sql);
    const floorPage = (sql: string) => /ORDER BY r\.date/.test(sql);
    const floorTotals = (sql: string) => /COUNT\(\*\)/.test(sql);
    const plans: [string, Captured | undefined][] = [
      ['i1 — kernel page query', pick(ctx.captured, 'i1', isPage)],
      ['i1 — kernel count + sums query', pick(ctx.captured, 'i1', isTotals)],
      ['i1 — floor page query', pick(ctx.floorCaptured, 'i1', floorPage)],
      ['i1 — floor count + sums query (one covering index per figure)', pick(ctx.floorCaptured, 'i1', floorTotals)],
      ['i2 — kernel page query (status)', pick(ctx.captured, 'i2', isPage)],
      ['i2 — kernel count + sums query (status)', pick(ctx.captured, 'i2', isTotals)],
      ['i2 — floor page query (status)', pick(ctx.floorCaptured, 'i2', floorPage)],
      ['i3 — kernel page query (customer)', pick(ctx.captured, 'i3', isPage)],
      ['i3 — kernel count + sums query (customer)', pick(ctx.captured, 'i3', isTotals)],
      ['i4 — kernel page query (name search)', pick(ctx.captured, 'i4', isPage)],
      ['i4 — kernel count + sums query (name search)', pick(ctx.captured, 'i4', isTotals)],
      ['j1 — kernel page query (page by number)', pick(ctx.captured, 'j1', isPage)],
      ['j2 — kernel page query (by cursor)', pick(ctx.captured, 'j2', isPage)],
      ['j2 — floor page query (by cursor)', pick(ctx.floorCaptured, 'j2', floorPage)],
      ['j3 — kernel page query (status, by cursor)', pick(ctx.captured, 'j3', isPage)],
    ];
    for (const [title, q] of plans) if (q) report.explains.push(await explain(fdb, engine, title, q));
    for (const s of report.results) {
      if (s.kernel.error) report.findings.push(`**${s.id}** fails on the kernel: ${s.kernel.error}`);
      const ratio = ratioOf(s);
      if (ratio !== null && ratio < 0.5) report.findings.push(`**${s.id}** runs at ${ratio.toFixed(2)} of the floor (${s.title}).`);
      if (s.differences.length) report.findings.push(`**${s.id}**: kernel and floor answers differ: ${s.differences.join('; ')}.`);
    }
    for (const w of report.writes) {
      if (w.kernel && w.floor && w.floor.perSecond > 0 && w.kernel.perSecond / w.floor.perSecond < 0.5) {
        report.findings.push(`**${w.id}** creates and emits at ${(w.kernel.perSecond / w.floor.perSecond).toFixed(2)} of the floor's rate.`);
      }
    }

    // 4. what if: the index proposed for the totals (bench/README.md), on this throwaway database
    if (PROPOSED_INDEX.length) {
      const started = performance.now();
      await fdb.schema.alterTable('invoicing_invoices', (tb) => { tb.index([...PROPOSED_INDEX], 'bench_proposed_totals_idx'); });
      if (engine === 'mysql') await fdb.raw('ANALYZE TABLE invoicing_invoices');
      report.whatIfNote = `The index (${PROPOSED_INDEX.join(', ')}) created on this database after everything above (the table then also holds the invoices of the create + emit runs), in ${((performance.now() - started) / 1000).toFixed(1)} s; the same requests again:`;
      console.log(`  with the proposed index (${PROPOSED_INDEX.join(', ')}):`);
      const again = [...first.map((x) => x.scenario), ...deep].filter((x) => ['i1', 'i2', 'j1'].includes(x.id));
      for (const sc of again) {
        const r = await runScenario(ctx, { ...sc, id: `${sc.id}+`, title: `${sc.title} — with the index` });
        report.whatIf.push(r);
      }
      for (const id of ['i1+', 'i2+']) {
        const q = pick(ctx.captured, id, isTotals);
        if (q) report.explains.push(await explain(fdb, engine, `${id} — kernel count + sums query, with the proposed index`, q));
      }
    }
  } finally {
    report.loadAfter = os.loadavg();
    writer?.stop();
    if (booted) await booted.kernel.stop().catch(() => undefined);
    if (floor) {
      await floor.close();
      await floor.db.destroy();
    }
    await database.drop();
    live.delete(database);
    report.totalSeconds = (performance.now() - t0) / 1000;
  }
  return report;
}
