/**
 * `npm run bench -- --suite=platform`: the kernel's platform services at a real company's volumes.
 *
 * Per engine: a fresh database, the kernel booted with the contacts plugin; through the API, two
 * user properties on customers, indexed (`couverts`, a number; `jourLivraison`, a select); the
 * data set (data.ts: 100 000 customers carrying both, 20 000 kept notifications) written into the
 * tables; the kernel booted again on it; a photo uploaded through `POST /api/kernel/files` and its
 * w320 variant asked once (made and kept); the floor (floor.ts). Then, each against its floor,
 * checked for the same answer first (../compare.ts):
 * 1. customers filtered and sorted on a user property (u1–u3), through the property's index;
 * 2. creating a customer with both properties against the same create without them (w1: the cost
 *    of checking the values; both sides are the kernel);
 * 3. the cached image variant (f1), the notification centre (n1–n3);
 * 4. the indexes removed through the API (`index: false`), the lists again (u1-–u3-);
 * 5. the statements per request and the plans of the list statements.
 */
import path from 'node:path';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { type BenchDatabase, type Engine, indexesOf } from '../database.ts';
import { runScenario, type CompareContext } from '../compare.ts';
import { bootOnData, onFreshDatabase, settleTables, type RunSize } from '../engine-run.ts';
import { getJson, postJson, putJson, sessionHeaders } from '../http.ts';
import { BENCH_ADMIN, bootKernel, login, loginAdmin } from '../kernel.ts';
import { measurePair, type LoadProcess } from '../measure.ts';
import { ratioOf, scenarioFindings, type RunReport, type ScenarioResult } from '../report.ts';
import { captureQueries, explain, isKernelPage, isKernelTotals, pickQuery, shortSql, type Captured, type ExplainOptions } from '../sql-capture.ts';
import { buildUploadForm } from '../../../sdk/src/client/multipart.ts';
import { generatePlatformData, WEEKDAYS, type PlatformDataReport } from './data.ts';
import { startPlatformFloor } from './floor.ts';
import { customerLists, imageScenario, notificationScenarios, type PlatformScenario } from './scenarios.ts';

export const PLATFORM_PLUGINS = [path.join(import.meta.dirname, '..', '..', '..', 'plugins', 'contacts')];
/** kept notifications of the measured user (as many again for other members) */
export const KEPT_NOTIFICATIONS = 10_000;
const EXPLAIN: ExplainOptions = { timeOnSqlite: true, omitColumns: ['possible_keys'] };
const log = (line: string) => console.log(line);

export interface StatementListing { title: string; statements: string[] }

export interface PlatformReport extends RunReport {
  generation: PlatformDataReport | null;
  statements: StatementListing[];
}

const PROPS = [
  { name: 'Nombre de couverts', variable: 'couverts', type: 'number', min: 0, max: 1000 },
  {
    name: 'Jour de livraison', variable: 'jourLivraison', type: 'select',
    selectOptions: WEEKDAYS.map((value) => ({ label: value[0].toUpperCase() + value.slice(1), value, hidden: false })),
  },
] as const;

/** The user-property indexes of the customers table (SQLite `upidx_…`, MariaDB `uprop_…`). */
async function propIndexes(db: Parameters<typeof indexesOf>[0], engine: Engine): Promise<string[]> {
  return (await indexesOf(db, engine, 'contacts_customers')).map((i) => i.name).filter((n) => /^(upidx|uprop)_/.test(n));
}

