/**
 * `node --import tsx bench/src/process-queues/run.ts [--engine=sqlite|mysql|both --duration=10 --connections=10 --nodes=20]`:
 * the process-queue engine and the editor's chunks (bench/README.md « Process-queues suite »).
 *
 * Per engine: a fresh database, the kernel with the process-queues plugin, one general queue of
 * `--nodes` nodes in a line (start, set-variable × n−2, end); then, interleaved kernel, floor,
 * floor, kernel:
 * - q1: `POST /api/process-queues/queues/:id/runs` — a whole run per request, every step stored —
 *   against the floor (floor.ts: the same rows written by hand with knex behind bare Koa);
 *   reported in runs/s and steps/s.
 * Then the remote's build (client/dist, built if absent): the first load (remoteEntry + ./App) and
 * the lazy chunks of the editor (React Flow) and of the auto-layout (dagre), raw and gzip.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { freshDatabase, type Engine } from '../database.ts';
import { bootKernel, loginAdmin } from '../kernel.ts';
import { LoadProcess, measurePair, type Target } from '../measure.ts';
import { startEngineFloor } from './floor.ts';

const PLUGIN = path.join(import.meta.dirname, '..', '..', '..', 'plugins', 'process-queues');
const RESULTS = path.join(import.meta.dirname, '..', '..', 'results');

function line(count: number) {
  const nodes = [{ uuid: 'n0', pluginIdentifier: 'process-queues.start', exits: { main: 'n1' } }] as Record<string, unknown>[];
  for (let i = 1; i < count - 1; i++) nodes.push({ uuid: `n${i}`, pluginIdentifier: 'process-queues.set-variable', exits: { main: `n${i + 1}` }, configuration: { name: `v${i}`, value: String(i) } });
  nodes.push({ uuid: `n${count - 1}`, pluginIdentifier: 'process-queues.end', exits: {} });
  return nodes;
}

/** the remote's files by role, raw and gzip; a chunk is « editor » when it holds React Flow, « layout » when it holds dagre */
function chunkSizes() {
  const dist = path.join(PLUGIN, 'client', 'dist');
  if (!fs.existsSync(path.join(dist, 'remoteEntry.js'))) execFileSync('npm', ['run', 'build'], { cwd: PLUGIN, stdio: 'ignore' });
  const rows: { file: string; role: string; raw: number; gzip: number }[] = [];
  for (const file of fs.readdirSync(dist).filter((f) => /\.(js|css)$/.test(f))) {
    const bytes = fs.readFileSync(path.join(dist, file));
    const text = bytes.toString('utf8');
    const role = file === 'remoteEntry.js' ? 'first load: remote entry'
      : file.startsWith('__federation_expose_App') ? 'first load: ./App (the list)'
        : file.startsWith('__federation_expose_Settings') ? './Settings'
          : file.endsWith('.css') ? 'editor, lazy (styles)'
            : /react-flow__/.test(text) ? 'editor, lazy (React Flow)'
              : text.includes('Disposer automatiquement') ? 'editor, lazy (the editor\'s screens)'
                : /rankdir/.test(text) ? 'auto-layout, lazy (dagre, on demand)' : 'other';
    rows.push({ file, role, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });
  }
  return rows.sort((a, b) => a.role.localeCompare(b.role) || b.raw - a.raw);
}

