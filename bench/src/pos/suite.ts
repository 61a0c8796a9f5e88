/**
 * The POS suite (bench/README.md « POS suite »): receipts per second on the real kernel — one
 * register, then four side by side — against the floor (floor.ts) measured in the same run on the
 * same database. Each target gets `--connections` loops selling one receipt after the other for
 * `--duration` seconds (3 lines, one with a catalogue-free rate mix, paid half by card and half in
 * cash with change), kernel and floor interleaved twice so that the machine's drifting load
 * favours neither. Then the chain is verified (the floor writes the same links) and the receipts
 * counted. Written to `<results>/<date>-pos-<engine>.md`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Engine, BenchDatabase } from '../database.ts';
import { freshDatabase } from '../database.ts';
import { getJson, postJson } from '../http.ts';
import { bootKernel, loginAdmin } from '../kernel.ts';
import { startPosFloor } from './floor.ts';

export const POS_PLUGINS = ['contacts', 'catalogue', 'invoicing', 'pos'].map((p) => path.join(import.meta.dirname, '..', '..', '..', 'plugins', p));

const DRAWER = { currency: 'euro', details: [[50, 40], [20, 400], [10, 400], [5, 400], [2, 2000], [1, 2000], [0.5, 2000], [0.2, 4000], [0.1, 4000], [0.05, 4000], [0.02, 4000], [0.01, 4000]].map(([unit, quantity]) => ({ unit, quantity })) };
const LINES = [
  { labelPrimary: 'Baguette tradition', vat: 5.5, inclTaxesPrice: 1.3, type: 'good' },
  { labelPrimary: 'Croissant', vat: 5.5, inclTaxesPrice: 1.2, type: 'good' },
  { labelPrimary: 'Café', vat: 10, inclTaxesPrice: 2, type: 'service' },
  { labelPrimary: 'Jus d’orange', vat: 5.5, inclTaxesPrice: 3.5, type: 'good' },
  { labelPrimary: 'Sandwich', vat: 10, inclTaxesPrice: 6.9, type: 'good' },
];

/** The body of sale `n` on a register: 3 lines, half by card, half in cash paid with a note (change given). */
export function saleBody(n: number, cashRegisterId: string) {
  const items = [0, 1, 2].map((k) => ({ ...LINES[(n + k) % LINES.length], quantity: 1 + ((n + k) % 3) }));
  const total = Math.round(items.reduce((s, l) => s + l.quantity * l.inclTaxesPrice * 100, 0));
  const card = Math.floor(total / 2);
  const cashCents = total - card;
  const note = cashCents <= 500 ? 5 : cashCents <= 1000 ? 10 : cashCents <= 2000 ? 20 : 50;
  return { cashRegisterId, items, payments: [{ mode: 'cb', amount: card / 100 }, { mode: 'cash', amount: cashCents / 100, cash: { currency: 'euro', details: [{ unit: note, quantity: 1 }] } }] };
}

interface Measure { target: string; registers: number; receipts: number; seconds: number; perSecond: number; p50: number; p99: number; failures: number; firstError: string | null }

async function load(target: string, post: (body: unknown) => Promise<{ status: number; body: unknown }>, registers: string[], connections: number, seconds: number): Promise<Measure> {
  const latencies: number[] = [];
  let failures = 0;
  let firstError: string | null = null;
  let n = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < deadline) {
      const i = n++;
      const t = performance.now();
      const r = await post(saleBody(i, registers[i % registers.length]));
      if (r.status !== 201) { failures++; firstError ??= `HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`; continue; }
      latencies.push(performance.now() - t);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : 0);
  return { target, registers: registers.length, receipts: latencies.length, seconds: elapsed, perSecond: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), failures, firstError };
}

const merge = (a: Measure, b: Measure): Measure => {
  const receipts = a.receipts + b.receipts, seconds = a.seconds + b.seconds;
  return { ...a, receipts, seconds, perSecond: receipts / seconds, p50: (a.p50 + b.p50) / 2, p99: Math.max(a.p99, b.p99), failures: a.failures + b.failures, firstError: a.firstError ?? b.firstError };
};

