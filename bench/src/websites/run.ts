/**
 * `node --import tsx bench/src/websites/run.ts [--engine=sqlite|mysql|both --duration=5 --connections=10]`: the
 * public pages of the websites plugin (bench/README.md « Websites suite »).
 *
 * Per engine: a fresh database, the kernel with the websites plugin, the demo bakery site written
 * by the plugin's own seed (a home page of 5 blocks, its menu, a blog of two articles); the page's
 * weight (HTML + CSS + JS, gzip, without images); then, against a floor serving the same bytes
 * (floor.ts), interleaved kernel, floor, floor, kernel:
 * - s1: the home page from the kernel's page cache (what visitors get);
 * - s2: the home page rendered for every request, nothing kept (`COMPTOIR_WEBSITES_CACHE_TTL=0`);
 * - s2s: the home page rendered for every request from the kept site structure (page cache off,
 *   `COMPTOIR_WEBSITES_STRUCTURE_TTL=60`): what a page not yet cached costs;
 * - s3: the blog page rendered for every request, nothing kept; s3s: the same from the kept structure;
 * - s4: a revalidation (`If-None-Match`: 304) from the cache.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { freshDatabase, type Engine } from '../database.ts';
import { bootKernel, loginAdmin } from '../kernel.ts';
import { LoadProcess, type LoadSummary } from '../measure.ts';
import { startPageFloor, type Snapshot } from './floor.ts';

const HOST = 'boulangerie-martin.localhost';
const PLUGIN = path.join(import.meta.dirname, '..', '..', '..', 'plugins', 'websites');
const RESULTS = path.join(import.meta.dirname, '..', '..', 'results');

function get(url: string, p: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: p, headers: { Host: HOST, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function snapshot(url: string, p: string): Promise<Snapshot> {
  const res = await get(url, p, { 'Accept-Encoding': 'gzip' });
  const keep = ['content-type', 'cache-control', 'etag', 'content-security-policy', 'vary', 'x-content-type-options'];
  const headers = Object.fromEntries(keep.filter((k) => res.headers[k]).map((k) => [k, String(res.headers[k])]));
  return { status: res.status, headers, gzip: res.headers['content-encoding'] === 'gzip' ? res.raw : zlib.gzipSync(res.raw) };
}

/** HTML + the CSS and JS it names, as a browser downloads them with gzip */
async function pageWeight(url: string, p: string) {
  const html = await get(url, p, { 'Accept-Encoding': 'gzip' });
  const text = (html.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(html.raw) : html.raw).toString('utf8');
  const assets = [...text.matchAll(/(?:href|src)="(\/_site\/[^"]+)"/g)].map((m) => m[1]);
  const parts = [{ what: `HTML ${p}`, raw: Buffer.byteLength(text), sent: html.raw.length }];
  for (const a of assets) {
    const r = await get(url, a, { 'Accept-Encoding': 'gzip' });
    const raw = r.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(r.raw).length : r.raw.length;
    parts.push({ what: a.replace(/\?.*/, ''), raw, sent: r.raw.length });
  }
  return parts;
}

interface Row { id: string; title: string; kernel: LoadSummary; floor: LoadSummary }

