/**
 * The plain rules of notifications, without HTTP: defaults and validation of an input, what a
 * browser sees of a choice, delivery per recipient (push / signal / e-mail), a user's choices per
 * kind and company, the declarations plugins make, and the bridge's routing of notification events.
 */
import { expect } from 'chai';
import type { BusEvent, EntityDefinition, PluginDefinition } from '@comptoir/sdk';
import { PushNotification, type UserPushNotificationSetting } from '@comptoir/schemas';
import { isApiPath, isAppPath, isWebAddress, publicNotification, withDefaults } from '../src/notifications/notification.ts';
import { deliveryFor, notificationRow, recipientRefusal, LIVE_ONLY_KEPT_MS } from '../src/notifications/notification-delivery.ts';
import {
  applyChoices, choicesOf, mayReceive, withPushDefaults, type CataloguedPushNotification,
} from '../src/notifications/push-notification-catalogue.ts';
import { originOf } from '../src/notifications/notification-callback.ts';
import { checkDefinition } from '../src/plugins/load.ts';
import { translate } from '../src/realtime/bridge.ts';
import { NOTIFICATION_EVENT, NOTIFICATIONS_CLEARED_EVENT, NOTIFICATIONS_READ_EVENT } from '../src/realtime/events.ts';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const U1 = '1'.repeat(24);
const U2 = '2'.repeat(24);
const ID = 'f'.repeat(24);
const rules = { allowAbsoluteCallbacks: false };
const kind = (over: Partial<PushNotification> = {}): CataloguedPushNotification =>
  ({ ...withPushDefaults({ sysName: 'ventes.facture-payee', category: 'Ventes', name: 'Facture payée', ...over }), plugin: 'ventes' });

describe('notifications: input and public view', function () {
  it('fills the spec’s defaults', function () {
    const n = withDefaults({ title: 'Bonjour', choices: [{ title: 'OK' }] }, rules);
    expect(n).to.deep.equal({
      title: 'Bonjour', choices: [{ title: 'OK', urlMode: 'hidden', method: 'get', headers: {}, clearNotificationForAll: false }],
      priority: 'normal', style: 'primary', liveOnly: true, internal: false, timeToLive: 60000,
    });
  });

  it('keeps an internal notification live only', function () {
    expect(withDefaults({ title: 'x', internal: true, liveOnly: false }, rules).liveOnly).to.equal(true);
  });

  it('tells an API path of this server and a web address from the rest', function () {
    for (const ok of ['/api/x', '/api/kernel/roles?x=1', '/api/a/../b']) expect(isApiPath(ok), ok).to.equal(true);
    for (const no of ['/api', '/apix', '/api/../etc', '//evil/api/x', 'http://evil/api/x', '/\\evil', 'api/x', '/plugins/a']) expect(isApiPath(no), no).to.equal(false);
    for (const ok of ['http://exemple.fr', 'https://127.0.0.1:8443/x']) expect(isWebAddress(ok), ok).to.equal(true);
    for (const no of ['ftp://x', 'file:///etc/passwd', 'javascript:alert(1)', 'http://u:p@h/', '/x', 'pas une adresse']) expect(isWebAddress(no), no).to.equal(false);
  });

  it('takes as a path of the application only what a browser keeps on this site', function () {
    for (const ok of ['/factures/42', '/contacts?filtre=%C3%A9', '/']) expect(isAppPath(ok), ok).to.equal(true);
    // browsers read these as //autre.exemple: another site
    for (const no of ['//autre.exemple', '/\\autre.exemple', '/\t/autre.exemple', '/\n/autre.exemple', '/ /x', 'factures', 'https://autre.exemple']) {
      expect(isAppPath(no), JSON.stringify(no)).to.equal(false);
      expect(() => withDefaults({ title: 'x', choices: [{ title: 'Ouvrir', urlMode: 'navigate', url: no }] }, rules), JSON.stringify(no)).to.throw(/chemin de l’application/);
    }
  });

  it('shows a browser neither the headers nor the address of a call back', function () {
    const input = withDefaults({ title: 't', choices: [
      { title: 'Rappel', url: '/api/x', headers: { 'X-Cle': 's' } },
      { title: 'Ouvrir', url: '/factures/1', urlMode: 'navigate' },
    ] }, rules);
    const row = notificationRow(input, null, true, { _id: ID, batch: ID, date: new Date(0), sender: null, companyId: A, user: U1, type: 'user' });
    const shown = publicNotification(row);
    expect(shown.choices).to.deep.equal([
      { title: 'Rappel', urlMode: 'hidden', method: 'get', clearNotificationForAll: false },
      { title: 'Ouvrir', urlMode: 'navigate', method: 'get', clearNotificationForAll: false, url: '/factures/1' },
    ]);
    expect(JSON.stringify(shown)).to.not.include('X-Cle');
  });

  it('forgets a live-only notification after a day, or after its time on screen when longer', function () {
    const at = { _id: ID, batch: ID, date: new Date(0), sender: null, companyId: A, user: U1, type: 'user' as const };
    expect(notificationRow(withDefaults({ title: 't' }, rules), null, false, at).expiration).to.equal(new Date(LIVE_ONLY_KEPT_MS).toISOString());
    const week = 7 * 24 * 3600 * 1000;
    expect(notificationRow(withDefaults({ title: 't', timeToLive: week }, rules), null, false, at).expiration).to.equal(new Date(week).toISOString());
    expect(notificationRow(withDefaults({ title: 't' }, rules), null, true, at).expiration).to.equal(null);
  });

  it('names the local end of a socket as the call back origin, IPv6 in brackets', function () {
    expect(originOf({ localAddress: '127.0.0.1', localPort: 3000 })).to.equal('http://127.0.0.1:3000');
    expect(originOf({ localAddress: '::1', localPort: 80 })).to.equal('http://[::1]:80');
  });
});

