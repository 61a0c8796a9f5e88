/**
 * The banking benchmarks (README of this folder): an import of N operations (OFX, one request),
 * 50 rules applied to them (`POST /rules/apply`) and the suggestions for 1 000 unpaid invoices
 * (`POST /suggestions/refresh`), each against a floor measured in the same run on
 * the same database: the same work with knex alone and the same plain functions, no kernel.
 *
 *   node --import tsx plugins/banking/bench/run.ts [--rows=100000] [--documents=1000]    # SQLite; MariaDB with DATABASE_URL
 */
import { performance } from 'node:perf_hooks';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { ofxStatement, rules } from './generate.ts';
import { floorApply, floorImport } from './floor.ts';
import { floorSuggest, paymentsStatement, seedInvoices } from './matching.ts';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const rows = arg('rows', 100_000);
const API = '/api/banking';
const plugins = [...['contacts', 'catalogue', 'invoicing', 'purchases'].map((p) => new URL(`../../${p}`, import.meta.url).pathname), new URL('..', import.meta.url).pathname];
const documents = arg('documents', 1000);

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

  // matching: unpaid invoices, the statement paying them, then the suggestions over every operation
  await k.http.put(`/api/kernel/companies/${k.admin.companyId}`, {
    name: 'Boulangerie Martin SARL', telBusiness: '01 23 45 67 89', email: 'contact@boulangerie-martin.fr', naf: '1071C', siret: '12345678200010',
    siren: '123456782', vatNumber: 'FR11123456782', status: 'SARL', capital: 10000,
    address: { address: '12 rue de la Paix', city: 'Paris', zipCode: '75002', country: 'France', delivery: true, invoicing: true },
  });
  const [unpaid, seedSeconds] = await timed(() => seedInvoices(k, documents));
  await k.kernel.background.idle();
  const [paying] = await timed(() => upload(k, paymentsStatement(unpaid), 'virements.ofx'));
  if (paying.added !== documents) throw new Error(`payments added ${paying.added}`);
  // the refresh the import started after its answer: done before the measured one
  await k.kernel.background.idle();
  const [suggested, suggestSeconds] = await timed(async () => (await k.http.post(`${API}/suggestions/refresh`, {})).body);
  if (suggested.documents !== documents) throw new Error(`suggestions: ${JSON.stringify(suggested)}`);
  const top = (await k.http.get(`${API}/suggestions`, { query: { filters: { status: { mode: 'eq', value: 'open' }, score: { mode: 'eq', value: 100 } }, pagination: { quantity: 1 } } })).body.count;
  console.log(`matching: ${documents} invoices emitted in ${seedSeconds.toFixed(1)} s; refresh ${suggestSeconds.toFixed(1)} s, ${suggested.suggested} suggestions, ${top} at 100 %`);
  // the floors last: a keep-alive connection left idle during them would be closed under the next call
  const [, floorImportSeconds] = await timed(() => floorImport(k.db, text));
  const [floorChanged, floorApplySeconds] = await timed(() => floorApply(k.db, ruleList));
  if (applied.changed !== floorChanged) throw new Error(`kernel changed ${applied.changed}, floor ${floorChanged}`);
  const [floorSuggested, floorSuggestSeconds] = await timed(() => floorSuggest(k.db, k.admin.companyId));
  if (floorSuggested !== suggested.suggested) throw new Error(`kernel suggested ${suggested.suggested}, floor ${floorSuggested}`);

  const line = (what: string, kernel: number, floor: number) => `| ${what} | ${kernel.toFixed(1)} s (${Math.round(rows / kernel)} op/s) | ${floor.toFixed(1)} s (${Math.round(rows / floor)} op/s) | ${(kernel / floor).toFixed(1)} |`;
  console.log(`\n| ${engine}, ${rows} opérations | noyau | plancher | noyau ÷ plancher |\n| --- | --- | --- | --- |`);
  console.log(line('import OFX', importSeconds, floorImportSeconds));
  console.log(`| ré-import (0 ajout, ${rows} doublons) | ${reimportSeconds.toFixed(1)} s | — | — |`);
  console.log(line(`50 règles appliquées (${applied.changed} modifiées)`, applySeconds, floorApplySeconds));
  console.log(`| suggestions : ${rows + documents} opérations × ${documents} factures impayées (${suggested.suggested} suggestions) | ${suggestSeconds.toFixed(1)} s | ${floorSuggestSeconds.toFixed(1)} s | ${(suggestSeconds / floorSuggestSeconds).toFixed(1)} |`);
} finally {
  await k.stop();
}
