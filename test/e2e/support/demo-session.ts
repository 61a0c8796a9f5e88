/**
 * One signed-in demo session for a browser test file: the shell and the plugin remotes it opens
 * built, the demo kernel on a throwaway database, Chromium signed in as the demo user, a
 * screenshot when a test fails, everything closed after. Used as `const s = demoSession(this, …)`
 * inside `describe`; `s.page` is ready in the tests.
 */
import path from 'node:path';
import { expect } from 'chai';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Kernel } from '@comptoir/server';
import { throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { REPO_ROOT, buildClients, hostTarget, pluginTarget } from '../../../tools/src/build-clients.ts';
import { SHOTS, launchBrowser, requireChromium } from './browser.ts';
import { bootDemoKernel, signInAsDemo } from './kernel.ts';

export interface DemoSession {
  page: Page;
  kernel: Kernel;
  url: string;
  db: ThrowawayDatabase;
  /** a full-page screenshot named `<prefix>-<name>.png` */
  shot(name: string): Promise<unknown>;
}

export function demoSession(suite: Mocha.Suite, options: {
  plugins: string[];
  shotPrefix: string;
  before?: (ctx: Mocha.Context) => void;
  /** false: the page is left on nothing, for a test that signs in itself */
  signIn?: boolean;
}): DemoSession {
  let context: BrowserContext | undefined;
  const s = {} as DemoSession;
  s.shot = (name) => s.page.screenshot({ path: path.join(SHOTS, `${options.shotPrefix}-${name}.png`), fullPage: true });

  suite.beforeAll(async function () {
    requireChromium(this);
    options.before?.(this);
    const remotes = options.plugins.map((id) => path.join(REPO_ROOT, 'plugins', id));
    const builds = await buildClients([hostTarget(), ...remotes.map(pluginTarget)], { log: (l) => console.log(`      ${l}`) });
    for (const b of builds) expect(b.status, `${b.name}: ${b.error}`).not.to.equal('failed');
    s.db = await throwawayDatabase();
    ({ kernel: s.kernel, url: s.url } = await bootDemoKernel(s.db));
    context = await launchBrowser(s.db.dataDir);
    s.page = await context.newPage();
    s.page.on('pageerror', (e) => console.log(`      [page] ${e.message}`));
    s.page.on('console', (m) => { if (m.type() === 'error') console.log(`      [console] ${m.text()}`); });
    if (options.signIn !== false) await signInAsDemo(s.page, s.url);
  });

  suite.afterEach(async function () {
    if (this.currentTest?.state === 'failed' && s.page) await s.shot(`echec-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  suite.afterAll(async () => {
    await context?.close();
    await s.kernel?.stop();
    await s.db?.drop();
  });
  return s;
}

/** Opens a Mantine select and clicks the option. */
export async function pick(page: Page, input: Locator, option: string | RegExp): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
}
