/**
 * `node --import tsx bench/src/pbx/run.ts [--engine=sqlite|mysql|both --duration=10 --connections=10 --rate=500]`:
 * incoming-call steps through a 20-node call-routing queue (bench/README.md « PBX suite »).
 *
 * Per engine: a fresh database, the kernel with contacts, process-queues and pbx; 200 customers (one
 * in a VIP group), the sample queue of tools/src/pbx-queue-sample.ts, its context, the bridge's user
 * and access token. Each request is the FIRST step of a new call from the VIP customer (unique
 * `callid`): the engine walks 9 nodes (prefix, blocked list, two time routers, identification through
 * the contacts, customer or contact, groups…) to the greeting, storing the call, 9 steps and 11
 * events. Against the floor (floor.ts), interleaved kernel, floor, floor, kernel:
 * - s1: as fast as it goes (10 connections);
 * - s2: at a fixed 500 requests per second (autocannon's overallRate): achieved rate, p50, p99.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { parseArgs } from 'node:util';
import { freshDatabase, type Engine } from '../database.ts';
import { bootKernel, loginAdmin } from '../kernel.ts';
import { postJson } from '../http.ts';
import { sampleCallQueue } from '../../../tools/src/pbx-queue-sample.ts';
import { startPbxFloor } from './floor.ts';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const PLUGINS = ['contacts', 'process-queues', 'pbx'].map((id) => path.join(ROOT, 'plugins', id));
const RESULTS = path.join(ROOT, 'bench', 'results');

interface Summary { requests: number; ok: number; non2xx: number; errors: number; timeouts: number; seconds: number; rps: number; p50: number; p99: number; max: number }

function cannon(job: Record<string, unknown>): Promise<Summary> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cannon.ts'), JSON.stringify(job)], { maxBuffer: 1 << 20 }, (err, stdout) => {
      if (err) return reject(err);
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as Summary);
    });
  });
}

async function post(url: string, p: string, body: unknown, headers: Record<string, string>) {
  const res = await postJson(`${url}${p}`, body, headers);
  if (res.status >= 300) throw new Error(`${p}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}

async function main() {
  const { values } = parseArgs({ options: { engine: { type: 'string' }, duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' }, rate: { type: 'string', default: '500' } } });
  const engines: Engine[] = values.engine === 'both' ? ['sqlite', 'mysql'] : [(values.engine ?? 'sqlite') as Engine];
  const duration = Number(values.duration); const connections = Number(values.connections); const rate = Number(values.rate);
  fs.mkdirSync(RESULTS, { recursive: true });
  for (const engine of engines) {
    const database = await freshDatabase(engine);
    const booted = await bootKernel(database, PLUGINS);
    const db = database.open();
    try {
      const admin = await loginAdmin(booted.url);
      const h = admin.headers;
      const vip = (await post(booted.url, '/api/kernel/groups', { pluginIdentifier: 'contacts.customers', name: 'VIP' }, h))._id;
      for (let i = 0; i < 200; i++) {
        await post(booted.url, '/api/contacts/customers', { company: `Client ${i}`, telMobile: `06 ${String(10 + (i % 90))} 00 ${String(i).padStart(4, '0').replace(/(..)(..)/, '$1 $2')}`, ...(i === 0 ? { fk: { groups: [vip] } } : {}) }, h);
      }
      await post(booted.url, '/api/contacts/customers', { company: 'Hôtel du Parc', telMobile: '06 12 34 56 78', fk: { groups: [vip] } }, h);
      const blocked = (await post(booted.url, '/api/pbx/number-lists', { name: 'Bloqués', numbers: ['+33699999999'] }, h))._id;
      const accueil = (await post(booted.url, '/api/pbx/users', { username: 'accueil', number: '101' }, h))._id;
      const atelier = (await post(booted.url, '/api/pbx/users', { username: 'atelier', number: '102' }, h))._id;
      const playlist = (await post(booted.url, '/api/pbx/playlists', { name: 'Attente', items: [{ audioFile: 'attente/valse' }] }, h))._id;
      const queue = await post(booted.url, '/api/process-queues/queues', sampleCallQueue({ blocked, vip, accueil, atelier, playlist }), h);
      await post(booted.url, '/api/pbx/contexts', { name: 'atmos-incoming', file: 'extensions', fk: { queue: queue._id } }, h);
      const role = await post(booted.url, '/api/kernel/roles', { name: 'Passerelle', permissions: ['pbx.calls.route'] }, h);
      await post(booted.url, '/api/kernel/users', { email: 'asterisk@bench.test', password: 'passerelle-bench-1', roles: [role._id] }, h);
      const bridge = await post(booted.url, '/api/auth/login', { email: 'asterisk@bench.test', password: 'passerelle-bench-1' }, {});
      const token = (await post(booted.url, '/api/kernel/access-tokens', { name: 'FastAGI' }, { authorization: `Bearer ${bridge.token}`, 'at-company': admin.companyId })).token;
      const headers = { authorization: `Bearer ${token}`, 'at-company': admin.companyId };
      // 10:00 in Paris: opening hours, the VIP path
      const body = JSON.stringify({ context: 'atmos-incoming', caller: '+33612345678', exten: '0140000000', callid: 'bench-[<id>]', date: '2026-11-30T09:00:00.000Z' });
      const probe = await post(booted.url, '/api/pbx/incoming', JSON.parse(body.replace('[<id>]', 'probe')), headers);
      if (!String(probe.ttsMessage ?? '').startsWith('Bonjour et merci')) throw new Error(`unexpected first step: ${JSON.stringify(probe)}`);
      const floor = await startPbxFloor(db, queue._id);
      const job = (url: string, extra: Record<string, unknown> = {}) => ({ url, headers, body, connections, duration: duration / 2, ...extra });
      const rows: { id: string; title: string; kernel: Summary[]; floor: Summary[] }[] = [];
      for (const [id, title, extra] of [['s1', 'first step of a call (9 nodes), full speed', {}], ['s2', `first step of a call (9 nodes), fixed ${rate} req/s`, { rate, connections: Math.max(connections, 50) }]] as const) {
        const row = { id, title, kernel: [] as Summary[], floor: [] as Summary[] };
        for (const side of ['kernel', 'floor', 'floor', 'kernel'] as const) {
          row[side].push(await cannon(job(side === 'kernel' ? `${booted.url}/api/pbx/incoming` : floor.url, extra)));
        }
        const k = row.kernel; const f = row.floor;
        console.log(`  ${id}. ${title}: kernel ${Math.round(avg(k, 'rps'))} req/s p99 ${Math.max(...k.map((x) => x.p99))} ms, floor ${Math.round(avg(f, 'rps'))} req/s p99 ${Math.max(...f.map((x) => x.p99))} ms`);
        rows.push(row);
      }
      await floor.stop();
      const [{ calls }] = await db('pbx_calls').count({ calls: '*' });
      const [{ events }] = await db('pbx_call_events').count({ events: '*' });
      const md = [
        `# pbx — ${engine} — ${new Date().toISOString()}`,
        '',
        `${connections} connections (s2: at least 50, autocannon overallRate), ${duration} s per target in two halves, interleaved kernel, floor, floor, kernel. Each request starts a new call of the VIP customer through the 20-node sample queue (9 nodes walked to the greeting). Floor: bare Koa + knex, one transaction reading the queue and writing the call and one step by hand. After the run: ${calls} calls, ${events} call events stored.`,
        '',
        '| id | scenario | kernel req/s | floor req/s | kernel ÷ floor | kernel p50 ms | kernel p99 ms | floor p99 ms | kernel non-2xx / errors |',
        '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...rows.map((r) => `| ${r.id} | ${r.title} | ${Math.round(avg(r.kernel, 'rps'))} | ${Math.round(avg(r.floor, 'rps'))} | ${(avg(r.kernel, 'rps') / avg(r.floor, 'rps')).toFixed(2)} | ${Math.max(...r.kernel.map((x) => x.p50))} | ${Math.max(...r.kernel.map((x) => x.p99))} | ${Math.max(...r.floor.map((x) => x.p99))} | ${r.kernel.reduce((s, x) => s + x.non2xx, 0)} / ${r.kernel.reduce((s, x) => s + x.errors + x.timeouts, 0)} |`),
        '',
        `Load average at the end: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(', ')} (2 cores shared with other work: compare ratios).`,
        '',
      ].join('\n');
      const file = path.join(RESULTS, `${new Date().toISOString().slice(0, 10)}-pbx-${engine}.md`);
      fs.writeFileSync(file, md);
      console.log(`\n${md}\n  written to ${path.relative(process.cwd(), file)}`);
    } finally {
      await db.destroy();
      await booted.kernel.stop();
      await database.drop();
    }
  }
}

const avg = (xs: Summary[], k: 'rps') => xs.reduce((s, x) => s + x[k], 0) / xs.length;

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
