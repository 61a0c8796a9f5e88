/** What the contacts tests share: the plugin folder, the shared samples, a second company, a member with chosen permissions. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Context } from 'mocha';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';

export const pluginDir = path.resolve(import.meta.dirname, '..');
export const consumerDir = path.resolve(import.meta.dirname, 'fixtures/consumer');

/**
 * The shared vCard and CSV samples (never edited: see their SOURCES.md), in the shared test data
 * beside the checkout, or where COMPTOIR_TESTDATA_DIR says.
 */
export const SAMPLES_DIR = path.join(
  process.env.COMPTOIR_TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/testdata'), 'vcard',
);

/**
 * Call in a `before` hook of the tests that read the samples: without them a clone cannot prove the
 * import, so CI fails; elsewhere the tests are skipped, saying where the samples were looked for.
 */
export function requireSamples(ctx: Context): void {
  if (fs.existsSync(SAMPLES_DIR)) return;
  const message = `Échantillons vCard introuvables : ${SAMPLES_DIR} (COMPTOIR_TESTDATA_DIR ?)`;
  if (process.env.CI) throw new Error(message);
  console.log(`      ${message}`);
  ctx.skip();
}
export const sample = (name: string): string => fs.readFileSync(path.join(SAMPLES_DIR, name), 'utf8');
export const sampleFiles = (): string[] => fs.readdirSync(SAMPLES_DIR).filter((f) => /\.(vcf|csv)$/.test(f)).sort();

export const unknownId = '0123456789abcdef01234567';

/** A second company of the administrator (god there too): its own data, same user. */
export async function secondCompany(k: TestKernel, name = 'Quincaillerie Martin SAS'): Promise<TestHttp> {
  const created = await k.http.post('/api/kernel/companies', { name });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  return k.http.as(k.admin.token, created.body._id);
}

let members = 0;

/** A member of the administrator's company holding only the given permissions. */
export async function memberWith(k: TestKernel, permissions: string[]): Promise<TestHttp> {
  members++;
  const role = await k.http.post('/api/kernel/roles', { name: `Rôle de test ${members}`, permissions });
  expect(role.status, JSON.stringify(role.body)).to.equal(201);
  const email = `membre-${members}-${Date.now()}@exemple.fr`;
  const password = 'motdepasse-membre-1';
  const user = await k.http.post('/api/kernel/users', { email, password, roles: [role.body._id] });
  expect(user.status, JSON.stringify(user.body)).to.equal(201);
  const s = await k.login(email, password);
  return k.http.as(s.token, s.companyId);
}

/** Rows of a table, for « nothing changed » checks. */
export async function countRows(k: TestKernel, table: string): Promise<number> {
  const row = await k.db(table).count({ n: '*' }).first();
  return Number((row as { n: unknown }).n);
}
