/**
 * A third-party plugin in Debian's Chromium (playwright-core), same harness as shell.test.ts.
 *
 * 1. examples/hello-plugin (outside plugins/, not a workspace): the kernel starts without it, the
 *    demo user signs in, no « Bonjour » in the menu; the kernel restarts on the same database with
 *    COMPTOIR_PLUGINS_PATH naming it, the page reloads: « Bonjour » is in the side menu, its screen
 *    comes from its remote, « Ajouter », « Dire bonjour » work and the live notification shows.
 *    The shell's build (host/dist) is the one built before the first start: not one file changed.
 * 2. The time from `npm run new-plugin -- hello --dir <tmp>` to the new plugin's screen in the
 *    shell: scaffold, `npm run build` in the plugin, boot with COMPTOIR_PLUGINS_PATH, sign in,
 *    open its menu entry until the screen shows (printed; the figure is in examples/README.md).
 *
 * Screenshots go to test/e2e/screenshots/ (git-ignored).   npm run test:e2e
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { SHOTS, launchBrowser, requireChromium } from './support/browser.ts';
import { bootDemoKernel, signInAsDemo } from './support/kernel.ts';
import { fingerprint } from '../support/fingerprint.ts';
import type { Kernel } from '@comptoir/server';
import { throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { DEMO_COMPANY } from '../../tools/src/demo-company.ts';
import { buildClients, hostTarget, pluginTarget } from '../../tools/src/build-clients.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const HELLO = path.join(REPO_ROOT, 'examples/hello-plugin');
const PERSON = 'Dominique';


/** A command as a person types it, from `cwd`; rejects with its output on a non-zero exit. */
function sh(command: string, args: string[], cwd: string): Promise<string> {
  const env = { ...process.env };
  for (const k of ['NODE_OPTIONS', 'COMPTOIR_PLUGINS_PATH', 'DATA_DIR', 'DATABASE_URL']) delete env[k];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} : code ${code}\n${out}`))));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;

describe('third-party plugin in Chromium: examples/hello-plugin appears after a restart', function () {
  this.timeout(240_000);
  let db: ThrowawayDatabase;
  let kernel: Kernel | undefined;
  let url: string;
  let port: number;
  let context: BrowserContext;
  let page: Page;
  let hostBefore: Map<string, string>;

  before(async function () {
    requireChromium(this);
    // the shell and the example's remote (build output, git-ignored), built before anything starts
    const builds = await buildClients([hostTarget(), pluginTarget(HELLO)], { log: (l) => console.log(`      ${l}`) });
    for (const b of builds) expect(b.status, `${b.name}: ${b.error}`).not.to.equal('failed');
    hostBefore = fingerprint(hostTarget().outDir);

    db = await throwawayDatabase();
    ({ kernel, url } = await bootDemoKernel(db, {}));
    port = Number(new URL(url).port);
    context = await launchBrowser(db.dataDir);
    page = await context.newPage();
    page.on('pageerror', (e) => console.log(`      [page] ${e.message}`));
  });

  after(async () => {
    await context?.close();
    await kernel?.stop();
    await db?.drop();
  });

  it('without the plugin: the demo user signs in, no « Bonjour » in the menu', async () => {
    await signInAsDemo(page, url);
    const menu = page.getByTestId('side-menu');
    expect(await menu.innerText()).not.to.match(/Bonjour/);
    expect(await menu.getByRole('link', { name: 'Bonjour' }).count()).to.equal(0);
    await page.screenshot({ path: path.join(SHOTS, 'tiers-1-sans-plugin.png') });
  });

  it('after a restart with COMPTOIR_PLUGINS_PATH and a reload: « Bonjour » is in the side menu', async () => {
    await kernel!.stop();
    kernel = undefined;
    // same database, same address: the browser keeps its session
    ({ kernel, url } = await bootDemoKernel(db, { COMPTOIR_PLUGINS_PATH: HELLO }, port));
    expect(kernel.plugins.map((p) => p.manifest.id)).to.include('hello');
    await page.reload();
    const link = page.getByTestId('side-menu').getByRole('link', { name: 'Bonjour' });
    await link.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'tiers-2-menu-bonjour.png') });
  });

  it('renders its screen from the remote; « Dire bonjour » works and the live notification shows', async () => {
    const manifest = page.waitForResponse((r) => r.url().endsWith('/plugins/hello/mf-manifest.json'));
    await page.getByTestId('side-menu').getByRole('link', { name: 'Bonjour' }).click();
    expect((await manifest).status()).to.equal(200);
    const screen = page.getByTestId('hello-screen');
    await screen.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/hello');
    expect(await screen.innerText()).to.contain(DEMO_COMPANY.name);
    await screen.getByText('Personne à saluer pour l’instant').waitFor();

    await screen.getByLabel('Ajouter une personne').fill(PERSON);
    await screen.getByRole('button', { name: 'Ajouter' }).click();
    const row = screen.getByTestId('hello-person').filter({ hasText: PERSON });
    await row.waitFor();
    expect(await row.innerText()).to.contain('jamais');

    await row.getByRole('button', { name: `Dire bonjour à ${PERSON}` }).click();
    // sent by the server through kernel.notifier, over the shell's WebSocket: not drawn by the remote
    const toast = page.getByRole('alert').filter({ hasText: `Bonjour, ${PERSON}` });
    await toast.first().waitFor({ timeout: 15_000 });
    expect(await toast.first().innerText()).to.contain('Premier bonjour.');
    await row.getByText(/\d{2}\/\d{2}\/\d{4}/).waitFor(); // the list was refreshed: the last greeting's date
    await page.screenshot({ path: path.join(SHOTS, 'tiers-3-dire-bonjour.png') });

    // its own routes, relative to its mount: /hello/<id>
    await row.getByRole('link', { name: PERSON }).click();
    await page.getByTestId('hello-person-screen').getByText('1 bonjour(s)').waitFor();
    expect(new URL(page.url()).pathname).to.match(/^\/hello\/[0-9a-f]{24}$/);
    await page.screenshot({ path: path.join(SHOTS, 'tiers-4-personne.png') });
  });

  it('did not rebuild the shell: every file of host/dist is the one served before the plugin came', () => {
    const after = fingerprint(hostTarget().outDir);
    expect([...after.keys()].sort()).to.deep.equal([...hostBefore.keys()].sort());
    for (const [file, sum] of hostBefore) expect(after.get(file), file).to.equal(sum);
  });
});

describe('third-party plugin: from `npm run new-plugin` to its screen in the shell', function () {
  this.timeout(240_000);
  let root: string;
  let db: ThrowawayDatabase;
  let kernel: Kernel | undefined;
  let context: BrowserContext | undefined;
  let page: Page;

  before(async function () {
    requireChromium(this);
    // the shell is built beforehand (npm start would have done it): only the plugin's own work is timed
    const [host] = await buildClients([hostTarget()]);
    expect(host.status, host.error).not.to.equal('failed');
    // inside the checkout (.tmp/, git-ignored): the plugin resolves @comptoir/sdk through its node_modules
    root = path.join(REPO_ROOT, '.tmp', `premier-plugin-${randomBytes(4).toString('hex')}`);
    fs.mkdirSync(root, { recursive: true });
    db = await throwawayDatabase();
  });

  after(async () => {
    await context?.close();
    await kernel?.stop();
    await db?.drop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('scaffolds, builds, boots and shows the screen', async () => {
    const dir = path.join(root, 'hello');
    const t0 = performance.now();
    await sh('npm', ['run', 'new-plugin', '--', 'hello', '--dir', dir, '--label', 'Bonjour'], REPO_ROOT);
    const t1 = performance.now();
    await sh('npm', ['run', 'build'], dir);
    const t2 = performance.now();
    let url: string;
    ({ kernel, url } = await bootDemoKernel(db, { COMPTOIR_PLUGINS_PATH: dir }));
    const t3 = performance.now();
    context = await launchBrowser(db.dataDir);
    page = await context.newPage();
    page.on('pageerror', (e) => console.log(`      [page] ${e.message}`));
    await signInAsDemo(page, url);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Bonjour' }).click();
    // the demo company holds the plugin's examples (its server/seed.ts)
    await page.getByTestId('hello-items').getByRole('row').filter({ hasText: 'Pain de campagne' }).waitFor();
    const t4 = performance.now();
    await page.screenshot({ path: path.join(SHOTS, 'tiers-5-plugin-genere.png') });
    console.log(`      De « npm run new-plugin » à l’écran dans le shell : ${seconds(t4 - t0)}`
      + ` (création ${seconds(t1 - t0)}, construction du remote ${seconds(t2 - t1)},`
      + ` démarrage ${seconds(t3 - t2)}, connexion et affichage dans Chromium ${seconds(t4 - t3)})`);
  });

  it('the generated screens work unchanged: create form, list with money and dates, archive with a live notification', async () => {
    const list = page.getByTestId('hello-items');
    await list.getByRole('link', { name: 'Nouvel élément' }).click();
    const form = page.getByTestId('hello-new-item');
    await form.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/hello/nouveau');
    await form.getByLabel('Nom').fill('Croissant au beurre');
    await form.getByLabel('Prix HT').fill('1,2');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    const row = list.getByRole('row').filter({ hasText: 'Croissant au beurre' });
    await row.waitFor();
    expect(await row.innerText()).to.match(/1,20\u00a0€/);
    expect(await row.innerText()).to.match(/\d{2}\/\d{2}\/\d{4}/);
    // with the two examples of the demo: 3,50 + 12,00 + 1,20
    expect(await list.innerText()).to.match(/3 élément\(s\), total 16,70\u00a0€ HT/);

    await row.getByRole('link', { name: 'Croissant au beurre' }).click();
    const item = page.getByTestId('hello-item');
    await item.getByRole('button', { name: 'Archiver' }).click();
    await item.getByText(/Archivé le/).waitFor();
    await page.getByRole('alert').filter({ hasText: '« Croissant au beurre » a été archivé.' }).first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(SHOTS, 'tiers-6-plugin-genere-archive.png') });
  });
});
