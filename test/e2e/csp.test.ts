/**
 * The shell under its Content-Security-Policy in Debian's Chromium (server/src/http/README.md
 * « Security headers »): the policy is on the page; signing in as the demo user and opening every
 * entry of the side menu (the shell's screens, contacts, catalogue, invoicing, purchases and the
 * third-party remote of examples/hello-plugin) reports no violation — neither a
 * `securitypolicyviolation` event in any frame nor a console message — and no page error; the
 * live WebSocket connects; « Aperçu PDF » shows the PDF in its blob: frame. A PDF route answers
 * with the sandbox policy, and Chromium still shows a PDF served under it.
 *
 *   npm run build && npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/csp.test.ts
 */
import path from 'node:path';
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import type { Kernel } from '@comptoir/server';
import { throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { attachmentUrl, type Attachment } from '@comptoir/schemas';
import { SHOTS, launchBrowser, requireChromium } from './support/browser.ts';
import { bootDemoKernel, signInAsDemo } from './support/kernel.ts';
import { REPO_ROOT, buildClients, hostTarget, pluginTarget } from '../../tools/src/build-clients.ts';
import { DEMO_LOGIN } from '../../tools/src/demo-company.ts';
import { upload } from '../support/upload.ts';

const PLUGINS = ['contacts', 'catalogue', 'invoicing', 'purchases'].map((id) => path.join(REPO_ROOT, 'plugins', id));
const HELLO = path.join(REPO_ROOT, 'examples/hello-plugin');

/** What each plugin's menu entry shows once its remote is mounted. */
const SCREENS: Record<string, string> = {
  Clients: 'contacts-customers', Fournisseurs: 'contacts-providers', Contacts: 'contacts-contacts',
  Catalogue: 'catalogue-items',
  Factures: 'invoicing-invoices', 'Factures récurrentes': 'invoicing-recurring', Devis: 'invoicing-quotations',
  Paiements: 'invoicing-payments', Comptabilité: 'invoicing-accounting',
  Achats: 'purchases-list', 'Achats en ligne': 'purchases-external-list',
  Bonjour: 'hello-screen',
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

interface Violation { directive: string; blocked: string; source: string; sample: string; frame: string }

declare global {
  interface Window { __cspViolations?: Omit<Violation, 'frame'>[] }
}

describe('shell in Chromium under its Content-Security-Policy', function () {
  this.timeout(300_000);
  let db: ThrowawayDatabase;
  let kernel: Kernel;
  let url: string;
  let context: BrowserContext;
  let page: Page;
  /** console messages about the policy, page errors, failed remote loads */
  const problems: string[] = [];
  let login: { token: string; company: { _id: string } };

  /** every violation seen by any frame of the page so far (the PDF viewer's own frames are not ours) */
  async function violations(): Promise<Violation[]> {
    const all: Violation[] = [];
    for (const frame of page.frames()) {
      if (!/^(https?|blob):/.test(frame.url())) continue;
      const seen = await frame.evaluate(() => window.__cspViolations ?? []).catch(() => []);
      all.push(...seen.map((v) => ({ ...v, frame: frame.url() })));
    }
    return all;
  }
  async function expectClean(label: string) {
    expect(await violations(), `${label} : violations de la CSP`).to.deep.equal([]);
    expect(problems, `${label} : erreurs`).to.deep.equal([]);
    expect(await page.getByTestId('remote-error').count(), `${label} : module indisponible`).to.equal(0);
  }

  before(async function () {
    requireChromium(this);
    const builds = await buildClients([hostTarget(), ...PLUGINS.map(pluginTarget), pluginTarget(HELLO)], { log: (l) => console.log(`      ${l}`) });
    for (const b of builds) expect(b.status, `${b.name}: ${b.error}`).not.to.equal('failed');
    db = await throwawayDatabase();
    ({ kernel, url } = await bootDemoKernel(db, { COMPTOIR_PLUGINS_PATH: HELLO }));
    login = await (await fetch(`${url}/api/auth/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO_LOGIN),
    })).json() as typeof login;

    context = await launchBrowser(db.dataDir);
    // before any script of the page, in every frame: violations are kept where the test can read them
    await context.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations!.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample });
      });
    });
    page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`[page] ${e.message}`));
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(m.text())) problems.push(`[console] ${m.text()}`);
    });
  });

  after(async () => {
    await context?.close();
    await kernel?.stop();
    await db?.drop();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) await page.screenshot({ path: path.join(SHOTS, `csp-echec-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}.png`), fullPage: true });
  });

  it('serves the shell with its policy, and signs in without a violation', async () => {
    const res = await page.goto(`${url}/`);
    const csp = res!.headers()['content-security-policy'];
    expect(csp).to.match(/(^|; )script-src 'self'(;|$)/);
    expect(csp).to.contain("frame-ancestors 'none'");
    expect(csp).to.contain("object-src 'none'");
    expect(csp).not.to.contain('unsafe-eval');
    expect(res!.headers()['x-frame-options']).to.equal('DENY');
    const socket = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/api/ws');
    await signInAsDemo(page, url);
    // the live updates' WebSocket is allowed by connect-src
    const ws = await socket;
    await page.waitForTimeout(500);
    expect(ws.isClosed(), 'WebSocket /api/ws fermée').to.equal(false);
    await expectClean('connexion');
  });

  it('would see a violation: an image from elsewhere is refused and reported', async () => {
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'https://ailleurs.invalid/pixel.png';
      document.body.append(img);
    });
    await page.waitForFunction(() => (window.__cspViolations ?? []).length > 0);
    const seen = await violations();
    expect(seen.map((v) => [v.directive, v.blocked])).to.deep.equal([['img-src', 'https://ailleurs.invalid/pixel.png']]);
    await page.evaluate(() => { window.__cspViolations = []; });
    problems.length = 0; // the console told it too
  });

  it('opens every entry of the side menu — the shell’s screens, the four plugins and the third-party remote — without a violation', async () => {
    const menu = page.getByTestId('side-menu');
    const labels = (await menu.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(labels).to.include.members(Object.keys(SCREENS));
    for (const label of labels) {
      await menu.getByRole('link', { name: label, exact: true }).click();
      const testId = SCREENS[label];
      if (testId) await page.getByTestId(testId).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await expectClean(`écran « ${label} »`);
    }
    await page.screenshot({ path: path.join(SHOTS, 'csp-bonjour.png') });
  });

  it('shows an invoice’s « Aperçu PDF » in its blob: frame without a violation', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    const row = page.getByTestId('invoicing-invoices').getByTestId('invoicing-invoice-row').filter({ hasText: 'Payée' }).first();
    await row.waitFor();
    await row.getByRole('link').first().click();
    const view = page.getByTestId('invoicing-invoice-view');
    await view.waitFor();
    await view.getByRole('button', { name: 'Aperçu PDF' }).click();
    const frame = page.getByTestId('invoicing-pdf-preview').locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).to.match(/^blob:/);
    // the PDF viewer is there: Chromium's viewer frame inside the blob: document
    await page.waitForFunction(() => document.querySelector('iframe[src^="blob:"]') !== null);
    await page.waitForTimeout(1000);
    expect(page.frames().some((f) => f.url().startsWith('blob:')), 'cadre blob: du PDF').to.equal(true);
    await page.screenshot({ path: path.join(SHOTS, 'csp-apercu-pdf.png') });
    await expectClean('aperçu PDF');
  });

  it('answers a PDF route with the sandbox policy, and Chromium shows a PDF served under it', async () => {
    const headers = { Authorization: `Bearer ${login.token}`, 'AT-Company': login.company._id };
    const list = await (await fetch(`${url}/api/invoicing/invoices`, { headers })).json() as { data: { _id: string }[] };
    const pdf = await fetch(`${url}/api/invoicing/invoices/${list.data[0]._id}/pdf`, { headers });
    expect(pdf.status).to.equal(200);
    expect(pdf.headers.get('content-type')).to.equal('application/pdf');
    expect(pdf.headers.get('content-security-policy')).to.match(/^default-src 'none';.*; sandbox$/);
    expect(pdf.headers.get('content-disposition')).to.match(/^inline; filename="[^"]+\.pdf"$/);
    expect(pdf.headers.get('x-content-type-options')).to.equal('nosniff');

    // an attachment's URL is opened as is (a purchase's imported PDF): the browser's viewer still shows it
    const sent = await upload({ url, token: login.token, company: login.company._id }, [{ name: 'facture.pdf', type: 'application/pdf', data: PDF }]);
    expect(sent.status, JSON.stringify(sent.body)).to.equal(201);
    const a = sent.body.attachments[0] as Attachment;
    const tab = await context.newPage();
    try {
      const res = await tab.goto(`${url}${attachmentUrl(a)}`);
      // (headers() shows what Chromium keeps for its viewer: the server's are in headersArray())
      const sentCsp = (await res!.headersArray()).find((h) => h.name.toLowerCase() === 'content-security-policy')?.value;
      expect(sentCsp).to.match(/^default-src 'none';.*; sandbox$/);
      await tab.waitForTimeout(1500);
      expect(tab.frames().map((f) => f.url()).some((u) => u.startsWith('chrome-extension://')), 'visionneuse PDF de Chromium').to.equal(true);
      await tab.screenshot({ path: path.join(SHOTS, 'csp-pdf-sandbox.png') });
    } finally {
      await tab.close();
    }
  });
});
