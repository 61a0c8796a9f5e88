/**
 * The shell in Debian's Chromium (playwright-core): the kernel boots with the demo seed and the
 * fixture plugins of test/e2e/fixtures/plugins (« bonjour », a working remote built here with
 * pluginRemoteConfig; « casse », whose remote was never built), and serves the built shell.
 * Screenshots go to test/e2e/screenshots/ (git-ignored).
 *
 *   npm run test:e2e
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { SHOTS, launchBrowser, requireChromium } from './support/browser.ts';
import { bootDemoKernel } from './support/kernel.ts';
import type { Kernel } from '@comptoir/server';
import { throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { formatSize } from '@comptoir/sdk';
import { DEMO_COMPANY, DEMO_LOGIN } from '../../tools/src/demo-company.ts';
import { buildClients, hostTarget, pluginTarget } from '../../tools/src/build-clients.ts';
import { recordScripts, sizeScripts } from '../../tools/src/measure-shell.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/plugins');
const SECOND_COMPANY = 'Épicerie Durand';

describe('shell in Chromium: login, French menu, company switch, broken remote', function () {
  this.timeout(180_000);
  let db: ThrowawayDatabase;
  let kernel: Kernel;
  let url: string;
  let context: BrowserContext;
  let page: Page;
  let secondCompanyId: string;
  /** JS files the browser fetched before signing in */
  const loginScripts = new Set<string>();

  before(async function () {
    requireChromium(this);
    fs.rmSync(path.join(FIXTURES, 'casse/client'), { recursive: true, force: true });
    const builds = await buildClients([hostTarget(), pluginTarget(path.join(FIXTURES, 'bonjour'))], { log: (l) => console.log(`      ${l}`) });
    for (const b of builds) expect(b.status, `${b.name}: ${b.error}`).not.to.equal('failed');

    db = await throwawayDatabase();
    ({ kernel, url } = await bootDemoKernel(db, { COMPTOIR_PLUGINS_PATH: FIXTURES }));

    // a second company for the demo user, to switch to
    const login = await (await fetch(`${url}/api/auth/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO_LOGIN),
    })).json() as { token: string; company: { _id: string } };
    const created = await fetch(`${url}/api/kernel/companies`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${login.token}`, 'AT-Company': login.company._id },
      body: JSON.stringify({ name: SECOND_COMPANY }),
    });
    expect(created.status).to.equal(201);
    secondCompanyId = ((await created.json()) as { _id: string })._id;

    context = await launchBrowser(db.dataDir);
    page = await context.newPage();
    page.on('pageerror', (e) => console.log(`      [page] ${e.message}`));
  });

  after(async () => {
    await context?.close();
    await kernel?.stop();
    await db?.drop();
  });

  it('shows the French login page and the server’s French error', async () => {
    const onResponse = (r: { url(): string }) => { if (r.url().endsWith('.js')) loginScripts.add(r.url()); };
    page.on('response', onResponse);
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    page.off('response', onResponse);
    expect(await page.getByRole('button', { name: 'Se connecter' }).isVisible()).to.equal(true);
    await page.getByLabel('Adresse e-mail').fill(DEMO_LOGIN.email);
    await page.getByLabel('Mot de passe').fill('pas-le-bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).to.contain('Adresse e-mail ou mot de passe incorrect');
    await page.screenshot({ path: path.join(SHOTS, '1-connexion-refusee.png') });
  });

  it('signs in and shows the side menu in French, with the plugins’ entries', async () => {
    await page.getByLabel('Mot de passe').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const menu = page.getByTestId('side-menu');
    await menu.getByRole('link', { name: 'Module cassé' }).waitFor();
    const text = await menu.innerText();
    for (const label of ['Accueil', 'Modules', 'Bonjour', 'Module cassé']) expect(text).to.match(new RegExp(label, 'i'));
    await page.getByRole('heading', { name: /Bonjour Camille/ }).waitFor();
    expect(await page.getByTestId('company-switcher').inputValue()).to.equal(DEMO_COMPANY.name);
    // dates in French
    expect(await page.locator('main').innerText()).to.match(/nous sommes le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} \p{L}+ \d{4}/u);
    await page.screenshot({ path: path.join(SHOTS, '2-accueil.png') });
  });

  it('mounts a working remote that shares the shell’s context, router and formatters', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Bonjour' }).click();
    const remote = page.getByTestId('remote-bonjour');
    await remote.waitFor();
    const text = await remote.innerText();
    expect(text).to.contain('module « bonjour »');
    expect(text).to.contain(`Entreprise active : ${DEMO_COMPANY.name}`);
    expect(text).to.contain(`Utilisateur : ${DEMO_LOGIN.email}`);
    expect(text).to.match(/1\u202f234,50\u00a0€/);
    await page.screenshot({ path: path.join(SHOTS, '3-module-bonjour.png') });
  });

  it('switches company: AT-Company changes and the screens reload', async () => {
    const meForNewCompany = page.waitForRequest((r) => r.url().endsWith('/api/auth/me') && r.headers()['at-company'] === secondCompanyId);
    await page.getByTestId('company-switcher').click();
    await page.getByRole('option', { name: SECOND_COMPANY }).click();
    await meForNewCompany;
    await page.getByTestId('remote-bonjour').getByText(`Entreprise active : ${SECOND_COMPANY}`).waitFor();
    expect(await page.getByTestId('company-switcher').inputValue()).to.equal(SECOND_COMPANY);
    const stored = await page.evaluate(() => localStorage.getItem('comptoir.company'));
    expect(stored).to.equal(secondCompanyId);
    await page.screenshot({ path: path.join(SHOTS, '4-entreprise-changee.png') });
  });

  it('shows the French error panel for a remote that fails to load, and keeps the shell alive', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Module cassé' }).click();
    const panel = page.getByTestId('remote-error');
    await panel.waitFor();
    expect(await panel.innerText()).to.contain('Le module « casse » n\'a pas pu être chargé.');
    await page.screenshot({ path: path.join(SHOTS, '5-module-casse.png') });

    // retry: loads again (still missing), the panel comes back; the rest of the shell still works
    const retried = page.waitForResponse((r) => r.url().endsWith('/plugins/casse/mf-manifest.json'));
    await panel.getByRole('button', { name: 'Réessayer' }).click();
    expect((await retried).status()).to.equal(404);
    await page.getByTestId('remote-error').waitFor();
    await page.getByTestId('side-menu').getByRole('link', { name: 'Accueil' }).click();
    await page.getByRole('heading', { name: /Bonjour Camille/ }).waitFor();
  });

  it('shows the login page with at most 250 KB of JavaScript (gzip), without the app’s shared modules', () => {
    // tools/src/measure-shell.ts measures the same, plus the app after sign-in (host/README.md « Taille »)
    const login = sizeScripts('connexion', loginScripts, hostTarget().outDir);
    expect(login.files.length).to.be.greaterThan(0);
    console.log(`      JS de la page de connexion : ${login.files.length} fichiers, ${formatSize(login.gzip)} gzip`);
    expect(login.gzip).to.be.at.most(250 * 1024);
    // the heavy shared singletons come with the app, after sign-in
    for (const pkg of ['@mantine/core', 'react-router', '@tanstack/react-query', 'axios']) expect(login.packages, pkg).not.to.have.property(pkg);
  });

  it('reloads the signed-in home page, cache cleared, with at most 300 KB of JavaScript (gzip), without what it does not show', async () => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const urls = await recordScripts(page, async () => {
      await page.goto(`${url}/`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: /Bonjour Camille/ }).waitFor();
    });
    const reload = sizeScripts('rechargement', urls, hostTarget().outDir);
    console.log(`      JS du rechargement à froid : ${reload.files.length} fichiers, ${formatSize(reload.gzip)} gzip`);
    expect(reload.gzip).to.be.at.most(300 * 1024);
    // the shell imports Mantine's parts, not the surface it shares; no money, schema or HTTP library
    for (const pkg of ['axios', 'decimal.js', '@sinclair/typebox', 'react-number-format']) expect(reload.packages, pkg).not.to.have.property(pkg);
    expect(reload.packages['@mantine/core'] ?? 0).to.be.below(100 * 1024);
  });

  it('follows the user’s theme setting (dark)', async () => {
    const status = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('comptoir.user') ?? '{}') as { _id: string };
      const res = await fetch(`/api/kernel/users/${user._id}`, {
        method: 'PUT',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('comptoir.token')}`,
          'AT-Company': localStorage.getItem('comptoir.company') ?? '',
        },
        // the whole settings object: the server's schema requires activeCompanyId too
        body: JSON.stringify({ settings: { theme: 'dark', activeCompanyId: localStorage.getItem('comptoir.company') } }),
      });
      return `${res.status} ${res.ok ? '' : await res.text()}`;
    });
    expect(status.trim()).to.equal('200');
    await page.reload();
    await page.getByRole('heading', { name: /Bonjour Camille/ }).waitFor();
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).to.equal('dark');
    await page.screenshot({ path: path.join(SHOTS, '6-theme-sombre.png') });
  });

  it('signs out back to the login page', async () => {
    await page.getByRole('button', { name: 'Camille Martin' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('comptoir.token'))).to.equal(null);
  });
});
