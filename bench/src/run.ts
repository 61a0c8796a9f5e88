/**
 * `npm run bench [-- --engine=sqlite|mysql|both --rows=N --duration=10 --connections=10 --suite=kernel|invoicing|platform|documents|redis|pos|all --results=DIR]`
 *
 * Per engine: a fresh database, the kernel booted on it (empty: migrations and the administrator),
 * the data set written into its tables, the kernel booted again (migrated), a bare Koa + knex
 * floor on the same database, then each scenario against both, back to back, with a check that
 * both answer the same thing. Results go to bench/results/<date>-<engine>.md (or --results) and the console.
 * Never run as a test (bench README): figures depend on the machine; ratios are what to compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchDatabase, Engine } from './database.ts';
import { getJson, listQuery, postJson, sessionHeaders } from './http.ts';
import { bootKernel, login, loginAdmin } from './kernel.ts';
import { generate } from './generate.ts';
import { startFloor } from './floor.ts';
import { LoadProcess } from './measure.ts';
import { QUANTITY, SORT, deepScenarios, firstPageScenarios, healthScenario, type Scenario } from './scenarios.ts';
import { renderMarkdown, resultsTable, scenarioFindings, type EngineReport, type ScenarioResult } from './report.ts';
import { cursorFor, runScenario, samePageNote, walkNote, type CompareContext } from './compare.ts';
import { bootOnData, onFreshDatabase, settleTables } from './engine-run.ts';
import { explain, isKernelPage, isKernelTotals, pickQuery, type Captured } from './sql-capture.ts';
import { hashPassword } from '../../server/src/auth/passwords.ts';

const OWNER = { email: 'expert@cabinet-bench.fr', password: 'motdepasse-expert-1', firstname: 'Hélène', name: 'Rousseau' };
const RESULTS_DIR = path.join(import.meta.dirname, '..', 'results');

type Suite = 'kernel' | 'invoicing' | 'platform' | 'documents' | 'redis' | 'pos';
/** what `--suite=all` runs: redis (the fan-out's barrier) is asked for by name */
const SUITES: Suite[] = ['kernel', 'invoicing', 'platform', 'documents'];
/** `--rows` when not given: 100 000, but 20 000 invoices for documents (its integrity walk and FEC read every row, a few times a run); redis: kept notifications */
const DEFAULT_ROWS: Record<Suite, number> = { kernel: 100_000, invoicing: 100_000, platform: 100_000, documents: 20_000, redis: 1_000, pos: 0 };

interface Args { engines: Engine[]; rows: number | null; duration: number; connections: number; suites: Suite[]; results: string }

/** The run's size for one suite: `--rows`, or the suite's default. */
const sizeFor = (args: Args, suite: Suite) => ({ ...args, rows: args.rows ?? DEFAULT_ROWS[suite] });

