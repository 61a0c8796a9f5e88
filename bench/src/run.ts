/**
 * `npm run bench [-- --engine=sqlite|mysql|both --rows=100000 --duration=10 --connections=10 --suite=kernel|invoicing|all]`
 *
 * Per engine: a fresh database, the kernel booted on it (empty: migrations and the administrator),
 * the data set written into its tables, the kernel booted again (migrated), a bare Koa + knex
 * floor on the same database, then each scenario against both, back to back, with a check that
 * both answer the same thing. Results go to bench/results/<date>-<engine>.md and the console.
 * Never run as a test (DESIGN §7): figures depend on the machine; ratios are what to compare.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { freshDatabase, type BenchDatabase, type Engine } from './database.ts';
import { bootKernel, getJson, login, postJson, listQuery, BENCH_ADMIN, type BootedKernel, type JsonAnswer } from './kernel.ts';
import { generate } from './generate.ts';
import { startFloor, type Floor } from './floor.ts';
import { LoadProcess, measurePair, probe } from './measure.ts';
import { QUANTITY, SORT, deepScenarios, firstPageScenarios, healthScenario, type Scenario } from './scenarios.ts';
import { renderMarkdown, resultsTable, ratioOf, type EngineReport, type Explain, type ScenarioResult, type Side } from './report.ts';
import { hashPassword } from '../../server/src/auth/passwords.ts';

const OWNER = { email: 'expert@cabinet-bench.fr', password: 'motdepasse-expert-1', firstname: 'Hélène', name: 'Rousseau' };
const RESULTS_DIR = path.join(import.meta.dirname, '..', 'results');
/** below this many answers in the duration, a target is measured over a fixed number of requests */
const MIN_ANSWERS = 20;
/** a cursor walk longer than this is replaced by the `next` of the previous page by number */
const WALK_BUDGET_MS = 20_000;

interface Args { engines: Engine[]; rows: number; duration: number; connections: number; suites: ('kernel' | 'invoicing')[] }

