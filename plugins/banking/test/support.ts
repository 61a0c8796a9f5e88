/** What the tests of « Banque » share: a kernel with the plugin, and small helpers over its API. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';

export const pluginDir = path.resolve(import.meta.dirname, '..');
export const contactsDir = path.resolve(import.meta.dirname, '../../contacts');
export const API = '/api/banking';
export const TESTDATA = process.env.COMPTOIR_TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/testdata');
export const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

export const bootKernel = (): Promise<TestKernel> => createTestKernel({ plugins: [contactsDir, pluginDir] });

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

export const TABLES = ['banking_accounts', 'banking_operations', 'banking_categories', 'banking_groups', 'banking_contracts', 'banking_rules', 'banking_account_months', 'banking_imports'];

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