async function main() {
  const { values } = parseArgs({ options: {
    engine: { type: 'string' }, duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' }, nodes: { type: 'string', default: '20' },
  } });
  const engines: Engine[] = values.engine === 'both' ? ['sqlite', 'mysql'] : [(values.engine ?? 'sqlite') as Engine];
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const count = Number(values.nodes);
  const runner = new LoadProcess();
  fs.mkdirSync(RESULTS, { recursive: true });
  const chunks = chunkSizes();
  try {
    for (const engine of engines) {
      const database = await freshDatabase(engine);
      const booted = await bootKernel(database, [PLUGIN]);
      try {
        const admin = await loginAdmin(booted.url);
        const created = await fetch(`${booted.url}/api/process-queues/queues`, {
          method: 'POST', headers: { ...admin.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Ligne de ${count} nœuds`, typeIdentifier: 'general', plugins: line(count) }),
        }).then((r) => r.json()) as { _id: string };
        const floor = await startEngineFloor(booted.kernel.db, admin.companyId, created._id, count);
        const kernelUrl = `${booted.url}/api/process-queues/queues/${created._id}/runs`;
        const headers = { ...admin.headers, 'content-type': 'application/json' };
        const first = await fetch(kernelUrl, { method: 'POST', headers, body: '{}' }).then((r) => r.json()) as { run: { status: string; stepCount: number } };
        if (first.run?.status !== 'finished' || first.run.stepCount !== count) throw new Error(`the kernel's run did not finish: ${JSON.stringify(first)}`);
        // single-request latency, sequential (measure.ts's probe sends GETs)
        const single = async (url: string, h: Record<string, string>) => {
          const times: number[] = [];
          for (let i = 0; i < 15; i++) { const t = performance.now(); await fetch(url, { method: 'POST', headers: h, body: '{}' }).then((r) => r.text()); times.push(performance.now() - t); }
          return times.sort((a, b) => a - b)[7];
        };
        const kernelTarget: Target = { url: kernelUrl, headers, method: 'POST', body: '{}', single: await single(kernelUrl, headers) };
        const floorTarget: Target = { url: `${floor.url}/run`, headers: { 'content-type': 'application/json' }, method: 'POST', body: '{}', single: await single(`${floor.url}/run`, {}) };
        console.log(`\n== process-queues, ${engine}: a run of ${count} steps alone: kernel ${kernelTarget.single.toFixed(1)} ms, floor ${floorTarget.single.toFixed(1)} ms`);
        const pair = await measurePair(runner, kernelTarget, floorTarget, { duration, connections, minAnswers: 200 });
        await floor.close();
        const k = pair.kernel!.load;
        const f = pair.floor!.load;
        const steps = await booted.kernel.db('process_queues_steps').count({ n: '*' }).first();
        const md = [
          `# process-queues — ${engine} — ${new Date().toISOString()}`,
          '',
          `A general queue of ${count} nodes in a line; each request walks a whole run (${count} steps stored). ${connections} connections, ${pair.kernel!.mode} per target (interleaved kernel, floor, floor, kernel).`,
          'Floor: bare Koa + knex writing the same rows by hand in one transaction (bench/src/process-queues/floor.ts).',
          '',
          '| id | scenario | kernel runs/s | kernel steps/s | floor runs/s | floor steps/s | kernel ÷ floor | kernel p50 / p99 ms | floor p50 / p99 ms | alone: kernel / floor ms | non-2xx |',
          '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
          `| q1 | POST /queues/:id/runs, ${count} nodes | ${k.rps.toFixed(1)} | ${Math.round(k.rps * count)} | ${f.rps.toFixed(1)} | ${Math.round(f.rps * count)} | ${(k.rps / f.rps).toFixed(2)} | ${Math.round(k.p50)} / ${Math.round(k.p99)} | ${Math.round(f.p50)} / ${Math.round(f.p99)} | ${kernelTarget.single.toFixed(1)} / ${floorTarget.single.toFixed(1)} | ${k.non2xx + k.errors} |`,
          '',
          `Steps stored at the end: ${Number((steps as { n: number | string }).n)}.`,
          '',
          '## The remote\'s chunks (plugins/process-queues/client/dist)',
          '',
          '| file | role | bytes | gzip -9 |',
          '| --- | --- | ---: | ---: |',
          ...chunks.map((c) => `| ${c.file} | ${c.role} | ${c.raw} | ${c.gzip} |`),
          `| | **first load** (entry + ./App) | ${chunks.filter((c) => c.role.startsWith('first')).reduce((s, c) => s + c.raw, 0)} | **${chunks.filter((c) => c.role.startsWith('first')).reduce((s, c) => s + c.gzip, 0)}** |`,
          `| | **editor** (lazy, on opening a queue) | ${chunks.filter((c) => c.role.startsWith('editor')).reduce((s, c) => s + c.raw, 0)} | **${chunks.filter((c) => c.role.startsWith('editor')).reduce((s, c) => s + c.gzip, 0)}** |`,
          '',
        ].join('\n');
        const file = path.join(RESULTS, `${new Date().toISOString().slice(0, 10)}-process-queues-${engine}.md`);
        fs.writeFileSync(file, md);
        console.log(`\n${md}\n  written to ${path.relative(process.cwd(), file)}`);
      } finally {
        await booted.kernel.stop();
        await database.drop();
      }
    }
  } finally {
    runner.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