function parse(): Args {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      rows: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      suite: { type: 'string', default: 'kernel' },
    },
    allowPositionals: false,
  });
  const engine = values.engine ?? (process.env.DATABASE_URL ? 'both' : 'sqlite');
  if (!['sqlite', 'mysql', 'both'].includes(engine)) throw new Error(`--engine=${engine}: sqlite, mysql or both`);
  if (!['kernel', 'invoicing', 'all'].includes(values.suite!)) throw new Error(`--suite=${values.suite}: kernel, invoicing or all`);
  const num = (name: string, v: string, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name}=${v}: an integer >= ${min}`);
    return n;
  };
  return {
    engines: engine === 'both' ? ['sqlite', 'mysql'] : [engine as Engine],
    rows: num('rows', values.rows!, 1000),
    duration: num('duration', values.duration!, 1),
    connections: num('connections', values.connections!, 1),
    suites: values.suite === 'all' ? ['kernel', 'invoicing'] : [values.suite as 'kernel' | 'invoicing'],
  };
}

const log = (line: string) => console.log(line);
const machine = () => `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}`;

interface Captured { sql: string; bindings: unknown[] }

async function captureQueries<T>(db: Knex, fn: () => Promise<T>): Promise<{ result: T; queries: Captured[] }> {
  const queries: Captured[] = [];
  const on = (q: { sql: string; bindings?: unknown[] }) => queries.push({ sql: q.sql, bindings: q.bindings ?? [] });
  db.on('query', on);
  try {
    return { result: await fn(), queries };
  } finally {
    db.removeListener('query', on);
  }
}

/** SQL for reading: long lists of placeholders shortened, a few bound values shown. */
function displaySql(q: Captured): string {
  const sql = q.sql.replace(/\?(?:, \?){5,}/g, (m) => `?, ?, ?, … (${m.split('?').length - 1} placeholders)`);
  const shown = q.bindings.slice(0, 6).map((b) => JSON.stringify(b)).join(', ');
  return `${sql}\n-- bindings (${q.bindings.length}): ${shown}${q.bindings.length > 6 ? ', …' : ''}`;
}

function markdownTable(rows: Record<string, unknown>[]): string {
  if (!rows.length) return '(no rows)';
  const cols = Object.keys(rows[0]);
  const esc = (v: unknown) => (v === null || v === undefined ? 'NULL' : String(v)).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [`| ${cols.join(' | ')} |`, `| ${cols.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${cols.map((c) => esc(r[c])).join(' | ')} |`)].join('\n');
}

async function explain(db: Knex, engine: Engine, title: string, q: Captured): Promise<Explain> {
  const bindings = q.bindings as Knex.Value[];
  try {
    if (engine === 'sqlite') {
      const rows = (await db.raw(`EXPLAIN QUERY PLAN ${q.sql}`, bindings)) as { id: number; parent: number; detail: string }[];
      const depth = new Map<number, number>([[0, -1]]);
      const lines = rows.map((r) => {
        const d = (depth.get(r.parent) ?? -1) + 1;
        depth.set(r.id, d);
        return `${'  '.repeat(d)}${r.detail}`;
      });
      return { title, sql: displaySql(q), plan: ['```', ...lines, '```'].join('\n') };
    }
    const [plan] = (await db.raw(`EXPLAIN ${q.sql}`, bindings)) as [Record<string, unknown>[]];
    let analyzed: string;
    const started = performance.now();
    try {
      // MariaDB: ANALYZE runs the statement and adds the real row counts (r_rows, r_filtered)
      const [rows] = (await db.raw(`ANALYZE ${q.sql}`, bindings)) as [Record<string, unknown>[]];
      analyzed = `ANALYZE (ran in ${Math.round(performance.now() - started)} ms):\n\n${markdownTable(rows)}`;
    } catch {
      // MySQL 8 spells it EXPLAIN ANALYZE and answers a tree
      const [rows] = (await db.raw(`EXPLAIN ANALYZE ${q.sql}`, bindings)) as [Record<string, unknown>[]];
      analyzed = `EXPLAIN ANALYZE:\n\n\`\`\`\n${rows.map((r) => Object.values(r).join(' ')).join('\n')}\n\`\`\``;
    }
    return { title, sql: displaySql(q), plan: `EXPLAIN:\n\n${markdownTable(plan)}\n\n${analyzed}` };
  } catch (e) {
    return { title, sql: displaySql(q), plan: `could not be explained: ${String((e as Error).message).slice(-300)}` };
  }
}

type Body = { data?: { _id: string }[]; count?: number; next?: string | null; aggregation?: unknown };

function differences(k: JsonAnswer<Body>, f: JsonAnswer<Body>, kind: Scenario['kind']): string[] {
  if (kind === 'health') return JSON.stringify(k.body) === JSON.stringify(f.body) ? [] : ['bodies differ'];
  const out: string[] = [];
  const kIds = (k.body.data ?? []).map((d) => d._id);
  const fIds = (f.body.data ?? []).map((d) => d._id);
  if (kIds.join() !== fIds.join()) out.push(`rows (${kIds.length} vs ${fIds.length} ids, first ${kIds[0]} vs ${fIds[0]})`);
  if (k.body.count !== f.body.count) out.push(`count ${k.body.count} vs ${f.body.count}`);
  if (JSON.stringify(k.body.aggregation ?? {}) !== JSON.stringify(f.body.aggregation ?? {})) {
    out.push(`aggregation ${JSON.stringify(k.body.aggregation)} vs ${JSON.stringify(f.body.aggregation)}`);
  }
  // the position a cursor names (sort, last value, last id); the kernel's also carries the walk's
  // sealed totals (`t`), which the floor has no equivalent of
  const cur = (c: string | null | undefined) => {
    if (!c) return 'null';
    const { t: _totals, ...position } = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as Record<string, unknown>;
    void _totals;
    return JSON.stringify(position);
  };
  if (cur(k.body.next) !== cur(f.body.next)) out.push(`next ${cur(k.body.next)} vs ${cur(f.body.next)}`);
  return out;
}

/**
 * The cursor of page `page`: walked from the start by `next`, 500 rows at a time (cursors do not
 * depend on the page size), or, when the walk would take too long, the `next` of page - 1 by number.
 */
