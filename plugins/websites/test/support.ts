/** What the tests of « Sites web » share: a kernel with the plugin, and requests with a chosen Host. */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';

export const pluginDir = path.resolve(import.meta.dirname, '..');
export const API = '/api/websites';

export const bootKernel = (): Promise<TestKernel> => createTestKernel({ plugins: [pluginDir] });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
export async function ok<T = any>(answer: Promise<{ status: number; body: any }>, status?: number): Promise<T> {
  const res = await answer;
  if (status ? res.status !== status : res.status >= 300) expect.fail(`HTTP ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

export { siteGet, type SiteResponse } from '@comptoir/sdk/testing';

/** A website with a main menu, for the tests that need one. */
export async function createSite(k: TestKernel, domain: string, http_ = k.http) {
  const website = await ok(http_.post(`${API}/websites`, { name: `Site ${domain}`, domain }), 201);
  const menu = await ok(http_.post(`${API}/menus`, { name: 'Principal', main: true, fk: { website: website._id } }), 201);
  return { website, menu };
}

export const block = (type: string, settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  ({ type, uuid: `u-${type}-${Math.random().toString(36).slice(2, 8)}`, position: 0, main: false, settings, ...extra });
export const oneColumn = (...contents: ReturnType<typeof block>[]) => [{ fluid: false, rows: [{ cols: [{ contents }] }] }];

/** the rows of the plugin's tables, to check that a refusal wrote nothing */
export async function rowCounts(k: TestKernel): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['websites_websites', 'websites_menus', 'websites_menu_items', 'websites_layouts', 'websites_blocks', 'websites_variants', 'websites_articles']) {
    const [{ n }] = await k.db(t).count({ n: '*' });
    out[t] = Number(n);
  }
  return out;
}
