/**
 * The per-process authentication cache (server/src/http/README.md « Authentication cache »)
 * through real HTTP: a warm read sends no authentication statement, and every change it depends
 * on is seen by the very next request — logout, revocation, password change, expiry, roles granted
 * and taken away, a role's permissions, leaving or joining a company (invitation, creation), the
 * active company, access tokens, server settings, user-property definitions. Requests that write
 * are served from memory too, and see the changes as reads do. Several processes: test/integration/auth-cache-redis.test.ts.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, signIn, type Account } from '../support/kernel.ts';
import { createInvitation, joinSignedIn } from '../support/invitations.ts';

const AUTH_TABLES = /kernel_(sessions|users|roles|access_tokens)\b/;
const UNREAD = '/api/kernel/notifications/unread';
const USERS = '/api/kernel/users';

/** The SQL a request sends (knex `query` events of the kernel's database). */
function statementsOf(db: Knex) {
  return async (request: () => Promise<unknown>): Promise<string[]> => {
    const seen: string[] = [];
    const on = (q: { sql: string }) => { seen.push(q.sql); };
    db.on('query', on);
    try { await request(); } finally { db.off('query', on); }
    return seen;
  };
}
const auth = (sql: string[]) => sql.filter((s) => AUTH_TABLES.test(s));

async function expectStatus(res: Promise<{ status: number; body: unknown }>, status: number, message?: string) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).to.equal(status);
  if (message) expect((r.body as { message: string }).message).to.equal(message);
}