async function main() {
  const { values } = parseArgs({ options: { engine: { type: 'string' }, duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } } });
  const engines: Engine[] = values.engine === 'both' ? ['sqlite', 'mysql'] : [(values.engine ?? 'sqlite') as Engine];
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const runner = new LoadProcess();
  fs.mkdirSync(RESULTS, { recursive: true });
  try {
    for (const engine of engines) {
      const database = await freshDatabase(engine);
      const booted = await bootKernel(database, [PLUGIN]);
      try {
        const admin = await loginAdmin(booted.url);
        const plugin = booted.kernel.plugins.find((p) => p.def.id === 'websites')!;
        await booted.kernel.asSystem(admin.companyId, (ctx) => plugin.def.seedDemo!(ctx), 'websites');
        const weight = await pageWeight(booted.url, '/');
        const floorPage = await snapshot(booted.url, '/');
        const floor = await startPageFloor(floorPage);
        const job = (url: string, p: string, extra: Record<string, string> = {}) => ({
          url: `${url}${p}`, headers: { host: HOST, 'accept-encoding': 'gzip', ...extra }, connections, duration: duration / 2, timeout: 10,
        });
        const pair = async (id: string, title: string, p: string, cache: boolean | 'structure', extra: Record<string, string> = {}) => {
          process.env.COMPTOIR_WEBSITES_CACHE_TTL = cache === true ? '' : '0';
          process.env.COMPTOIR_WEBSITES_STRUCTURE_TTL = cache === 'structure' ? '60' : '';
          const parts = { kernel: [] as LoadSummary[], floor: [] as LoadSummary[] };
          for (const side of ['kernel', 'floor', 'floor', 'kernel'] as const) parts[side].push(await runner.run(job(side === 'kernel' ? booted.url : floor.url, p, extra)));
          // a revalidation's 304 is the answer wanted: counted with the 2xx there
          const answered = (x: LoadSummary) => (extra['if-none-match'] ? (x.statusCodes['304'] ?? 0) + x.ok : x.ok) / x.seconds;
          const sum = (xs: LoadSummary[]) => ({ ...xs[0], rps: xs.reduce((s, x) => s + answered(x), 0) / xs.length, p50: Math.max(...xs.map((x) => x.p50)), non2xx: xs.reduce((s, x) => s + x.non2xx - (extra['if-none-match'] ? x.statusCodes['304'] ?? 0 : 0), 0) });
          const row = { id, title, kernel: sum(parts.kernel), floor: sum(parts.floor) };
          console.log(`  ${id}. ${title}: kernel ${Math.round(row.kernel.rps)} req/s, floor ${Math.round(row.floor.rps)} req/s, ratio ${(row.kernel.rps / row.floor.rps).toFixed(2)}`);
          return row;
        };
        console.log(`\n== websites, ${engine}`);
        const rows: Row[] = [
          await pair('s1', 'home page, from the page cache', '/', true),
          await pair('s2', 'home page, rendered for every request (cache off)', '/', false),
          await pair('s2s', 'home page, rendered for every request from the kept site structure', '/', 'structure'),
          await pair('s3', 'blog page, rendered for every request (cache off)', '/blog', false),
          await pair('s3s', 'blog page, rendered for every request from the kept site structure', '/blog', 'structure'),
          await pair('s4', 'home page revalidated (If-None-Match → 304), cached', '/', true, { 'if-none-match': floorPage.headers.etag }),
        ];
        process.env.COMPTOIR_WEBSITES_CACHE_TTL = '';
        process.env.COMPTOIR_WEBSITES_STRUCTURE_TTL = '';
        await floor.stop();
        const total = weight.reduce((s, w) => s + w.sent, 0);
        const md = [
          `# websites — ${engine} — ${new Date().toISOString()}`,
          '',
          `${connections} connections, ${duration} s per target (interleaved kernel, floor, floor, kernel). Floor: bare Koa answering the same gzip bytes and headers.`,
          '',
          '| id | scenario | kernel req/s | floor req/s | kernel ÷ floor | kernel p50 ms | non-2xx |',
          '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
          ...rows.map((r) => `| ${r.id} | ${r.title} | ${Math.round(r.kernel.rps)} | ${Math.round(r.floor.rps)} | ${(r.kernel.rps / r.floor.rps).toFixed(2)} | ${r.kernel.p50} | ${r.kernel.non2xx} |`),
          '',
          '## Page weight (demo home page, without images)',
          '',
          '| file | bytes | sent (gzip) |',
          '| --- | ---: | ---: |',
          ...weight.map((w) => `| ${w.what} | ${w.raw} | ${w.sent} |`),
          `| **total** | ${weight.reduce((s, w) => s + w.raw, 0)} | **${total}** |`,
          '',
        ].join('\n');
        const file = path.join(RESULTS, `${new Date().toISOString().slice(0, 10)}-websites-${engine}.md`);
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
