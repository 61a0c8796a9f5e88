/**
 * Live updates of the shell (host/src/realtime): the WebSocket `/api/ws` authenticated by the
 * session token. In Chromium (playwright-core, Debian's /usr/bin/chromium): a notification sent by
 * a fixture plugin (server/test/fixtures/plugins/notifier-probe, `kernel.notifier`) appears at once; a change made
 * by ANOTHER session (a second login) refreshes the page without a reload, while the page's own
 * changes are left to its own screens; switching company authenticates a new socket; revoking the
 * page's session from elsewhere (4401) sends it back to the login page with a French message.
 * Under Node (with `ws`), the same LiveSocket class against the real hub: reconnection after a
 * server restart, the close codes, the backoff. Screenshots go to test/e2e/screenshots/.
 *
 *   npm run test:e2e
 */
import path from 'node:path';
import { expect } from 'chai';
import { WebSocket } from 'ws';
import type { BrowserContext, Page } from 'playwright-core';
import { SHOTS, launchBrowser, requireChromium } from './support/browser.ts';
import { bootDemoKernel } from './support/kernel.ts';
import type { Kernel } from '@comptoir/server';
import { throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { DEMO_COMPANY, DEMO_LOGIN } from '../../tools/src/demo-company.ts';
import { buildClients, hostTarget } from '../../tools/src/build-clients.ts';
import { LiveSocket, backoffDelay, type LiveStatus, type SocketLike } from '../../host/src/realtime/LiveSocket.ts';
import { isOwnChange, staleKeys } from '../../host/src/realtime/changes.ts';
import { createNotificationStore } from '../../host/src/realtime/notificationStore.ts';
import { autoCloseOf, colorOf } from '../../host/src/realtime/notificationStyle.ts';
import type { ChangeMessage, LiveNotification } from '../../host/src/realtime/protocol.ts';

// the same probe plugin as the server's realtime tests
const PROBE = path.join(import.meta.dirname, '../../server/test/fixtures/plugins/notifier-probe');
const RENAMED = 'Boulangerie Martin & Fils SARL';
const SECOND_COMPANY = 'Fromagerie Durand';

interface Login { token: string; sessionId: string; user: { _id: string }; company: { _id: string } }

/** The demo kernel with the notifier-probe fixture, on `port` (0: any). */
const boot = (db: ThrowawayDatabase, port = 0) => bootDemoKernel(db, { COMPTOIR_PLUGINS_PATH: PROBE }, port);

function api(url: string) {
  const call = async (method: string, route: string, token: string | null, company: string | null, body?: unknown) => {
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(company ? { 'AT-Company': company } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    call,
    async login(): Promise<Login> {
      const res = await call('POST', '/auth/login', null, null, DEMO_LOGIN);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body as Login;
    },
    async notify(as: Login, company: string, to: string[] | 'company', notification: Record<string, unknown>) {
      const res = await call('POST', '/notifier-probe/notify', as.token, company, { to, notification });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    },
  };
}

/** Waits until `check` holds (bounded), for the Node-side tests. */
async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`attente dépassée : ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('live updates: pure parts', () => {
  it('backs off exponentially, with jitter, up to the cap', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, 1000, 30_000, mid))).to.deep.equal([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(backoffDelay(0, 1000, 30_000, () => 0)).to.equal(800);
    expect(backoffDelay(0, 1000, 30_000, () => 1)).to.equal(1200);
    expect(backoffDelay(50, 1000, 30_000, () => 1)).to.equal(30_000);
  });

  it('invalidates [plugin, collection] for a change, and the session context for the kernel’s own', () => {
    const mine = { sessionId: 's1', userId: 'u1', companyId: 'c1' };
    const change = (entity: string, _id = 'x', session: string | null = 's2'): ChangeMessage =>
      ({ type: 'change', name: `${entity}.updated`, entity, _id, by: 'u2', session });
    expect(staleKeys(change('invoicing.invoices'), mine)).to.deep.equal([['invoicing', 'invoices']]);
    expect(staleKeys(change('kernel.companies', 'c1'), mine)).to.deep.equal([['kernel', 'companies'], ['kernel', 'auth', 'me']]);
    expect(staleKeys(change('kernel.companies', 'c9'), mine)).to.deep.equal([['kernel', 'companies']]);
    expect(staleKeys(change('kernel.users', 'u1'), mine)).to.deep.equal([['kernel', 'users'], ['kernel', 'auth', 'me']]);
    expect(staleKeys(change('kernel.roles'), mine)).to.deep.equal([['kernel', 'roles'], ['kernel', 'auth', 'me']]);
    expect(staleKeys(change('sans-point'), mine)).to.deep.equal([]);
    expect(isOwnChange(change('kernel.roles', 'x', 's1'), mine)).to.equal(true);
    expect(isOwnChange(change('kernel.roles', 'x', 's2'), mine)).to.equal(false);
    expect(isOwnChange(change('kernel.roles', 'x', null), { ...mine, sessionId: null })).to.equal(false);
  });

  it('keeps the notifications newest first, bounded, with the unread count', () => {
    const store = createNotificationStore(3);
    const n = (id: string) => ({ _id: id, title: id }) as LiveNotification;
    let calls = 0;
    store.subscribe(() => { calls += 1; });
    for (const id of ['a', 'b', 'c', 'd']) store.add(n(id));
    expect(store.getSnapshot().items.map((x) => x._id)).to.deep.equal(['d', 'c', 'b']);
    expect(store.getSnapshot().unread).to.equal(3);
    store.markAllRead();
    expect(store.getSnapshot().unread).to.equal(0);
    store.remove('c');
    expect(store.getSnapshot().items.map((x) => x._id)).to.deep.equal(['d', 'b']);
    store.clear();
    expect(store.getSnapshot().items).to.have.length(0);
    expect(calls).to.equal(7);
  });

  it('maps the styles to Mantine colours and timeToLive to autoClose (0 stays)', () => {
    expect(colorOf('success')).to.equal('teal');
    expect(colorOf('danger')).to.equal('red');
    expect(colorOf('inconnu')).to.equal('indigo');
    expect(autoCloseOf(60_000)).to.equal(60_000);
    expect(autoCloseOf(0)).to.equal(false);
  });
});

describe('live updates: LiveSocket against the real hub (Node, ws)', function () {
  this.timeout(60_000);
  let db: ThrowawayDatabase;
  let kernel: Kernel;
  let url: string;
  const sockets: LiveSocket[] = [];
  const createSocket = (u: string) => new WebSocket(u) as unknown as SocketLike;

  function follow(login: Login, company: string) {
    const seen = { statuses: [] as LiveStatus[], ready: [] as boolean[], messages: [] as unknown[], unauthenticated: [] as string[], forbidden: [] as string[] };
    const socket = new LiveSocket({
      url: `${url.replace(/^http/, 'ws')}/api/ws`, token: login.token, company, createSocket, retryMs: 50, maxRetryMs: 400,
      onStatus: (s) => seen.statuses.push(s),
      onReady: (r) => seen.ready.push(r.reconnected),
      onMessage: (m) => seen.messages.push(m),
      onUnauthenticated: (reason) => seen.unauthenticated.push(reason),
      onForbidden: (reason) => seen.forbidden.push(reason),
    });
    sockets.push(socket);
    socket.start();
    return { socket, seen };
  }

  before(async () => {
    db = await throwawayDatabase();
    ({ kernel, url } = await boot(db));
  });
  afterEach(() => { for (const s of sockets.splice(0)) s.stop(); });
  after(async () => {
    await kernel?.stop();
    await db?.drop();
  });

  it('authenticates, receives notifications, and reconnects after a server restart', async () => {
    const login = await api(url).login();
    const { socket, seen } = follow(login, login.company._id);
    await until(() => socket.status === 'live', 'ready');
    await api(url).notify(login, login.company._id, [login.user._id], { title: 'Premier' });
    // the demo's frozen e-invoices are rendered in the background after boot: their `change`
    // messages may come first, so only the notifications are counted
    const notifications = () => seen.messages.filter((m) => (m as { type: string }).type === 'notification').length;
    await until(() => notifications() === 1, 'notification');

    // the server stops (1001) and comes back on the same port: the socket retries, then is live again
    const port = Number(new URL(url).port);
    await kernel.stop();
    await until(() => socket.status === 'waiting' || socket.status === 'connecting', 'attente de reconnexion');
    ({ kernel, url } = await boot(db, port));
    await until(() => seen.ready.length === 2, 'reconnexion', 20_000);
    expect(seen.ready).to.deep.equal([false, true]);
    expect(seen.statuses).to.include('waiting');
    await api(url).notify(login, login.company._id, [login.user._id], { title: 'Après redémarrage' });
    await until(() => notifications() === 2, 'notification après redémarrage');
  });

  it('stops for good on 4401 (session revoked) and 4403 (company refused)', async () => {
    const login = await api(url).login();
    const revoked = follow(login, login.company._id);
    await until(() => revoked.socket.status === 'live', 'ready');
    const res = await api(url).call('POST', '/auth/logout', login.token, login.company._id);
    expect(res.status).to.equal(204);
    await until(() => revoked.seen.unauthenticated.length === 1, '4401');
    expect(revoked.socket.status).to.equal('stopped');

    const other = await api(url).login();
    const refused = follow(other, 'aaaaaaaaaaaaaaaaaaaaaaaa');
    await until(() => refused.seen.forbidden.length === 1, '4403');
    expect(refused.socket.status).to.equal('stopped');
    expect(refused.seen.ready).to.deep.equal([]);
  });
});

describe('live updates in Chromium: notifications, changes by another session, company switch, revocation', function () {
  this.timeout(180_000);
  let db: ThrowawayDatabase;
  let kernel: Kernel;
  let url: string;
  let context: BrowserContext;
  let page: Page;
  let other: Login;
  let userId: string;
  let companyId: string;
  let secondCompanyId: string;
  /** the frames the page sent on its sockets, and its last socket */
  const sent: string[] = [];
  let lastSocket: { isClosed(): boolean } | null = null;
  /** waits for the finite animations (toasts, dropdowns) to end, then takes the screenshot */
  const shot = async (name: string) => {
    await page.evaluate(() => Promise.all(document.getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined))));
    await page.screenshot({ path: path.join(SHOTS, name) });
  };
  const bell = () => page.getByTestId('notification-bell');

  before(async function () {
    requireChromium(this);
    const [build] = await buildClients([hostTarget()], { log: (l) => console.log(`      ${l}`) });
    expect(build.status, build.error).not.to.equal('failed');
    db = await throwawayDatabase();
    ({ kernel, url } = await boot(db));
    // ANOTHER session of the same user: what it changes must reach the page
    other = await api(url).login();
    userId = other.user._id;
    companyId = other.company._id;
    // the demo company's welcome (server/src/platform/seed.ts), dismissed: the bell starts empty
    const kept = await api(url).call('GET', '/kernel/notifications', other.token, companyId);
    expect(kept.body.data.map((n: { title: string }) => n.title)).to.deep.equal(['Bienvenue dans Comptoir']);
    expect((await api(url).call('DELETE', `/kernel/notifications/${kept.body.data[0]._id}`, other.token, companyId)).status).to.equal(204);
    const created = await api(url).call('POST', '/kernel/companies', other.token, companyId, { name: SECOND_COMPANY });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    secondCompanyId = created.body._id;

    context = await launchBrowser(db.dataDir);
    page = await context.newPage();
    page.on('pageerror', (e) => console.log(`      [page] ${e.message}`));
    page.on('websocket', (ws) => {
      lastSocket = ws;
      ws.on('framesent', (f) => sent.push(String(f.payload)));
    });
  });

  after(async () => {
    await context?.close();
    await kernel?.stop();
    await db?.drop();
  });

  it('signs in and opens the live channel with the session token and the active company', async () => {
    await page.goto(`${url}/`);
    await page.getByLabel('Adresse e-mail').fill(DEMO_LOGIN.email);
    await page.getByLabel('Mot de passe').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: /Bonjour Camille/ }).waitFor();
    await page.locator('[data-testid="notification-bell"][data-live="live"]').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('comptoir.token'));
    const auth = sent.map((f) => JSON.parse(f) as Record<string, string>).find((m) => m.type === 'auth');
    expect(auth).to.deep.equal({ type: 'auth', token, company: companyId });
    expect(await bell().getAttribute('aria-label')).to.equal('Notifications');
    // a marker that a reload would erase
    await page.evaluate(() => { (window as unknown as { sansRechargement: boolean }).sansRechargement = true; });
  });

  it('shows a notification as it arrives, with the unread count in the bell', async () => {
    await api(url).notify(other, companyId, [userId], {
      title: 'Facture payée', content: 'F-2026-0042 réglée par virement (1 234,50 €).', style: 'success', timeToLive: 0,
    });
    const toast = page.getByTestId('live-toast').filter({ hasText: 'Facture payée' });
    await toast.waitFor();
    expect(await toast.innerText()).to.contain('F-2026-0042 réglée par virement');
    await page.locator('[data-testid="notification-bell"][data-unread="1"]').waitFor();
    expect(await bell().getAttribute('aria-label')).to.equal('Notifications : 1 non lue');
    await shot('live-1-notification.png');

    await bell().click();
    const list = page.getByTestId('notification-list');
    await list.getByText('Facture payée').waitFor();
    expect(await list.getByTestId('notification-item').count()).to.equal(1);
    await page.locator('[data-testid="notification-bell"][data-unread="0"]').waitFor();
    await shot('live-2-cloche.png');
    await page.keyboard.press('Escape');
    // timeToLive 0: the toast stays until closed
    await toast.getByRole('button', { name: 'Fermer la notification' }).click();
    await toast.waitFor({ state: 'detached' });
  });

  it('refreshes the page without reload when ANOTHER session renames the company', async () => {
    const refetched = page.waitForResponse((r) => r.url().includes('/api/kernel/companies') && r.request().method() === 'GET');
    const res = await api(url).call('PUT', `/kernel/companies/${companyId}`, other.token, companyId, { name: RENAMED });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    await refetched;
    await page.waitForFunction((name) => (document.querySelector('[data-testid="company-switcher"]') as HTMLInputElement | null)?.value === name, RENAMED);
    await page.getByText(`${RENAMED} — nous sommes le`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sansRechargement?: boolean }).sansRechargement)).to.equal(true);
    await shot('live-3-entreprise-renommee.png');
  });

  it('ignores the changes of its own session (its screens refresh what they change)', async () => {
    const refetches: string[] = [];
    const onRequest = (r: { url(): string; method(): string }) => { if (r.url().includes('/api/kernel/companies') && r.method() === 'GET') refetches.push(r.url()); };
    page.on('request', onRequest);
    const status = await page.evaluate(async ({ id, name }) => {
      const res = await fetch(`/api/kernel/companies/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('comptoir.token')}`, 'AT-Company': id },
        body: JSON.stringify({ name }),
      });
      return res.status;
    }, { id: companyId, name: DEMO_COMPANY.name });
    expect(status).to.equal(200);
    // one socket delivers in order: once this notification is shown, the change was handled before it
    await api(url).notify(other, companyId, [userId], { title: 'Repère de synchronisation', timeToLive: 0 });
    await page.getByTestId('live-toast').filter({ hasText: 'Repère de synchronisation' }).waitFor();
    page.off('request', onRequest);
    expect(refetches).to.deep.equal([]);
  });

  it('authenticates a new socket with the new company when the user switches company', async () => {
    const before = sent.length;
    await page.getByTestId('company-switcher').click();
    await page.getByRole('option', { name: SECOND_COMPANY }).click();
    await page.getByText(`${SECOND_COMPANY} — nous sommes le`).waitFor();
    await page.locator('[data-testid="notification-bell"][data-live="live"]').waitFor();
    const auths = sent.slice(before).map((f) => JSON.parse(f) as Record<string, string>).filter((m) => m.type === 'auth');
    expect(auths.map((m) => m.company)).to.deep.equal([secondCompanyId]);
    // a notification of the first company no longer reaches this socket; one of the second does
    await api(url).notify(other, companyId, [userId], { title: 'Pour la boulangerie' });
    await api(url).notify(other, secondCompanyId, 'company', { title: 'Inventaire demain 9 h', style: 'warning', priority: 'high' });
    await page.getByTestId('live-toast').filter({ hasText: 'Inventaire demain 9 h' }).waitFor();
    expect(await page.getByTestId('live-toast').filter({ hasText: 'Pour la boulangerie' }).count()).to.equal(0);
    await shot('live-4-autre-entreprise.png');
  });

  it('goes back to the login page with a French message when the session is revoked elsewhere (4401)', async () => {
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('comptoir.token')}` } });
      return (await res.json()) as { session: { _id: string } };
    });
    const res = await api(url).call('DELETE', `/kernel/sessions/${me.session._id}`, other.token, companyId);
    expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 204]);
    const notice = page.getByRole('status').filter({ hasText: 'Session terminée' });
    await notice.waitFor();
    expect(await notice.innerText()).to.contain('Votre session a pris fin');
    expect(await page.getByRole('button', { name: 'Se connecter' }).isVisible()).to.equal(true);
    expect(await page.evaluate(() => localStorage.getItem('comptoir.token'))).to.equal(null);
    await shot('live-5-session-revoquee.png');
  });

  it('signs out on purpose without the « session terminée » message, and the other tab follows', async () => {
    await page.getByLabel('Adresse e-mail').fill(DEMO_LOGIN.email);
    await page.getByLabel('Mot de passe').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.locator('[data-testid="notification-bell"][data-live="live"]').waitFor();
    // the notifications of the previous session are gone with it, toasts included
    expect(await bell().getAttribute('data-unread')).to.equal('0');
    expect(await page.getByTestId('live-toast').count()).to.equal(0);
    // a second tab: same localStorage, so the stored session opens the app directly
    const tab = await context.newPage();
    await tab.goto(`${url}/`);
    await tab.locator('[data-testid="notification-bell"][data-live="live"]').waitFor();

    await page.getByRole('button', { name: 'Camille Martin' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    // the server's 4401 for this very logout must not turn into « session terminée » here
    const end = Date.now() + 10_000;
    while (!lastSocket?.isClosed() && Date.now() < end) await page.waitForTimeout(20);
    expect(lastSocket?.isClosed()).to.equal(true);
    expect(await page.getByRole('status').filter({ hasText: 'Session terminée' }).count()).to.equal(0);
    // …while the other tab, whose session it also was, is told
    await tab.getByRole('status').filter({ hasText: 'Session terminée' }).waitFor();
    await tab.screenshot({ path: path.join(SHOTS, 'live-6-autre-onglet.png') });
    await tab.close();
  });
});