async function cursorFor(url: string, headers: Record<string, string>, page: number): Promise<{ cursor: string | null; how: string; error?: string }> {
  const target = (page - 1) * QUANTITY;
  const per = 500;
  let seen = 0;
  let cursor: string | null = null;
  let requests = 0;
  const started = performance.now();
  while (seen < target) {
    const quantity = Math.min(per, target - seen);
    const res: JsonAnswer<Body> = await getJson<Body>(`${url}?${listQuery({ sort: SORT, pagination: { quantity, ...(cursor ? { cursor } : {}) } })}`, headers);
    if (res.status !== 200) return { cursor: null, how: 'walk by cursor', error: `HTTP ${res.status} on the first request` };
    seen += res.body.data?.length ?? 0;
    cursor = res.body.next ?? null;
    requests++;
    if (!cursor) return { cursor: null, how: 'walk', error: `the list ended after ${seen} rows` };
    const projected = ((performance.now() - started) / requests) * Math.ceil(target / per);
    if (requests === 2 && projected > WALK_BUDGET_MS) {
      const res2 = await getJson<Body>(`${url}?${listQuery({ sort: SORT, pagination: { quantity: QUANTITY, page: page - 1 } })}`, headers);
      if (res2.status !== 200) return { cursor: null, how: `\`next\` of page ${page - 1} by number`, error: `HTTP ${res2.status}` };
      return { cursor: res2.body.next ?? null, how: `\`next\` of page ${page - 1} by number (a walk by cursor would have taken about ${Math.round(projected / 1000)} s)` };
    }
  }
  return { cursor, how: `walked by cursor in ${requests} requests of up to ${per} rows (${((performance.now() - started) / 1000).toFixed(1)} s)` };
}

interface Ctx {
  args: Args;
  runner: LoadProcess;
  booted: BootedKernel;
  floor: Floor;
  headers: Record<'admin' | 'owner' | 'none', Record<string, string>>;
  captured: Map<string, Captured[]>;
  floorCaptured: Map<string, Captured[]>;
}

async function runScenario(ctx: Ctx, s: Scenario, extraNotes: string[] = []): Promise<ScenarioResult> {
  const headers = ctx.headers[s.who];
  const kUrl = `${ctx.booted.url}/api${s.kernelPath}`;
  const fUrl = `${ctx.floor.url}${s.floorPath}`;
  const result: ScenarioResult = {
    id: s.id, title: s.title, about: s.about, differences: [], notes: [...extraNotes],
    kernel: { measured: null, queries: null }, floor: { measured: null, queries: null },
  };
  process.stdout.write(`  ${s.id}. ${s.title}: `);
  ctx.booted.logs.reset();

  // statements of one request: the fewer of two, so that the once-a-minute `lastAction` write of
  // the session does not count as part of the list
  const countOnce = async (db: Knex, url: string, h: Record<string, string>) => {
    const first = await captureQueries(db, () => getJson(url, h));
    const second = await captureQueries(db, () => getJson(url, h));
    return second.queries.length < first.queries.length ? second : first;
  };
  const kProbe = await probe(kUrl, headers);
  const kCount = await countOnce(ctx.booted.kernel.db, kUrl, headers);
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
    result.kernel.error = `HTTP ${kProbe.answer.status}${logged ? ` — logged: ${logged}` : ''}`;
  }
  if (!fOk) result.floor.error = `HTTP ${fProbe.answer.status} ${JSON.stringify(fProbe.answer.body).slice(0, 200)}`;
  if (kOk && fOk) result.differences = differences(kProbe.answer, fProbe.answer, s.kind);
  const big = kCount.queries.filter((q) => q.bindings.length > 1000);
  if (big.length) result.notes.push(`the kernel sent ${big.map((q) => q.bindings.length.toLocaleString('en-US')).join(' + ')} bound values in ${big.length} statement(s)`);

  const opts = { duration: ctx.args.duration, connections: ctx.args.connections, minAnswers: MIN_ANSWERS };
  const measured = await measurePair(
    ctx.runner,
    kOk ? { url: kUrl, headers, single: kProbe.ms } : null,
    fOk ? { url: fUrl, headers: {}, single: fProbe.ms } : null,
    opts,
  );
  result.kernel.measured = measured.kernel;
  result.floor.measured = measured.floor;
  if (ctx.booted.logs.count && kOk) result.notes.push(`${ctx.booted.logs.count} error line(s) logged by the kernel under load: ${ctx.booted.logs.errors[0]}`);

  const ratio = ratioOf(result);
  const side = (x: Side) => (x.measured ? `${x.measured.load.rps.toFixed(1)} req/s` : x.error ? 'FAILS' : 'n/a');
  console.log(`kernel ${side(result.kernel)}, floor ${side(result.floor)}${ratio === null ? '' : `, ratio ${ratio.toFixed(2)}`}${result.differences.length ? ` — DIFFERENT ANSWERS: ${result.differences.join('; ')}` : ''}`);
  return result;
}

