/** What the tests of « Banque » share: a kernel with the plugin, and small helpers over its API. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { recountMonths } from '../server/services/months/month-lines.ts';

export const pluginDir = path.resolve(import.meta.dirname, '..');
export const contactsDir = path.resolve(import.meta.dirname, '../../contacts');
/** « Banque » depends on « Facturation » and « Achats » for matching (README « Matching ») */
export const PLUGIN_DIRS = ['contacts', 'catalogue', 'invoicing', 'purchases'].map((p) => path.resolve(import.meta.dirname, '../..', p));
export const API = '/api/banking';
export const TESTDATA = process.env.COMPTOIR_TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/testdata');
export const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

export const bootKernel = (options: { now?: () => Date } = {}): Promise<TestKernel> => createTestKernel({ plugins: [...PLUGIN_DIRS, pluginDir], ...options });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
export async function ok<T = any>(answer: Promise<{ status: number; body: any }>, status?: number): Promise<T> {
  const res = await answer;
  if (status ? res.status !== status : res.status >= 300) expect.fail(`HTTP ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/**
 * `POST /imports` as the SDK's client sends it (spec 001 §7): the fields JSON-encoded, fileCount,
 * name[], mime[], size[], lastModified[], then the file.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
export async function upload(k: TestKernel, bytes: Uint8Array | string, name: string, fields: Record<string, unknown> = {}): Promise<{ status: number; body: any }> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, JSON.stringify(value));
  form.append('fileCount', '1');
  form.append('name[]', name);
  form.append('mime[]', 'application/octet-stream');
  form.append('size[]', String(data.length));
  form.append('lastModified[]', String(Date.now()));
  form.append('files[]', new Blob([data]), name);
  const res = await fetch(new URL(`${API}/imports`, k.http.baseUrl), {
    method: 'POST', body: form,
    headers: { Authorization: `Bearer ${k.http.token}`, 'AT-Company': k.http.company! },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export const testFile = (...parts: string[]) => fs.readFileSync(path.join(TESTDATA, ...parts));
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

export const TABLES = ['banking_accounts', 'banking_operations', 'banking_categories', 'banking_groups', 'banking_contracts', 'banking_rules', 'banking_account_months', 'banking_imports', 'banking_suggestions'];

/** the rows of the plugin's tables, to check that a refusal wrote nothing */
export async function rowCounts(k: TestKernel): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [{ n }] = await k.db(t).count({ n: '*' });
    out[t] = Number(n);
  }
  return out;
}

export async function createAccount(k: TestKernel, body: Record<string, unknown> = {}) {
  return ok(k.http.post(`${API}/accounts`, { name: 'Compte courant', ...body }), 201);
}

export async function category(k: TestKernel, name: string, parent?: string, extra: Record<string, unknown> = {}) {
  return ok(k.http.post(`${API}/categories`, { name, ...(parent ? { parent } : {}), ...extra }), 201);
}

/** every operation of the company, read back */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON answers
export async function allOperations(k: TestKernel): Promise<any[]> {
  return (await ok(k.http.get(`${API}/operations`, { query: { pagination: { quantity: 500 } } }))).data;
}

/** the maintained months equal a recount of the operations, and each balance equals correction + Σ */
export async function expectConsistent(k: TestKernel): Promise<void> {
  const ops = await allOperations(k);
  const recount = recountMonths(ops);
  const rows: { fk_account: string; date: string }[] = await k.db('banking_account_months').select('fk_account', 'date');
  const stored = new Map<string, unknown>();
  for (const r of rows) {
    const months = (await ok(k.http.get(`${API}/months`, { query: { accounts: r.fk_account, from: r.date, to: r.date } }))).data;
    const m = months[0];
    const line = m.accounts[0];
    stored.set(`${r.fk_account}|${r.date}`, { income: line.income, outcome: line.outcome, total: line.total, count: line.count, categories: m.categories, subCategories: m.subCategories });
  }
  expect(stored.size).to.equal(recount.size);
  for (const [key, want] of recount) expect(stored.get(key), key).to.deep.equal(want);
  for (const account of (await ok(k.http.get(`${API}/accounts`))).data) {
    const cents = ops.filter((o) => o.fk.account === account._id && o.source !== 'split').reduce((s: number, o) => s + Math.round(o.amount * 100), Math.round(account.balanceCorrection * 100));
    expect(Math.round(account.balance * 100), account.name).to.equal(cents);
  }
}

