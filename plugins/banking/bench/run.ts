/**
 * The banking benchmarks (README of this folder): an import of N operations (OFX, one request) and
 * 50 rules applied to them (`POST /rules/apply`), each against a floor measured in the same run on
 * the same database: the same work with knex alone and the same plain functions, no kernel.
 *
 *   node --import tsx plugins/banking/bench/run.ts [--rows=100000]    # SQLite; MariaDB with DATABASE_URL
 */
import { performance } from 'node:perf_hooks';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { ofxStatement, rules } from './generate.ts';
import { floorApply, floorImport } from './floor.ts';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const rows = arg('rows', 100_000);
const API = '/api/banking';
const plugins = [new URL('../../contacts', import.meta.url).pathname, new URL('..', import.meta.url).pathname];

async function upload(k: TestKernel, text: string, name: string) {
  const bytes = new TextEncoder().encode(text);
  const form = new FormData();
  form.append('fileCount', '1');
  form.append('name[]', name);
  form.append('mime[]', 'application/x-ofx');
  form.append('size[]', String(bytes.length));
  form.append('lastModified[]', String(Date.now()));
  form.append('files[]', new Blob([bytes]), name);
  const res = await fetch(new URL(`${API}/imports`, k.url), { method: 'POST', body: form, headers: { Authorization: `Bearer ${k.http.token}`, 'AT-Company': k.http.company! } });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`import: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await fn();
  return [out, (performance.now() - t) / 1000];
}

const engine = process.env.DATABASE_URL ? 'MariaDB' : 'SQLite';
const k = await createTestKernel({ plugins });
try {
  const { text, total } = ofxStatement(rows);
  console.log(`${engine}: ${rows} operations, ${(text.length / 1e6).toFixed(1)} Mo d'OFX`);
  const [report, importSeconds] = await timed(() => upload(k, text, 'bench.ofx'));
  console.log(`import: ${importSeconds.toFixed(1)} s`);
  if (report.added !== rows) throw new Error(`added ${report.added}`);
  const balance = (await k.http.get(`${API}/accounts/${report.accounts[0].accountId}`)).body.balance;
  if (Math.round(balance * 100) !== Number(total)) throw new Error(`balance ${balance} ≠ ${total}`);
  const [again, reimportSeconds] = await timed(() => upload(k, text, 'bench-again.ofx'));
  if (again.added !== 0 || again.duplicates !== rows) throw new Error('re-import added something');

  const cat = (await k.http.post(`${API}/categories`, { name: 'Achats' })).body;
  const sub = (await k.http.post(`${API}/categories`, { name: 'Fournisseurs', parent: cat._id })).body;
  for (const r of rules(cat._id, sub._id)) {
    const res = await k.http.post(`${API}/rules`, r);
    if (res.status !== 201) throw new Error(`rule: ${JSON.stringify(res.body)}`);
  }
  const [applied, applySeconds] = await timed(async () => (await k.http.post(`${API}/rules/apply`, {})).body);
  console.log(`rules: ${applySeconds.toFixed(1)} s`);
  const ruleList = (await k.http.get(`${API}/rules`, { query: { pagination: { quantity: 100 } } })).body.data;
  // the floors last: a keep-alive connection left idle during them would be closed under the next call
  const [, floorImportSeconds] = await timed(() => floorImport(k.db, text));
  const [floorChanged, floorApplySeconds] = await timed(() => floorApply(k.db, ruleList));
  if (applied.changed !== floorChanged) throw new Error(`kernel changed ${applied.changed}, floor ${floorChanged}`);

  const line = (what: string, kernel: number, floor: number) => `| ${what} | ${kernel.toFixed(1)} s (${Math.round(rows / kernel)} op/s) | ${floor.toFixed(1)} s (${Math.round(rows / floor)} op/s) | ${(kernel / floor).toFixed(1)} |`;
  console.log(`\n| ${engine}, ${rows} opérations | noyau | plancher | noyau ÷ plancher |\n| --- | --- | --- | --- |`);
  console.log(line('import OFX', importSeconds, floorImportSeconds));
  console.log(`| ré-import (0 ajout, ${rows} doublons) | ${reimportSeconds.toFixed(1)} s | — | — |`);
  console.log(line(`50 règles appliquées (${applied.changed} modifiées)`, applySeconds, floorApplySeconds));
} finally {
  await k.stop();
}