async function runEngine(engine: Engine, args: Args, runner: LoadProcess): Promise<EngineReport> {
  const startedAt = new Date();
  const t0 = performance.now();
  const loadBefore = os.loadavg();
  const database: BenchDatabase = await freshDatabase(engine);
  live.add(database);
  console.log(`\n== ${database.label}`);
  const report: EngineReport = {
    engine, label: database.label, startedAt, machine: machine(), rows: args.rows, duration: args.duration,
    connections: args.connections, loadBefore, loadAfter: [], generation: null, boot: { empty: 0, migrated: [] },
    results: [], explains: [], environment: [], findings: [], totalSeconds: 0,
  };
  let booted: BootedKernel | null = null;
  let floor: Floor | null = null;
  try {
    // 1. empty database: migrations, administrator, first company
    booted = await bootKernel(database);
    report.boot.empty = booted.bootMs;
    console.log(`  boot on an empty database: ${Math.round(booted.bootMs)} ms`);
    const admin = await login(booted.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const companyId = admin.companyId!;
    const adminHeaders = { Authorization: `Bearer ${admin.token}`, 'AT-Company': companyId };
    const created = await postJson(`${booted.url}/api/kernel/users`, OWNER, adminHeaders);
    if (created.status !== 201) throw new Error(`creating the owner: HTTP ${created.status} ${JSON.stringify(created.body)}`);
    const owner = await login(booted.url, OWNER.email, OWNER.password);

    // 2. the data set, through the repository's row encoding, straight into the tables
    const gdb = database.open();
    try {
      report.generation = await generate({
        db: gdb, engine, rows: args.rows, companyId, ownerId: owner.userId, authorId: admin.userId,
        passwordHash: await hashPassword('mot-de-passe-des-membres'), log,
      });
      if (engine === 'mysql') {
        // what InnoDB's background statistics would reach anyway, now rather than at a random moment of the run
        await gdb.raw('ANALYZE TABLE kernel_users, kernel_companies, kernel_user_company_profiles');
        const [vars] = (await gdb.raw("SHOW VARIABLES WHERE Variable_name IN ('innodb_buffer_pool_size', 'innodb_flush_method', 'version')")) as [{ Variable_name: string; Value: string }[]];
        const [sizes] = (await gdb.raw(
          'SELECT table_name AS t, ROUND(data_length / 1048576) AS data_mb, ROUND(index_length / 1048576) AS index_mb FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN (?, ?, ?)',
          ['kernel_users', 'kernel_companies', 'kernel_user_company_profiles'],
        )) as [{ t: string; data_mb: number; index_mb: number }[]];
        report.environment.push(`MariaDB settings: ${vars.map((v) => `${v.Variable_name} = ${v.Value}`).join(', ')}`);
        report.environment.push(`table sizes: ${sizes.map((x) => `${x.t} ${x.data_mb} MB data + ${x.index_mb} MB indexes`).join(', ')}`);
      }
    } finally {
      await gdb.destroy();
    }
    console.log(`  data set: ${(report.generation!.ms.total / 1000).toFixed(1)} s (${(report.generation!.cpuMs / 1000).toFixed(1)} s CPU in this process)`);

    // 3. boot on the migrated database (three times: the last one serves the benchmark)
    await booted.kernel.stop();
    booted = null;
    for (let i = 0; i < 3; i++) {
      const b = await bootKernel(database);
      report.boot.migrated.push(b.bootMs);
      if (i < 2) await b.kernel.stop();
      else booted = b;
    }
    console.log(`  boot on the migrated database: ${report.boot.migrated.map((x) => `${Math.round(x)} ms`).join(', ')}`);

    const health = await getJson(`${booted!.url}/api/health`);
    floor = await startFloor({ db: database.open(), engine, companyId, ownerId: owner.userId, health: health.body });
    const ctx: Ctx = {
      args, runner, booted: booted!, floor,
      headers: {
        admin: adminHeaders,
        owner: { Authorization: `Bearer ${owner.token}`, 'AT-Company': companyId },
        none: {},
      },
      captured: new Map(), floorCaptured: new Map(),
    };

    // 4. scenarios
    for (const s of firstPageScenarios(args.rows)) report.results.push(await runScenario(ctx, s));
    const page = Math.min(2000, Math.floor(args.rows / QUANTITY));
    const walks = {
      users: await cursorFor(`${booted!.url}/api/kernel/users`, ctx.headers.admin, page),
      floorUsers: await cursorFor(`${floor.url}/users`, {}, page),
      companies: await cursorFor(`${booted!.url}/api/kernel/companies`, ctx.headers.owner, page),
      floorCompanies: await cursorFor(`${floor.url}/companies`, {}, page),
    };
    const deep = deepScenarios(page, {
      users: walks.users.cursor, floorUsers: walks.floorUsers.cursor,
      companies: walks.companies.cursor, floorCompanies: walks.floorCompanies.cursor,
    });
    const how = (w: { how: string; error?: string }) => (w.error ? `no cursor (${w.how}: ${w.error})` : w.how);
    const cursorNotes: Record<string, string[]> = {
      c2: [`kernel cursor: ${how(walks.users)}`, `floor cursor: ${how(walks.floorUsers)}`],
      c4: [`kernel cursor: ${how(walks.companies)}`, `floor cursor: ${how(walks.floorCompanies)}`],
    };
    const byId = new Map<string, ScenarioResult>();
    for (const s of deep) {
      const r = await runScenario(ctx, s, cursorNotes[s.id] ?? []);
      if ((s.id === 'c2' && !walks.users.cursor) || (s.id === 'c4' && !walks.companies.cursor)) {
        r.kernel = { measured: null, queries: null, error: cursorNotes[s.id][0] };
        r.notes = r.notes.filter((n) => !n.startsWith('one request alone') && n !== cursorNotes[s.id][0]);
        r.differences = [];
      }
      byId.set(s.id, r);
      report.results.push(r);
    }
    report.results.push(await runScenario(ctx, healthScenario()));

    // the page by cursor must be the page by number
    const samePage = async (offsetId: string, cursorId: string) => {
      const o = deep.find((s) => s.id === offsetId)!;
      const c = deep.find((s) => s.id === cursorId)!;
      const [a, b] = await Promise.all([getJson<Body>(`${booted!.url}/api${o.kernelPath}`, ctx.headers[o.who]), getJson<Body>(`${booted!.url}/api${c.kernelPath}`, ctx.headers[c.who])]);
      if (a.status !== 200 || b.status !== 200) return;
      const same = (a.body.data ?? []).map((d) => d._id).join() === (b.body.data ?? []).map((d) => d._id).join();
      byId.get(cursorId)!.notes.push(same ? `kernel: the page by cursor is exactly page ${page} by number` : `KERNEL: the page by cursor differs from page ${page} by number`);
    };
    await samePage('c1', 'c2');
    await samePage('c3', 'c4');

    // 5. plans of the kernel's list statements (and the floor's, for comparison)
    const db = floor.db;
    const pick = (m: Map<string, Captured[]>, id: string, test: (sql: string) => boolean) => (m.get(id) ?? []).find((q) => test(q.sql));
    const isPage = (sql: string) => /__page/.test(sql);
    const isTotals = (sql: string) => /__count/.test(sql);
    const plans: [string, Captured | undefined][] = [
      ['b — kernel page query (companies)', pick(ctx.captured, 'b', isPage)],
      ['b — kernel count + aggregation query (companies)', pick(ctx.captured, 'b', isTotals)],
      ['b — floor page query (companies)', pick(ctx.floorCaptured, 'b', (s) => /ORDER BY t\.name/.test(s))],
      ['b — floor count + aggregation query (companies)', pick(ctx.floorCaptured, 'b', (s) => /COUNT\(\*\)/.test(s))],
      ['a — kernel page query (users)', pick(ctx.captured, 'a', isPage)],
      ['a — kernel count query (users)', pick(ctx.captured, 'a', isTotals)],
      ['a — floor page query (users)', pick(ctx.floorCaptured, 'a', (s) => /ORDER BY t\.name/.test(s))],
      ['c1 — kernel page query (users, page by number)', pick(ctx.captured, 'c1', isPage)],
      ['c2 — kernel page query (users, by cursor)', pick(ctx.captured, 'c2', isPage)],
      ['c2 — kernel count query (users, by cursor: the same count on every page)', pick(ctx.captured, 'c2', isTotals)],
      ['c2 — floor count query (users)', pick(ctx.floorCaptured, 'c2', (q) => /COUNT\(\*\)/.test(q))],
    ];
    for (const [title, q] of plans) if (q) report.explains.push(await explain(db, engine, title, q));
    findings(report);
  } finally {
    report.loadAfter = os.loadavg();
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

/** Observations that follow from the figures themselves. */
function findings(r: EngineReport) {
  for (const s of r.results) {
    if (s.kernel.error) r.findings.push(`**${s.id}** fails on the kernel: ${s.kernel.error}`);
    const ratio = ratioOf(s);
    if (ratio !== null && ratio < 0.5) r.findings.push(`**${s.id}** runs at ${ratio.toFixed(2)} of the floor (${s.title}).`);
    for (const n of s.notes.filter((x) => x.startsWith('the kernel sent'))) r.findings.push(`**${s.id}**: ${n}.`);
    if (s.differences.length) r.findings.push(`**${s.id}**: kernel and floor answers differ: ${s.differences.join('; ')}.`);
  }
}

/** databases to drop if the run is interrupted (Ctrl-C) */
const live = new Set<BenchDatabase>();

async function main() {
  const args = parse();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: dropping the benchmark databases`);
      void Promise.allSettled([...live].map((d) => d.drop())).then(() => process.exit(130));
    });
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const runner = new LoadProcess();
  const started = performance.now();
  try {
    for (const engine of args.engines) {
      if (args.suites.includes('invoicing')) {
        // bench/src/invoicing: the invoicing plugin on 100 000 invoices (bench/README.md)
        const { runInvoicingEngine } = await import('./invoicing/suite.ts');
        const { renderInvoicingMarkdown, writesTable } = await import('./invoicing/report.ts');
        const report = await runInvoicingEngine(engine, args, runner, live);
        const file = path.join(RESULTS_DIR, `${report.startedAt.toISOString().slice(0, 10)}-invoicing-${engine}.md`);
        fs.writeFileSync(file, renderInvoicingMarkdown(report));
        console.log(`\n${resultsTable(report.results)}\n\n${writesTable(report.writes)}\n`);
        for (const f of report.findings) console.log(`- ${f.replace(/\*\*/g, '')}`);
        console.log(`\n  written to ${path.relative(process.cwd(), file)} (${Math.round(report.totalSeconds)} s for ${engine})`);
      }
      if (!args.suites.includes('kernel')) continue;
      const report = await runEngine(engine, args, runner);
      const file = path.join(RESULTS_DIR, `${report.startedAt.toISOString().slice(0, 10)}-${engine}.md`);
      fs.writeFileSync(file, renderMarkdown(report));
      console.log(`\n${resultsTable(report.results)}\n`);
      for (const f of report.findings) console.log(`- ${f.replace(/\*\*/g, '')}`);
      console.log(`\n  written to ${path.relative(process.cwd(), file)} (${Math.round(report.totalSeconds)} s for ${engine})`);
    }
  } finally {
    runner.stop();
  }
  console.log(`\nbench done in ${Math.round((performance.now() - started) / 1000)} s`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
