/**
 * The notification centre in Chromium (host/src/realtime, host/src/screens/notifications): a
 * notification sent through the API shows live with its choices and the unread count; kept
 * (liveOnly false) it is still in the centre after a reload, a live-only one is not; a choice with
 * clearNotificationForAll removes it for every recipient; the preferences turn « en direct » off
 * for a kind, after which it arrives without a toast but in the centre.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/notifications.test.ts
 */
import { expect } from 'chai';
import { DEMO_LOGIN } from '../../tools/src/demo-company.ts';
import { demoSession } from './support/demo-session.ts';
import { mergeNotifications } from '../../host/src/realtime/NotificationBell.tsx';
import { byCategory, type NotificationPreference } from '../../host/src/screens/notifications/NotificationPreferences.tsx';
import type { LiveNotification } from '../../host/src/realtime/protocol.ts';

interface Login { token: string; user: { _id: string }; company: { _id: string } }

describe('notification centre: pure parts', () => {
  it('merges the bell’s live-only and kept notifications newest first, each once, bounded', () => {
    const n = (_id: string, date: string) => ({ _id, date }) as LiveNotification;
    const live = [n('b', '2026-11-24T10:00:00.000Z'), n('d', '2026-11-24T08:00:00.000Z')];
    const kept = [n('c', '2026-11-24T09:00:00.000Z'), n('b', '2026-11-24T10:00:00.000Z'), n('a', '2026-11-24T11:00:00.000Z')];
    expect(mergeNotifications(live, kept).map((x) => x._id)).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(mergeNotifications(live, kept, 2).map((x) => x._id)).to.deep.equal(['a', 'b']);
  });

  it('groups the preferences by category, in the catalogue’s order', () => {
    const p = (sysName: string, category: string) => ({ sysName, category }) as NotificationPreference;
    expect(byCategory([p('a', 'Ventes'), p('b', 'Équipe'), p('c', 'Ventes')]).map(([c, kinds]) => [c, kinds.map((k) => k.sysName)]))
      .to.deep.equal([['Ventes', ['a', 'c']], ['Équipe', ['b']]]);
  });
});