function parse(): Args {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      rows: { type: 'string' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      suite: { type: 'string', default: 'kernel' },
      results: { type: 'string', default: RESULTS_DIR },
    },
    allowPositionals: false,
  });
  const engine = values.engine ?? (process.env.DATABASE_URL ? 'both' : 'sqlite');
  if (!['sqlite', 'mysql', 'both'].includes(engine)) throw new Error(`--engine=${engine}: sqlite, mysql or both`);
  if (values.suite !== 'all' && values.suite !== 'redis' && values.suite !== 'pos' && !SUITES.includes(values.suite as Suite)) throw new Error(`--suite=${values.suite}: ${SUITES.join(', ')}, redis, pos or all`);
  const num = (name: string, v: string, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name}=${v}: an integer >= ${min}`);
    return n;
  };
  return {
    engines: engine === 'both' ? ['sqlite', 'mysql'] : [engine as Engine],
    rows: values.rows === undefined ? null : num('rows', values.rows, 1000),
    duration: num('duration', values.duration!, 1),
    connections: num('connections', values.connections!, 1),
    suites: values.suite === 'all' ? SUITES : [values.suite as Suite],
    results: path.resolve(values.results!),
  };
}

const log = (line: string) => console.log(line);

async function runEngine(engine: Engine, args: Args & { rows: number }, runner: LoadProcess): Promise<EngineReport> {
  return onFreshDatabase<EngineReport>(engine, args, live, '', { generation: null }, async (database, report, held) => {
    // 1. empty database: migrations, administrator, first company
    held.booted = await bootKernel(database);
    report.boot.empty = held.booted.bootMs;
    console.log(`  boot on an empty database: ${Math.round(held.booted.bootMs)} ms`);
    const admin = await loginAdmin(held.booted.url);
    const companyId = admin.companyId;
    const created = await postJson(`${held.booted.url}/api/kernel/users`, OWNER, admin.headers);
    if (created.status !== 201) throw new Error(`creating the owner: HTTP ${created.status} ${JSON.stringify(created.body)}`);
    const owner = await login(held.booted.url, OWNER.email, OWNER.password);

    // 2. the data set, through the repository's row encoding, straight into the tables
    const gdb = database.open();
    try {
      report.generation = await generate({
        db: gdb, engine, rows: args.rows, companyId, ownerId: owner.userId, authorId: admin.userId,
        passwordHash: await hashPassword('mot-de-passe-des-membres'), log,
      });
      report.environment.push(...await settleTables(gdb, engine, ['kernel_users', 'kernel_companies', 'kernel_user_company_profiles']));
    } finally {
      await gdb.destroy();
    }
    console.log(`  data set: ${(report.generation!.ms.total / 1000).toFixed(1)} s (${(report.generation!.cpuMs / 1000).toFixed(1)} s CPU in this process)`);

    // 3. boot on the migrated database (three times: the last one serves the benchmark)
    const booted = await bootOnData(database, report, held);

    const health = await getJson(`${booted.url}/api/health`);
    const floor = await startFloor({ db: database.open(), engine, companyId, ownerId: owner.userId, health: health.body });
    held.floor = floor;
    const ctx: CompareContext = {
      duration: args.duration, connections: args.connections, runner, booted, floor,
      captured: new Map(), floorCaptured: new Map(),
    };
    const headers: Record<Scenario['who'], Record<string, string>> = {
      admin: admin.headers,
      owner: sessionHeaders(owner.token, companyId),
      none: {},
    };
    const run = (s: Scenario, notes: string[] = []) => runScenario(ctx, s, {
      kernel: `${booted.url}/api${s.kernelPath}`, floor: `${floor.url}${s.floorPath}`, headers: headers[s.who],
    }, notes);

    // 4. scenarios
    for (const s of firstPageScenarios(args.rows)) report.results.push(await run(s));
    const page = Math.min(2000, Math.floor(args.rows / QUANTITY));
    const walk = (url: string, h: Record<string, string>) => cursorFor((pagination) => `${url}?${listQuery({ sort: SORT, pagination })}`, h, page, QUANTITY);
    const walks = {
      users: await walk(`${booted.url}/api/kernel/users`, headers.admin),
      floorUsers: await walk(`${floor.url}/users`, {}),
      companies: await walk(`${booted.url}/api/kernel/companies`, headers.owner),
      floorCompanies: await walk(`${floor.url}/companies`, {}),
    };
    const deep = deepScenarios(page, {
      users: walks.users.cursor, floorUsers: walks.floorUsers.cursor,
      companies: walks.companies.cursor, floorCompanies: walks.floorCompanies.cursor,
    });
    const cursorNotes: Record<string, string[]> = {
      c2: [`kernel cursor: ${walkNote(walks.users)}`, `floor cursor: ${walkNote(walks.floorUsers)}`],
      c4: [`kernel cursor: ${walkNote(walks.companies)}`, `floor cursor: ${walkNote(walks.floorCompanies)}`],
    };
    const byId = new Map<string, ScenarioResult>();
    for (const s of deep) {
      const r = await run(s, cursorNotes[s.id] ?? []);
      if ((s.id === 'c2' && !walks.users.cursor) || (s.id === 'c4' && !walks.companies.cursor)) {
        r.kernel = { measured: null, queries: null, error: cursorNotes[s.id][0] };
        r.notes = r.notes.filter((n) => !n.startsWith('one request alone') && n !== cursorNotes[s.id][0]);
        r.differences = [];
      }
      byId.set(s.id, r);
      report.results.push(r);
    }
    report.results.push(await run(healthScenario()));

    // the page by cursor must be the page by number
    const samePage = async (offsetId: string, cursorId: string) => {
      const o = deep.find((s) => s.id === offsetId)!;
      const c = deep.find((s) => s.id === cursorId)!;
      const note = await samePageNote(`${booted.url}/api${o.kernelPath}`, `${booted.url}/api${c.kernelPath}`, headers[c.who], page);
      if (note) byId.get(cursorId)!.notes.push(note);
    };
    await samePage('c1', 'c2');
    await samePage('c3', 'c4');

    // 5. plans of the kernel's list statements (and the floor's, for comparison)
    const plans: [string, Captured | undefined][] = [
      ['b — kernel page query (companies)', pickQuery(ctx.captured, 'b', isKernelPage)],
      ['b — kernel count + aggregation query (companies)', pickQuery(ctx.captured, 'b', isKernelTotals)],
      ['b — floor page query (companies)', pickQuery(ctx.floorCaptured, 'b', (q) => /ORDER BY t\.name/.test(q))],
      ['b — floor count + aggregation query (companies)', pickQuery(ctx.floorCaptured, 'b', (q) => /COUNT\(\*\)/.test(q))],
      ['a — kernel page query (users)', pickQuery(ctx.captured, 'a', isKernelPage)],
      ['a — kernel count query (users)', pickQuery(ctx.captured, 'a', isKernelTotals)],
      ['a — floor page query (users)', pickQuery(ctx.floorCaptured, 'a', (q) => /ORDER BY t\.name/.test(q))],
      ['c1 — kernel page query (users, page by number)', pickQuery(ctx.captured, 'c1', isKernelPage)],
      ['c2 — kernel page query (users, by cursor)', pickQuery(ctx.captured, 'c2', isKernelPage)],
      ['c2 — kernel count query (users, by cursor: the same count on every page)', pickQuery(ctx.captured, 'c2', isKernelTotals)],
      ['c2 — floor count query (users)', pickQuery(ctx.floorCaptured, 'c2', (q) => /COUNT\(\*\)/.test(q))],
    ];
    for (const [title, q] of plans) if (q) report.explains.push(await explain(floor.db, engine, title, q));
    report.findings.push(...scenarioFindings(report.results));
  });
}

/** databases to drop if the run is interrupted (Ctrl-C) */
const live = new Set<BenchDatabase>();

/** The report written to `file`, and its tables and findings on the console. */
function publish(file: string, markdown: string, tables: string[], findings: string[], seconds: number, engine: Engine) {
  fs.writeFileSync(file, markdown);
  console.log(`\n${tables.join('\n\n')}\n`);
  for (const f of findings) console.log(`- ${f.replace(/\*\*/g, '')}`);
  console.log(`\n  written to ${path.relative(process.cwd(), file)} (${Math.round(seconds)} s for ${engine})`);
}

async function main() {
  const args = parse();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: dropping the benchmark databases`);
      void Promise.allSettled([...live].map((d) => d.drop())).then(() => process.exit(130));
    });
  }
  fs.mkdirSync(args.results, { recursive: true });
  const runner = new LoadProcess();
  const started = performance.now();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  try {
    for (const engine of args.engines) {
      if (args.suites.includes('invoicing')) {
        // bench/src/invoicing: the invoicing plugin on 100 000 invoices (bench/README.md)
        const { runInvoicingEngine } = await import('./invoicing/suite.ts');
        const { renderInvoicingMarkdown, writesTable } = await import('./invoicing/report.ts');
        const report = await runInvoicingEngine(engine, sizeFor(args, 'invoicing'), runner, live);
        publish(path.join(args.results, `${day(report.startedAt)}-invoicing-${engine}.md`), renderInvoicingMarkdown(report),
          [resultsTable(report.results), writesTable(report.writes)], report.findings, report.totalSeconds, engine);
      }
      if (args.suites.includes('platform')) {
        // bench/src/platform: user properties, image variants, the notification centre (bench/README.md)
        const { runPlatformEngine } = await import('./platform/suite.ts');
        const { renderPlatformMarkdown } = await import('./platform/report.ts');
        const report = await runPlatformEngine(engine, sizeFor(args, 'platform'), runner, live);
        publish(path.join(args.results, `${day(report.startedAt)}-platform-${engine}.md`), renderPlatformMarkdown(report),
          [resultsTable(report.results)], report.findings, report.totalSeconds, engine);
      }
      if (args.suites.includes('documents')) {
        // bench/src/documents: the printed invoice, Factur-X, the integrity verifier, the FEC (bench/README.md)
        const { runDocumentsEngine } = await import('./documents/suite.ts');
        const { renderDocumentsMarkdown, memoryTable } = await import('./documents/report.ts');
        const report = await runDocumentsEngine(engine, sizeFor(args, 'documents'), runner, live);
        publish(path.join(args.results, `${day(report.startedAt)}-documents-${engine}.md`), renderDocumentsMarkdown(report),
          [resultsTable(report.results), memoryTable(report.memory)], report.findings, report.totalSeconds, engine);
      }
      if (args.suites.includes('redis')) {
        // bench/src/redis: what the Redis fan-out's read barrier costs a cached GET (bench/README.md)
        const { runRedisEngine } = await import('./redis/suite.ts');
        const { renderRedisMarkdown, latencyTable } = await import('./redis/report.ts');
        const report = await runRedisEngine(engine, sizeFor(args, 'redis'), runner, live);
        publish(path.join(args.results, `${day(report.startedAt)}-redis-${engine}.md`), renderRedisMarkdown(report),
          [resultsTable(report.results), latencyTable(report.latency)], report.findings, report.totalSeconds, engine);
      }
      if (args.suites.includes('pos')) {
        // bench/src/pos: receipts per second, one register and four (bench/README.md « POS suite »)
        const { runPosEngine } = await import('./pos/suite.ts');
        await runPosEngine(engine, args, live);
      }
      if (!args.suites.includes('kernel')) continue;
      const report = await runEngine(engine, sizeFor(args, 'kernel'), runner);
      publish(path.join(args.results, `${day(report.startedAt)}-${engine}.md`), renderMarkdown(report),
        [resultsTable(report.results)], report.findings, report.totalSeconds, engine);
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