describe('notifications: delivery per recipient', function () {
  const none: UserPushNotificationSetting[] = [];

  it('without a kind: live, kept unless liveOnly, never e-mailed; internal: live only', function () {
    expect(deliveryFor(withDefaults({ title: 't' }, rules), null, none, A)).to.deep.equal({ push: true, signal: false, email: false });
    expect(deliveryFor(withDefaults({ title: 't', liveOnly: false }, rules), null, none, A)).to.deep.equal({ push: true, signal: true, email: false });
    expect(deliveryFor(withDefaults({ title: 't', internal: true }, rules), kind(), none, A)).to.deep.equal({ push: true, signal: false, email: false });
  });

  it('with a kind: the kind’s defaults, then the user’s choices for that company; nothing when all are off', function () {
    const input = withDefaults({ title: 't', kind: 'ventes.facture-payee' }, rules);
    expect(deliveryFor(input, kind(), none, A)).to.deep.equal({ push: true, signal: true, email: true });
    expect(deliveryFor(input, kind({ email: false }), none, A)).to.deep.equal({ push: true, signal: true, email: false });
    const mine: UserPushNotificationSetting[] = [{ pushNotification: 'ventes.facture-payee', push: false, signal: true, email: false, browserSessions: [], companyId: A }];
    expect(deliveryFor(input, kind(), mine, A)).to.deep.equal({ push: false, signal: true, email: false });
    // another company: the defaults
    expect(deliveryFor(input, kind(), mine, B)).to.deep.equal({ push: true, signal: true, email: true });
    const off: UserPushNotificationSetting[] = [{ pushNotification: 'ventes.facture-payee', push: false, signal: false, email: false, browserSessions: [], companyId: A }];
    expect(deliveryFor(input, kind(), off, A)).to.equal(null);
  });

  it('applies one choice for all companies to a global kind', function () {
    const global = kind({ mode: 'global' });
    const settings = applyChoices([], [{ kind: global, email: false }], A);
    expect(settings).to.deep.equal([{ pushNotification: 'ventes.facture-payee', push: true, signal: true, email: false, browserSessions: [], companyId: null }]);
    expect(choicesOf(settings, global, B)).to.deep.equal({ push: true, signal: true, email: false });
  });

  it('changes only the flags given, and only that company’s entry', function () {
    const k = kind();
    let settings = applyChoices([], [{ kind: k, push: false }], A);
    settings = applyChoices(settings, [{ kind: k, email: false }], B);
    settings = applyChoices(settings, [{ kind: k, signal: false }], A);
    expect(choicesOf(settings, k, A)).to.deep.equal({ push: false, signal: false, email: true });
    expect(choicesOf(settings, k, B)).to.deep.equal({ push: true, signal: true, email: false });
    expect(settings).to.have.length(2);
  });

  it('keeps a kind from who lacks its permissions, god excepted', function () {
    const k = kind({ permissions: ['ventes.factures.voir', 'ventes.clients.voir'] });
    expect(mayReceive(k, { god: false, permissions: new Set(['ventes.factures.voir']) })).to.equal(false);
    expect(mayReceive(k, { god: false, permissions: new Set(['ventes.factures.voir', 'ventes.clients.voir']) })).to.equal(true);
    expect(mayReceive(k, { god: true, permissions: new Set() })).to.equal(true);
  });

  it('addresses a kind only as its recipient allows', function () {
    expect(recipientRefusal(kind({ recipient: 'user' }), 'company')).to.match(/personnes nommées/);
    expect(recipientRefusal(kind({ recipient: 'company' }), 'users')).to.match(/toute l’entreprise/);
    expect(recipientRefusal(kind(), 'company')).to.equal(null);
    expect(recipientRefusal(null, 'users')).to.equal(null);
  });
});