describe('notification centre in Chromium', function () {
  this.timeout(180_000);
  const s = demoSession(this, { plugins: [], shotPrefix: 'notifications' });
  let me: Login;
  let colleague: { _id: string; token: string };

  async function call(method: string, route: string, token: string, body?: unknown) {
    const res = await fetch(`${s.url}/api${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'AT-Company': me.company._id },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const send = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/kernel/notifications', me.token, body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data as Array<{ _id: string; fk: { user: string } }>;
  };
  const bell = () => s.page.getByTestId('notification-bell');
  const toast = (title: string) => s.page.getByTestId('live-toast').filter({ hasText: title });
  const unread = (n: number) => s.page.locator(`[data-testid="notification-bell"][data-unread="${n}"]`).waitFor();

  before(async function () {
    // another session of the demo user sends, as a colleague's screen would
    const login = await fetch(`${s.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO_LOGIN) });
    me = await login.json() as Login;
    const created = await call('POST', '/kernel/users', me.token, { email: 'livreur.e2e@exemple.fr', password: 'motdepasse-livreur', firstname: 'Luc' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const signed = await fetch(`${s.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'livreur.e2e@exemple.fr', password: 'motdepasse-livreur' }) });
    const body = await signed.json() as Login;
    colleague = { _id: body.user._id, token: body.token };
    await s.page.locator('[data-testid="notification-bell"][data-live="live"]').waitFor();
    // the demo company's welcome (server/src/platform/seed.ts) is in the bell; dismissed, the tests start from none
    await unread(1);
    const kept = await call('GET', '/kernel/notifications', me.token);
    expect(kept.body.data.map((n: { title: string }) => n.title)).to.deep.equal(['Bienvenue dans Comptoir']);
    expect((await call('DELETE', `/kernel/notifications/${kept.body.data[0]._id}`, me.token)).status).to.equal(204);
    await unread(0);
  });

  it('shows a notification sent through the API at once, with its choices and the unread count', async function () {
    await send({
      recipients: [me.user._id, colleague._id], title: 'Livraison de farine', content: 'Le camion du moulin est à la porte (12 sacs).',
      style: 'warning', liveOnly: false, timeToLive: 0,
      choices: [{ title: 'Je m’en occupe', url: '/api/auth/me', clearNotificationForAll: true }, { title: 'Plus tard' }],
    });
    const shown = toast('Livraison de farine');
    await shown.waitFor();
    expect(await shown.innerText()).to.contain('Le camion du moulin est à la porte');
    expect(await shown.getByRole('button', { name: 'Je m’en occupe' }).isVisible()).to.equal(true);
    await unread(1);
    expect(await bell().getAttribute('aria-label')).to.equal('Notifications : 1 non lue');
    await s.shot('1-en-direct');
  });

  it('keeps it in the centre after a reload, unread, until answered', async function () {
    await s.page.reload();
    await s.page.locator('[data-testid="notification-bell"][data-live="live"]').waitFor();
    await unread(1);
    expect(await toast('Livraison de farine').count()).to.equal(0);
    await bell().click();
    const list = s.page.getByTestId('notification-list');
    await list.getByText('Livraison de farine').waitFor();
    // opening the bell marks it read
    await unread(0);
    await list.getByRole('link', { name: 'Tout voir' }).click();
    await s.page.getByRole('heading', { name: 'Notifications' }).waitFor();
    const item = s.page.getByTestId('centre-item').filter({ hasText: 'Livraison de farine' });
    await item.waitFor();
    expect(await item.getAttribute('data-read')).to.equal('true');
    await item.getByRole('button', { name: 'Marquer non lue' }).click();
    await item.getByText('Non lue').waitFor();
    await unread(1);
    await s.shot('2-centre');
  });

  it('removes it for every recipient when a choice clears it for all', async function () {
    const item = s.page.getByTestId('centre-item').filter({ hasText: 'Livraison de farine' });
    await item.getByRole('button', { name: 'Je m’en occupe' }).click();
    await item.waitFor({ state: 'detached' });
    await unread(0);
    await s.page.getByText('Aucune notification conservée.').waitFor();
    const theirs = await call('GET', '/kernel/notifications', colleague.token);
    expect(theirs.body.data.map((n: { title: string }) => n.title)).to.not.include('Livraison de farine');
    await s.shot('3-choix');
  });

  it('does not keep a live-only notification past a reload', async function () {
    await send({ recipients: [me.user._id], title: 'Passage du livreur', timeToLive: 0 });
    await toast('Passage du livreur').waitFor();
    await unread(1);
    await s.page.reload();
    await s.page.locator('[data-testid="notification-bell"][data-live="live"]').waitFor();
    await unread(0);
    expect(await s.page.getByTestId('centre-item').count()).to.equal(0);
  });

  it('follows the preferences: « en direct » off, the next one comes without a toast, into the centre', async function () {
    await s.page.goto(`${s.url}/preferences`);
    const row = s.page.getByTestId('notification-preference').filter({ hasText: 'Messages de l’équipe' });
    await row.waitFor();
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/kernel/notification-preferences') && r.request().method() === 'PUT');
    await row.getByRole('switch', { name: 'Messages de l’équipe : en direct' }).click({ force: true });
    expect((await saved).status()).to.equal(200);
    await s.shot('4-preferences');
    const prefs = await call('GET', '/kernel/notification-preferences', me.token);
    expect(prefs.body.data.find((p: { sysName: string }) => p.sysName === 'kernel.messages')).to.deep.include({ push: false, signal: true });

    await send({ recipients: [me.user._id], kind: 'kernel.messages', title: 'Réunion à 14 h' });
    await unread(1);
    expect(await toast('Réunion à 14 h').count()).to.equal(0);
    await bell().click();
    await s.page.getByTestId('notification-list').getByText('Réunion à 14 h').waitFor();
  });
});