describe('kernel: authentication cache', function () {
  this.timeout(60_000);
  const clock = { ms: Date.UTC(2026, 2, 2, 9, 0, 0) };
  let k: TestKernel;
  let sql: ReturnType<typeof statementsOf>;
  let readerRole: string;

  /** a member warmed in the cache (two reads), with a role granting kernel.users.read or not */
  async function warmMember(tag: string, roles: string[] = []): Promise<Account> {
    const m = await createMember(k, `cache-${tag}@exemple.fr`, { firstname: 'Camille', name: tag, roles });
    await m.http.get(UNREAD);
    expect(auth(await sql(() => m.http.get(UNREAD)))).to.deep.equal([]);
    return m;
  }

  before(async function () {
    k = await createTestKernel({ now: () => new Date(clock.ms) });
    sql = statementsOf(k.db);
    const role = await k.http.post('/api/kernel/roles', { name: 'Lecteur', permissions: ['kernel.users.read'] });
    expect(role.status, JSON.stringify(role.body)).to.equal(201);
    readerRole = role.body._id;
  });
  after(async function () { await k?.stop(); });

  describe('warm reads', function () {
    it('a cold request reads the session, the user and the roles; the next one reads none of them', async function () {
      const m = await createMember(k, 'cache-froid@exemple.fr', { roles: [readerRole] });
      const cold = await sql(() => expectStatus(m.http.get(UNREAD), 200));
      expect(cold.filter((s) => /kernel_sessions/.test(s))).to.have.length(1);
      expect(cold.filter((s) => /kernel_users/.test(s))).to.have.length(1);
      expect(cold.filter((s) => /kernel_roles/.test(s))).to.have.length(1);
      const warm = await sql(() => expectStatus(m.http.get(UNREAD), 200));
      expect(auth(warm)).to.deep.equal([]);
      // the count of unread notifications, and nothing else
      expect(warm).to.have.length(1);
      expect(warm[0]).to.match(/kernel_notifications/);
      // a public route with a token: nothing at all
      expect(await sql(() => expectStatus(m.http.get('/api/health'), 200))).to.deep.equal([]);
    });

    it('writes lastAction at most once a minute, on the kernel’s clock', async function () {
      const m = await warmMember('last-action');
      const start = clock.ms;
      clock.ms += 30_000;
      expect(auth(await sql(() => m.http.get(UNREAD)))).to.deep.equal([]);
      clock.ms += 31_000;
      const written = auth(await sql(() => m.http.get(UNREAD)));
      expect(written).to.have.length(1);
      expect(written[0]).to.match(/^update/i);
      expect(auth(await sql(() => m.http.get(UNREAD)))).to.deep.equal([]);
      const row = await k.db('kernel_sessions').where('userId', m.userId).first();
      expect(new Date(row.lastAction).getTime()).to.equal(start + 61_000);
    });

    it('requests that write are served from memory too', async function () {
      const m = await warmMember('ecriture');
      const write = await sql(() => expectStatus(m.http.post('/api/kernel/notifications/read'), 200));
      expect(auth(write)).to.deep.equal([]);
    });

    it('a write of a record carrying user properties reads their definitions from memory once warm', async function () {
      const defs = (q: string[]) => q.filter((x) => /kernel_user_props/.test(x));
      await expectStatus(k.http.post('/api/kernel/establishments', { name: 'Premier magasin' }), 201);
      const warm = await sql(() => expectStatus(k.http.post('/api/kernel/establishments', { name: 'Second magasin' }), 201));
      expect(warm.some((x) => /insert into .kernel_establishments/i.test(x)), warm.join('\n')).to.equal(true);
      expect(defs(warm), warm.join('\n')).to.deep.equal([]);
      // a definition created: the very next write applies it (a wrong value refused, nothing written)
      await expectStatus(k.http.post('/api/kernel/user-props', {
        name: 'Code analytique', variable: 'codeAnalytique', type: 'number', pluginIdentifier: 'kernel.establishments', server: true, applyForAllCompanies: true,
      }), 201);
      const refused = await k.http.post('/api/kernel/establishments', { name: 'Troisième magasin', userProps: { codeAnalytique: 'pas un nombre' } });
      expect(refused.status, JSON.stringify(refused.body)).to.equal(400);
      await expectStatus(k.http.post('/api/kernel/establishments', { name: 'Troisième magasin', userProps: { codeAnalytique: 12 } }), 201);
    });
  });

  describe('a write right after the change sees it', function () {
    const READ_ALL = '/api/kernel/notifications/read';
    it('logout, revocation from another session, password change: 401 and nothing written', async function () {
      const m = await warmMember('w-logout');
      await expectStatus(m.http.post(READ_ALL), 200);
      await expectStatus(m.http.post('/api/auth/logout'), 204);
      await expectStatus(m.http.post(READ_ALL), 401, 'Session révoquée : reconnectez-vous.');

      const r = await warmMember('w-revoked');
      const other = await signIn(k, r.email, r.password);
      await expectStatus(other.http.post(READ_ALL), 200);
      const mine = await k.db('kernel_sessions').where({ userId: r.userId }).orderBy('_id').first();
      await expectStatus(other.http.delete(`/api/kernel/sessions/${mine._id}`), 204);
      await expectStatus(r.http.post(READ_ALL), 401, 'Session révoquée : reconnectez-vous.');

      const p = await warmMember('w-password');
      const again = await signIn(k, p.email, p.password);
      await expectStatus(p.http.post(READ_ALL), 200);
      await expectStatus(again.http.post(`/api/kernel/users/${p.userId}/password`, { currentPassword: p.password, newPassword: 'nouveau-motdepasse-1' }), 204);
      const before = await k.db('kernel_roles').count({ n: '*' }).first();
      await expectStatus(p.http.post('/api/kernel/roles', { name: 'Jamais créé' }), 401, 'Session révoquée : reconnectez-vous.');
      expect(await k.db('kernel_roles').count({ n: '*' }).first()).to.deep.equal(before);
    });

    it('a right taken away refuses the very next write; removed from the company: 403', async function () {
      const role = await k.http.post('/api/kernel/roles', { name: 'Gestion des rôles', permissions: ['kernel.roles.manage'] });
      const m = await warmMember('w-rights', [role.body._id]);
      await expectStatus(m.http.post('/api/kernel/roles', { name: 'Créé par le membre' }), 201);
      await expectStatus(k.http.put(`/api/kernel/users/${m.userId}/roles`, { roles: [] }), 200);
      await expectStatus(m.http.post('/api/kernel/roles', { name: 'Refusé' }), 403, 'Permission requise : kernel.roles.manage.');
      await expectStatus(k.http.put(`/api/kernel/users/${m.userId}/roles`, { roles: [role.body._id] }), 200);
      await expectStatus(m.http.post('/api/kernel/roles', { name: 'De nouveau permis' }), 201);
      await expectStatus(k.http.delete(`/api/kernel/users/${m.userId}`), 204);
      await expectStatus(m.http.post('/api/kernel/roles', { name: 'Hors entreprise' }), 403, 'Vous n’appartenez pas à cette entreprise.');
      expect(await k.db('kernel_roles').whereIn('name', ['Refusé', 'Hors entreprise']).select('_id')).to.deep.equal([]);
    });
  });

  describe('the very next request sees the change', function () {
    it('logout: 401', async function () {
      const m = await warmMember('logout');
      await expectStatus(m.http.post('/api/auth/logout'), 204);
      await expectStatus(m.http.get(UNREAD), 401, 'Session révoquée : reconnectez-vous.');
    });

    it('a session revoked from another one: 401, the other one still served', async function () {
      const m = await warmMember('revoked');
      const other = await signIn(k, m.email, m.password);
      await other.http.get(UNREAD);
      const mine = await k.db('kernel_sessions').where({ userId: m.userId }).orderBy('_id').first();
      await expectStatus(other.http.delete(`/api/kernel/sessions/${mine._id}`), 204);
      await expectStatus(m.http.get(UNREAD), 401, 'Session révoquée : reconnectez-vous.');
      await expectStatus(other.http.get(UNREAD), 200);
    });

    it('a password change ends the other sessions at once and keeps its own', async function () {
      const m = await warmMember('password');
      const other = await signIn(k, m.email, m.password);
      await other.http.get(UNREAD);
      await expectStatus(other.http.post(`/api/kernel/users/${m.userId}/password`, { currentPassword: m.password, newPassword: 'nouveau-motdepasse-1' }), 204);
      await expectStatus(m.http.get(UNREAD), 401, 'Session révoquée : reconnectez-vous.');
      await expectStatus(other.http.get(UNREAD), 200);
    });

    it('roles: granted, the permission applies; taken away, 403', async function () {
      const m = await warmMember('roles');
      await expectStatus(m.http.get(USERS), 403, 'Permission requise : kernel.users.read.');
      await expectStatus(k.http.put(`/api/kernel/users/${m.userId}/roles`, { roles: [readerRole] }), 200);
      await expectStatus(m.http.get(USERS), 200);
      await expectStatus(k.http.put(`/api/kernel/users/${m.userId}/roles`, { roles: [] }), 200);
      await expectStatus(m.http.get(USERS), 403, 'Permission requise : kernel.users.read.');
    });

    it('a role’s permissions changed: the new ones apply, the removed ones no longer', async function () {
      const role = await k.http.post('/api/kernel/roles', { name: 'Changeant', permissions: ['kernel.users.read'] });
      const m = await warmMember('role-change', [role.body._id]);
      await expectStatus(m.http.get(USERS), 200);
      await expectStatus(m.http.get('/api/kernel/activities'), 403);
      await expectStatus(k.http.put(`/api/kernel/roles/${role.body._id}`, { permissions: ['kernel.activities.read'] }), 200);
      await expectStatus(m.http.get(USERS), 403);
      await expectStatus(m.http.get('/api/kernel/activities'), 200);
      await expectStatus(k.http.put(`/api/kernel/roles/${role.body._id}`, { god: true }), 200);
      await expectStatus(m.http.get(USERS), 200);
    });

    it('removed from the company: 403 with its AT-Company, and no longer the default company', async function () {
      const m = await warmMember('removed');
      await expectStatus(k.http.delete(`/api/kernel/users/${m.userId}`), 204);
      await expectStatus(m.http.get(UNREAD), 403, 'Vous n’appartenez pas à cette entreprise.');
      await expectStatus(m.http.as(m.token, null).get(UNREAD), 400, 'En-tête AT-Company manquant : indiquez l’entreprise active.');
    });

    it('joining through an invitation: a member at once, with the invitation’s roles', async function () {
      const m = await warmMember('invited');
      await expectStatus(k.http.delete(`/api/kernel/users/${m.userId}`), 204);
      await expectStatus(m.http.get(USERS), 403, 'Vous n’appartenez pas à cette entreprise.');
      const inv = await createInvitation(k, { name: 'Retour', manualRequestChecking: false, fk: { roles: [readerRole] } });
      await expectStatus(joinSignedIn(k, inv.key, m.token), 200);
      await expectStatus(m.http.get(USERS), 200);
    });

    it('a company created: its member at once; the active company changed: the default at once', async function () {
      const m = await warmMember('creator');
      const created = await m.http.post('/api/kernel/companies', { name: 'Cache et Fils SARL', capital: 1000 });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const own = m.http.as(m.token, created.body._id);
      await expectStatus(own.get(USERS), 200);
      const noHeader = m.http.as(m.token, null);
      const before = await noHeader.get('/api/kernel/company-settings');
      const next = before.body.fk.company === created.body._id ? k.admin.companyId : created.body._id;
      await expectStatus(noHeader.put(`/api/kernel/users/${m.userId}`, { settings: { activeCompanyId: next } }), 200);
      const after = await noHeader.get('/api/kernel/company-settings');
      expect(after.body.fk.company).to.equal(next);
    });

    it('an access token deleted: 401', async function () {
      const m = await warmMember('token');
      const created = await m.http.post('/api/kernel/access-tokens', { name: 'Script' });
      expect(created.status).to.equal(201);
      const script: TestHttp = m.http.as(created.body.token, k.admin.companyId);
      await expectStatus(script.get(UNREAD), 200);
      expect(auth(await sql(() => script.get(UNREAD)))).to.deep.equal([]);
      await expectStatus(m.http.delete(`/api/kernel/access-tokens/${created.body._id}`), 204);
      await expectStatus(script.get(UNREAD), 401, 'Jeton inconnu : reconnectez-vous.');
    });

    it('server settings changed: every identity is read again', async function () {
      const m = await warmMember('settings');
      await expectStatus(k.http.put('/api/kernel/server-settings', { globalPermissions: { allowUserRegistration: true } }), 200);
      expect(auth(await sql(() => m.http.get(UNREAD)))).to.have.length.at.least(2);
      await expectStatus(k.http.put('/api/kernel/server-settings', { globalPermissions: { allowUserRegistration: false } }), 200);
    });

    it('user-property definitions: read once for a list, then from memory; created or removed, applied at once', async function () {
      const LIST = '/api/kernel/establishments';
      const filtered = (variable: string) => k.http.get(LIST, { query: { filters: { [`userProps.${variable}`]: { value: 'x' } } } });
      const defs = (s: string[]) => s.filter((x) => /kernel_user_props/.test(x));
      const prop = await k.http.post('/api/kernel/user-props', { name: 'Secteur', variable: 'secteur', pluginIdentifier: 'kernel.establishments', server: true, applyForAllCompanies: true });
      expect(prop.status, JSON.stringify(prop.body)).to.equal(201);
      expect(defs(await sql(() => expectStatus(filtered('secteur'), 200)))).to.have.length(1);
      expect(defs(await sql(() => expectStatus(filtered('secteur'), 200)))).to.deep.equal([]);
      await expectStatus(filtered('zone'), 400, 'Propriété inconnue : « userProps.zone » (aucune propriété de ce nom pour cette liste).');
      const zone = await k.http.post('/api/kernel/user-props', { name: 'Zone', variable: 'zone', pluginIdentifier: 'kernel.establishments', server: true, applyForAllCompanies: true });
      expect(zone.status).to.equal(201);
      await expectStatus(filtered('zone'), 200);
      await expectStatus(k.http.delete(`/api/kernel/user-props/${prop.body._id}`), 204);
      await expectStatus(filtered('secteur'), 400, 'Propriété inconnue : « userProps.secteur » (aucune propriété de ce nom pour cette liste).');
    });

    // last: the clock jumps 180 days, past every session of this file
    it('a cached session is refused once the clock passes its expiration', async function () {
      const m = await warmMember('expiry');
      const row = await k.db('kernel_sessions').where('userId', m.userId).first();
      clock.ms = new Date(row.expiration).getTime() - 1;
      await expectStatus(m.http.get(UNREAD), 200);
      clock.ms += 1;
      await expectStatus(m.http.get(UNREAD), 401, 'Session expirée : reconnectez-vous.');
    });
  });
});