describe('notifications: declarations of plugins', function () {
  const plugin = (pushNotifications: unknown[]): PluginDefinition => ({ id: 'ventes', pushNotifications } as PluginDefinition);

  it('fills the spec’s defaults of a PushNotification setting', function () {
    expect(withPushDefaults({ sysName: 'ventes.x', category: 'Ventes', name: 'X' })).to.deep.equal({
      sysName: 'ventes.x', category: 'Ventes', name: 'X', recipient: 'any', permissions: [], mode: 'company', push: true, signal: true, email: true,
    });
  });

  it('refuses a kind outside the plugin’s namespace, twice declared, or malformed, naming the plugin', function () {
    expect(() => checkDefinition(plugin([{ sysName: 'autre.x', category: 'c', name: 'n' }]))).to.throw(/Plugin « ventes » : le type de notification « autre\.x » doit commencer par « ventes\. »/);
    expect(() => checkDefinition(plugin([{ sysName: 'ventes.x', category: 'c', name: 'n' }, { sysName: 'ventes.x', category: 'c', name: 'n' }]))).to.throw(/déclaré deux fois/);
    expect(() => checkDefinition(plugin([{ sysName: 'ventes.x', category: 'c', name: 'n', mode: 'partout' }]))).to.throw(/Plugin « ventes » : Type de notification « ventes\.x » invalide — « mode »/);
    expect(() => checkDefinition(plugin([{ sysName: 'ventes.x', category: 'c', name: 'n' }]))).to.not.throw();
  });
});

describe('notifications: the bridge tells the recipients only', function () {
  const entities = new Map<string, EntityDefinition>([['kernel.notifications', { plugin: 'kernel', name: 'notifications', companyScoped: true } as EntityDefinition]]);
  const ev = (name: string, payload: unknown, over: Partial<BusEvent> = {}): BusEvent =>
    ({ name, payload, companyId: A, userId: U1, sessionId: null, date: new Date(0).toISOString(), ...over });
  const n = (_id: string, user: string | null, company = A) => ({ _id, title: 't', fk: { user, company } });

  it('never forwards the repository’s own notification events (they would reach the whole company)', function () {
    expect(translate(ev('kernel.notification.created', { _id: ID, entity: 'kernel.notifications' }), entities)).to.deep.equal([]);
    expect(translate(ev('kernel.notification.deleted', { _id: ID, entity: 'kernel.notifications' }), entities)).to.deep.equal([]);
  });

  it('sends a quiet notification as a refresh of the bell, the others as toasts', function () {
    const out = translate(ev(NOTIFICATION_EVENT, { notifications: [n(ID, U2), n(B, U1)], quiet: [ID] }), entities);
    expect(out.map((m) => (m.kind === 'deliver' ? m.message.type : m.kind))).to.deep.equal(['change', 'notification']);
    expect(out[0]).to.deep.include({ target: { companyId: A, userIds: [U2] } });
  });

  it('groups cleared and read notifications per recipient, in the call’s company only', function () {
    const cleared = translate(ev(NOTIFICATIONS_CLEARED_EVENT, { notifications: [n(ID, U2), n(B, U1), n('c'.repeat(24), U2), n('d'.repeat(24), null), n('e'.repeat(24), U2, B)] }), entities);
    expect(cleared).to.deep.equal([
      { kind: 'deliver', target: { companyId: A, userIds: [U2] }, message: { type: 'notifications-cleared', ids: [ID, 'c'.repeat(24)] } },
      { kind: 'deliver', target: { companyId: A, userIds: [U1] }, message: { type: 'notifications-cleared', ids: [B] } },
      { kind: 'deliver', target: { companyId: A, userIds: 'company' }, message: { type: 'notifications-cleared', ids: ['d'.repeat(24)] } },
    ]);
    // no session: every tab of the recipient refreshes (tabs share one session, whose own changes the shell ignores)
    const read = translate(ev(NOTIFICATIONS_READ_EVENT, { notifications: [n(ID, U2), n(B, U2)] }, { sessionId: 'e'.repeat(24) }), entities);
    expect(read).to.deep.equal([{
      kind: 'deliver', target: { companyId: A, userIds: [U2] },
      message: { type: 'change', name: 'kernel.notification.updated', entity: 'kernel.notifications', _id: ID, by: U1, session: null },
    }]);
    expect(translate(ev(NOTIFICATIONS_CLEARED_EVENT, { notifications: [n(ID, U2)] }, { companyId: null }), entities)).to.deep.equal([]);
  });

  it('delivers a notification of a call with no company to its named users in any company, never to « the company »', function () {
    const out = translate(ev(NOTIFICATION_EVENT, { notifications: [n(ID, U2, null as never), n(B, null, null as never), n('c'.repeat(24), U1)] }, { companyId: null }), entities);
    expect(out.map((m) => (m.kind === 'deliver' ? m.target : null))).to.deep.equal([{ companyId: null, userIds: [U2] }]);
  });
});