/** A photo as a phone takes it (2000 × 1500 JPEG, noisy enough to weigh what a real one does). */
async function photo(): Promise<Buffer> {
  const noise = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c87828', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
  return sharp(noise).blur(1).modulate({ saturation: 0.6 }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Create with user properties against the same create without them, both on the kernel: a few
 * requests alone (latency, statements), then the load, interleaved (autocannon sends the same body:
 * every request makes a new customer).
 */
async function createPair(ctx: CompareContext, url: string, headers: Record<string, string>, withProps: unknown, without: unknown): Promise<ScenarioResult> {
  const result: ScenarioResult = {
    id: 'w1', title: 'create customer with 2 user properties ÷ the same create without',
    about: 'POST /api/contacts/customers carrying `couverts` and `jourLivraison` (definitions read, values checked) against the same body without them; « kernel » = with, « floor » = without',
    differences: [], notes: [], kernel: { measured: null, queries: null }, floor: { measured: null, queries: null },
  };
  process.stdout.write(`  ${result.id}. ${result.title}: `);
  const alone = async (body: unknown) => {
    const times: number[] = [];
    let last: Captured[] = [];
    let status = 0;
    for (let i = 0; i < 9; i++) {
      const t = performance.now();
      const { result: r, queries } = await captureQueries(ctx.booted.kernel.db, () => postJson(url, body, headers));
      times.push(performance.now() - t);
      status = r.status;
      if (last.length === 0 || queries.length < last.length) last = queries;
    }
    times.sort((a, b) => a - b);
    return { ms: times[times.length >> 1], queries: last, status };
  };
  const k = await alone(withProps);
  const f = await alone(without);
  ctx.captured.set('w1', k.queries);
  ctx.floorCaptured.set('w1', f.queries);
  result.kernel.queries = k.queries.length;
  result.floor.queries = f.queries.length;
  if (k.status !== 201) result.kernel.error = `HTTP ${k.status} — ${ctx.booted.logs.errors[0] ?? ''}`;
  if (f.status !== 201) result.floor.error = `HTTP ${f.status}`;
  result.notes.push(`one request alone (median of 9): with ${k.ms.toFixed(1)} ms, without ${f.ms.toFixed(1)} ms`);
  const m = await measurePair(ctx.runner,
    k.status === 201 ? { url, headers, method: 'POST', body: JSON.stringify(withProps), single: k.ms } : null,
    f.status === 201 ? { url, headers, method: 'POST', body: JSON.stringify(without), single: f.ms } : null,
    { duration: ctx.duration, connections: ctx.connections, minAnswers: 20 });
  result.kernel.measured = m.kernel;
  result.floor.measured = m.floor;
  const ratio = ratioOf(result);
  console.log(`with ${m.kernel?.load.rps.toFixed(1)} req/s, without ${m.floor?.load.rps.toFixed(1)} req/s${ratio === null ? '' : `, ratio ${ratio.toFixed(2)}`}`);
  return result;
}

/** The plans of the lists `ids` (kernel page and count, the floor's page of the first), and with the indexes those of the centre. */
async function explainAll(ctx: CompareContext, db: Knex, engine: Engine, report: PlatformReport, ids: string[], centre: boolean): Promise<void> {
  const plans: [string, Captured | undefined][] = [];
  for (const id of ids) {
    plans.push([`${id} — kernel page query`, pickQuery(ctx.captured, id, isKernelPage)]);
    plans.push([`${id} — kernel count query`, pickQuery(ctx.captured, id, isKernelTotals)]);
    if (id === ids[0]) plans.push([`${id} — floor page query`, pickQuery(ctx.floorCaptured, id, (sql) => /JOIN/.test(sql))]);
  }
  if (centre) {
    plans.push(['n1 — kernel unread count', pickQuery(ctx.captured, 'n1', (sql) => /count\(\*\)/i.test(sql) && /notifications/.test(sql))]);
    plans.push(['n3 — kernel page query', pickQuery(ctx.captured, 'n3', isKernelPage)]);
    plans.push(['n3 — kernel count query', pickQuery(ctx.captured, 'n3', isKernelTotals)]);
  }
  for (const [title, q] of plans) if (q) report.explains.push(await explain(db, engine, title, q, EXPLAIN));
}

export async function runPlatformEngine(engine: Engine, args: RunSize, runner: LoadProcess, live: Set<BenchDatabase>): Promise<PlatformReport> {
  return onFreshDatabase<PlatformReport>(engine, args, live, 'platform — ', { generation: null, statements: [] }, async (database, report, held) => {
    const first = await bootKernel(database, PLATFORM_PLUGINS);
    held.booted = first;
    report.boot.empty = first.bootMs;
    console.log(`  boot on an empty database (kernel + contacts): ${Math.round(first.bootMs)} ms`);
    const admin = await loginAdmin(first.url);
    const { companyId } = admin;
    const props: Record<string, string> = {};
    for (const p of PROPS) {
      const res = await postJson(`${first.url}/api/kernel/user-props`, { ...p, pluginIdentifier: 'contacts.customers', index: true, filter: true }, admin.headers);
      if (res.status !== 201) throw new Error(`user property ${p.variable}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      props[p.variable] = res.body._id;
    }

    const gdb = database.open();
    try {
      report.generation = await generatePlatformData({
        db: gdb, engine, companyId, customers: args.rows, userId: admin.userId, authorId: admin.userId, notifications: KEPT_NOTIFICATIONS, log,
      });
      report.environment.push(...await settleTables(gdb, engine, ['contacts_customers', 'kernel_notifications']));
    } finally {
      await gdb.destroy();
    }
    console.log(`  data set: ${(report.generation!.ms.total / 1000).toFixed(1)} s (${(report.generation!.cpuMs / 1000).toFixed(1)} s CPU in this process)`);

    const booted = await bootOnData(database, report, held, PLATFORM_PLUGINS);
    const again = await login(booted.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const h = sessionHeaders(again.token, companyId);
    const fdbIndexes = async () => {
      const db = database.open();
      try { return await propIndexes(db, engine); } finally { await db.destroy(); }
    };
    report.environment.push(`user-property indexes of contacts_customers (made after the definitions' commit, and at boot): ${(await fdbIndexes()).join(', ') || 'none'}`);

    // the photo, uploaded as the files browser does, and its variant made once
    const jpeg = await photo();
    const form = await buildUploadForm({}, [{ blob: new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), name: 'vitrine.jpg', lastModified: Date.now() }]);
    const uploaded = await fetch(`${booted.url}/api/kernel/files`, { method: 'POST', headers: h, body: form });
    const file = await uploaded.json() as { attachments?: { folder: string; subfolder: string; filename: string }[] };
    if (uploaded.status !== 201 || !file.attachments?.[0]) throw new Error(`upload: HTTP ${uploaded.status} ${JSON.stringify(file).slice(0, 300)}`);
    const a = file.attachments[0];
    const variantUrl = `/attachment/${a.folder}/${a.subfolder}/${a.filename}/w320`;
    const made = Buffer.from(await (await fetch(`${booted.url}${variantUrl}`)).arrayBuffer());

    const floor = await startPlatformFloor({
      db: database.open(), engine, companyId, userId: admin.userId, filesRoot: path.join(database.dataDir, 'files'),
      props: { couverts: 'n', jourLivraison: 's' },
    });
    held.floor = floor;
    const served = Buffer.from(await (await fetch(`${floor.url}${variantUrl}`)).arrayBuffer());
    const ctx: CompareContext = { duration: args.duration, connections: args.connections, runner, booted, floor, captured: new Map(), floorCaptured: new Map() };
    const run = (s: PlatformScenario, notes: string[] = []) => runScenario(ctx, s, {
      kernel: `${booted.url}${s.kernelPath}`, floor: `${floor.url}${s.floorPath}`, headers: s.anonymous ? {} : h,
    }, notes, { noteAnswer: s.kind === 'list' });

    // 1. lists through the indexes
    for (const s of customerLists(args.rows, true)) report.results.push(await run(s));
    // 2. creates (values outside every filter above: the lists below count the same rows)
    const body = { company: 'Brasserie des Terreaux', email: 'commandes@brasserie-terreaux.example', addresses: [{ address: '3 place des Terreaux', zipCode: '69001', city: 'Lyon', country: 'France', delivery: true, invoicing: true }] };
    report.results.push(await createPair(ctx, `${booted.url}/api/contacts/customers`, h, { ...body, userProps: { couverts: 45, jourLivraison: 'samedi' } }, body));
    // 3. the image variant and the notification centre
    report.results.push(await run(imageScenario(variantUrl, made.length), [
      `the kernel's variant and koa-send's file are ${made.equals(served) ? 'the same bytes' : 'DIFFERENT BYTES'} (${made.length.toLocaleString('en-US')})`,
    ]));
    for (const s of notificationScenarios(KEPT_NOTIFICATIONS)) report.results.push(await run(s));
    // plans of the indexed lists now, while the indexes are there
    await explainAll(ctx, floor.db, engine, report, ['u1', 'u2', 'u3'], true);

    // 4. the indexes removed through the API: the same lists read every customer's JSON
    for (const id of Object.values(props)) {
      const res = await putJson(`${booted.url}/api/kernel/user-props/${id}`, { index: false }, h);
      if (res.status !== 200) throw new Error(`index: false: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
    // the DDL runs after the commit (kernel.user-props.changed): wait for it
    const until = Date.now() + 60_000;
    while ((await fdbIndexes()).length && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    report.environment.push(`after \`index: false\` on both properties: ${(await fdbIndexes()).join(', ') || 'no user-property index left'}`);
    for (const s of customerLists(args.rows, false)) report.results.push(await run(s));

    // 5. statements and plans
    for (const id of ['u1', 'u1-', 'w1', 'n1', 'n2']) {
      const k = ctx.captured.get(id);
      const f = ctx.floorCaptured.get(id);
      const side = id === 'w1' ? ['with user properties', 'without'] : ['kernel', 'floor'];
      if (k) report.statements.push({ title: `${side[0]}: ${id} — ${k.length} statements`, statements: k.map(shortSql) });
      if (f) report.statements.push({ title: `${side[1]}: ${id} — ${f.length} statements`, statements: f.map(shortSql) });
    }
    await explainAll(ctx, floor.db, engine, report, ['u1-', 'u2-'], false);
    report.findings.push(...scenarioFindings(report.results));
    const byId = new Map(report.results.map((r) => [r.id, ratioOf(r)]));
    for (const id of ['u1', 'u2', 'u3']) {
      const withIx = report.results.find((r) => r.id === id)?.kernel.measured?.load.rps;
      const without = report.results.find((r) => r.id === `${id}-`)?.kernel.measured?.load.rps;
      if (withIx && without) report.findings.push(`**${id}** kernel with the index ${withIx.toFixed(1)} req/s, without ${without.toFixed(1)} req/s: the index serves ${(withIx / without).toFixed(1)} × more (ratio to the floor ${byId.get(id)?.toFixed(2)} / ${byId.get(`${id}-`)?.toFixed(2)}).`);
    }
    const check = await getJson(`${booted.url}/api/kernel/user-props`, h);
    if (check.status !== 200) report.findings.push(`user-props list after the run: HTTP ${check.status}`);
  });
}