export async function runPosEngine(engine: Engine, args: { duration: number; connections: number; results: string }, live: Set<BenchDatabase>): Promise<string> {
  const database = await freshDatabase(engine);
  live.add(database);
  try {
    const booted = await bootKernel(database, POS_PLUGINS);
    console.log(`  boot (kernel + contacts, catalogue, invoicing, pos): ${Math.round(booted.bootMs)} ms`);
    const admin = await loginAdmin(booted.url);
    const registers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await postJson(`${booted.url}/api/pos/cash-registers`, { name: `Caisse ${i + 1}` }, admin.headers);
      const opened = await postJson(`${booted.url}/api/pos/cash-registers/${r.body._id}/open`, { cash: DRAWER }, admin.headers);
      if (opened.status !== 200) throw new Error(`open: HTTP ${opened.status} ${JSON.stringify(opened.body).slice(0, 300)}`);
      registers.push(r.body._id);
    }
    const db = database.open();
    const floor = await startPosFloor({ db, engine, companyId: admin.companyId, userId: admin.userId });
    const kernelPost = (body: unknown) => postJson(`${booted.url}/api/pos/receipts`, body, admin.headers);
    const floorPost = (body: unknown) => postJson(`${floor.url}/receipts`, body);
    const half = Math.max(1, args.duration / 2);
    const rows: Measure[] = [];
    for (const count of [1, 4]) {
      const on = registers.slice(0, count);
      const k1 = await load('kernel', kernelPost, on, args.connections, half);
      const f1 = await load('floor', floorPost, on, args.connections, half);
      const f2 = await load('floor', floorPost, on, args.connections, half);
      const k2 = await load('kernel', kernelPost, on, args.connections, half);
      rows.push(merge(k1, k2), merge(f1, f2));
    }
    const integrity = await getJson(`${booted.url}/api/pos/integrity`, admin.headers);
    const stored = Number((await db('pos_receipts').count({ n: '*' }))[0].n);
    await floor.close();
    await db.destroy();
    await booted.kernel.stop();

    const f = (n: number, d = 1) => n.toFixed(d);
    const table = ['| registers | target | receipts | receipts/s | p50 ms | p99 ms | failures | kernel ÷ floor |', '| --- | --- | --- | --- | --- | --- | --- | --- |'];
    for (let i = 0; i < rows.length; i += 2) {
      const [k, fl] = [rows[i], rows[i + 1]];
      table.push(`| ${k.registers} | kernel | ${k.receipts} | ${f(k.perSecond)} | ${f(k.p50)} | ${f(k.p99)} | ${k.failures} | ${f(k.perSecond / fl.perSecond, 2)} |`);
      table.push(`| ${fl.registers} | floor | ${fl.receipts} | ${f(fl.perSecond)} | ${f(fl.p50)} | ${f(fl.p99)} | ${fl.failures} | |`);
    }
    const errors = rows.filter((r) => r.firstError).map((r) => `- ${r.target} (${r.registers}): ${r.firstError}`);
    const md = [
      `# POS suite — ${engine === 'mysql' ? 'MariaDB' : 'SQLite'} — ${new Date().toISOString()}`, '',
      `${args.connections} connections, ${args.duration} s per target and register count (two halves, interleaved kernel, floor, floor, kernel).`, '',
      ...table, '',
      `Chain after the run: ${integrity.body?.valid ? 'whole' : `BROKEN ${JSON.stringify(integrity.body)}`} (${integrity.body?.checked} links checked), ${stored} receipts stored.`,
      ...(errors.length ? ['', 'First errors:', ...errors] : []), '',
    ].join('\n');
    fs.mkdirSync(args.results, { recursive: true });
    const file = path.join(args.results, `${new Date().toISOString().slice(0, 10)}-pos-${engine}.md`);
    fs.writeFileSync(file, md);
    console.log(md);
    return file;
  } finally {
    await database.drop();
    live.delete(database);
  }
}
