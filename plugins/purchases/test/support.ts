/**
 * What the purchases tests share: the kernel with contacts, catalogue, invoicing and purchases, the
 * shared Factur-X samples (read from the test data beside the checkout, like the contacts tests'
 * vCards), a second company, a member with chosen permissions, row counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Context } from 'mocha';
import { createTestKernel, type TestHttp, type TestKernel, type TestKernelOptions } from '@comptoir/sdk/testing';
import type { ExternalPurchase, Purchase } from '../schemas/index.ts';

const pluginsRoot = path.resolve(import.meta.dirname, '..', '..');
export const PLUGINS = ['contacts', 'catalogue', 'invoicing', 'purchases'].map((id) => path.join(pluginsRoot, id));
export const bootKernel = (options: TestKernelOptions = {}) => createTestKernel({ plugins: PLUGINS, ...options });

export const API = '/api/purchases';
export const unknownId = '0123456789abcdef01234567';

/** The shared Factur-X / CII samples (never edited: see their SOURCES.md), or where COMPTOIR_TESTDATA_DIR says. */
export const SAMPLES_DIR = path.join(
  process.env.COMPTOIR_TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/testdata'), 'facturx', 'samples',
);

/** Without the samples a clone cannot prove the import: CI fails; elsewhere the tests are skipped, saying where they were looked for. */
export function requireSamples(ctx: Context): void {
  if (fs.existsSync(SAMPLES_DIR)) return;
  const message = `Échantillons Factur-X introuvables : ${SAMPLES_DIR} (COMPTOIR_TESTDATA_DIR ?)`;
  if (process.env.CI) throw new Error(message);
  console.log(`      ${message}`);
  ctx.skip();
}
export const sample = (name: string): Buffer => fs.readFileSync(path.join(SAMPLES_DIR, name));
export const sampleFiles = (): string[] => fs.readdirSync(SAMPLES_DIR).filter((f) => f.endsWith('.xml')).sort();

export async function ok<T = Record<string, unknown>>(res: Promise<{ status: number; body: unknown }> | { status: number; body: unknown }, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
  return answer.body as T;
}

export const createProvider = (http: TestHttp, body: Record<string, unknown>) => ok<{ _id: string; displayName: string }>(http.post('/api/contacts/providers', body), 201);

export const createPurchase = (http: TestHttp, body: Record<string, unknown> = {}) => ok<Purchase>(http.post(`${API}/purchases`, {
  items: [{ labelPrimary: 'Farine T65 (sac de 25 kg)', quantity: 4, vat: 5.5, exclTaxesPrice: 18.5 }],
  ...body,
}), 201);

export const createExternal = (http: TestHttp, body: Record<string, unknown> = {}) => ok<ExternalPurchase>(http.post(`${API}/external-purchases`, {
  shop: 'Matériel Pâtissier Pro',
  items: [{ label: 'Thermomètre de cuisson', quantity: 1, vat: 20, inclTaxesPrice: 24.9 }],
  ...body,
}), 201);

export const pay = (http: TestHttp, path: string, amount: number, mode = 'transfer') => http.post(`${API}/${path}/payments`, { amount, mode });

/** A second company of the administrator (god there too): its own data, same user. */
export async function secondCompany(k: TestKernel, name = 'Quincaillerie Martin SAS'): Promise<TestHttp> {
  const created = await ok<{ _id: string }>(k.http.post('/api/kernel/companies', { name }), 201);
  return k.http.as(k.admin.token, created._id);
}

let members = 0;

/** A member of the administrator's company holding only the given permissions. */
export async function memberWith(k: TestKernel, permissions: string[]): Promise<TestHttp> {
  members++;
  const role = await ok<{ _id: string }>(k.http.post('/api/kernel/roles', { name: `Rôle achats ${members}`, permissions }), 201);
  const email = `acheteur-${members}-${Date.now()}@exemple.fr`;
  const password = 'motdepasse-membre-1';
  await ok(k.http.post('/api/kernel/users', { email, password, roles: [role._id] }), 201);
  const s = await k.login(email, password);
  return k.http.as(s.token, s.companyId);
}

/** Rows of the tables an import or a purchase writes, to prove that a refused call changed nothing. */
export async function tableCounts(k: TestKernel): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['purchases_purchases', 'purchases_external_purchases', 'purchases_payments', 'contacts_providers', 'kernel_activities']) {
    const row = await k.db(t).count({ n: '*' }).first();
    out[t] = Number((row as { n: unknown }).n);
  }
  return out;
}
