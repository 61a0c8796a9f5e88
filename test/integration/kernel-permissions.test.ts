/**
 * Roles and permissions on the kernel routes (platform README « Granting rights »): a member without role reaches only
 * their own things; a role grants exactly its permissions; a company « Administrateur » is god in
 * its company only, never over the server settings; unknown or server-wide permissions cannot be
 * put in a company role.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { KERNEL_ROUTES, createMember, fillPath, send, snapshotKernel, type Account } from '../support/kernel.ts';

describe('kernel: permissions', function () {
  let k: TestKernel;
  let plain: Account;

  before(async function () {
    // a still clock: no session `lastAction` refresh can differ between two snapshots
    const still = new Date(Date.UTC(2026, 6, 1, 9));
    k = await createTestKernel({ now: () => still });
    plain = await createMember(k, 'simple.membre@exemple.fr', { firstname: 'Simone' });
  });
  after(async function () { await k?.stop(); });

  it('a member without role gets 403 on every permission-protected route of their company, and nothing changes', async function () {
    const before = await snapshotKernel(k.db);
    const protectedRoutes = KERNEL_ROUTES.filter((r) => r.permission);
    expect(protectedRoutes.map((r) => r.key)).to.include.members([
      'GET /api/kernel/users', 'POST /api/kernel/roles', 'PUT /api/kernel/companies/:id', 'GET /api/kernel/activities',
    ]);
    const ids: Record<string, string> = { companies: k.admin.companyId, users: k.admin.userId, roles: k.admin.companyId, activities: k.admin.companyId };
    for (const r of protectedRoutes) {
      const path = r.params.length ? fillPath(r, ids[r.collection] ?? k.admin.companyId) : r.path;
      const res = await send(plain.http, r, path);
      expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(403);
      expect(res.body).to.deep.include({ code: 'FORBIDDEN', message: `Permission requise : ${r.permission}.` });
    }
    expect(await snapshotKernel(k.db)).to.deep.equal(before);
  });

  it('a member without role reads their own profile, context, sessions and company', async function () {
    const me = await plain.http.get('/api/auth/me');
    expect(me.status).to.equal(200);
    expect(me.body.permissions).to.deep.equal([]);
    expect(me.body.god).to.equal(false);
    expect(me.body.roles).to.deep.equal([]);
    const self = await plain.http.get(`/api/kernel/users/${plain.userId}`);
    expect(self.status).to.equal(200);
    expect(self.body.email).to.equal('simple.membre@exemple.fr');
    expect(self.body).to.not.have.property('password');
    const sessions = await plain.http.get('/api/kernel/sessions');
    expect(sessions.status).to.equal(200);
    expect(sessions.body.count).to.equal(1);
    const company = await plain.http.get(`/api/kernel/companies/${k.admin.companyId}`);
    expect(company.status).to.equal(200);
    const renamed = await plain.http.put(`/api/kernel/users/${plain.userId}`, { firstname: 'Simonne' });
    expect(renamed.status).to.equal(200);
    expect(renamed.body.firstname).to.equal('Simonne');
    // but not someone else's account, even in the same company
    const other = await plain.http.get(`/api/kernel/users/${k.admin.userId}`);
    expect(other.status).to.equal(403);
    const edit = await plain.http.put(`/api/kernel/users/${k.admin.userId}`, { firstname: 'Pirate' });
    expect(edit.status).to.equal(403);
    const pwd = await plain.http.post(`/api/kernel/users/${k.admin.userId}/password`, { currentPassword: 'x', newPassword: 'pirate-123456' });
    expect(pwd.status).to.equal(403);
  });

  it('the plugin menu shows only the entries a member may open', async function () {
    const forPlain = await plain.http.get('/api/kernel/plugins');
    const kernel = forPlain.body.data.find((p: { id: string }) => p.id === 'kernel');
    expect(kernel.menu.map((m: { label: string }) => m.label)).to.deep.equal(['Mes sessions']);
    const forAdmin = await k.http.get('/api/kernel/plugins');
    expect(forAdmin.body.data.find((p: { id: string }) => p.id === 'kernel').menu).to.have.length(5);
  });

  it('a role granting kernel.users.read lets the member list users, and nothing more', async function () {
    const role = await k.http.post('/api/kernel/roles', { name: 'Lecture des membres', permissions: ['kernel.users.read'] });
    expect(role.status).to.equal(201);
    expect(role.body).to.deep.include({ mode: 'company', god: false, permissions: ['kernel.users.read'] });
    const granted = await k.http.put(`/api/kernel/users/${plain.userId}/roles`, { roles: [role.body._id] });
    expect(granted.status).to.equal(200);
    const list = await plain.http.get('/api/kernel/users');
    expect(list.status).to.equal(200);
    expect(list.body.count).to.equal(2);
    expect((await plain.http.get(`/api/kernel/users/${k.admin.userId}`)).status).to.equal(200);
    expect((await plain.http.get('/api/kernel/roles')).status).to.equal(200);
    expect((await plain.http.post('/api/kernel/roles', { name: 'Escalade', god: true })).status).to.equal(403);
    expect((await plain.http.put(`/api/kernel/users/${plain.userId}/roles`, { roles: [role.body._id] })).status).to.equal(403);
    expect((await plain.http.get('/api/kernel/activities')).status).to.equal(403);
    // taken back: forbidden again on the next call
    expect((await k.http.put(`/api/kernel/users/${plain.userId}/roles`, { roles: [] })).status).to.equal(200);
    expect((await plain.http.get('/api/kernel/users')).status).to.equal(403);
  });

  it('a member cannot grant themselves roles through their own account', async function () {
    const res = await plain.http.put(`/api/kernel/users/${plain.userId}`, { roles: ['0123456789abcdef01234567'] });
    expect(res.status).to.equal(400);
    expect(res.body.details).to.deep.include({ field: 'roles', message: 'champ inconnu' });
    const fk = await plain.http.put(`/api/kernel/users/${plain.userId}`, { fk: { companies: [] } });
    expect(fk.status).to.equal(400);
  });

  it('a company « Administrateur » is god in its company but cannot change the server settings; the server admin can', async function () {
    const founder = await createMember(k, 'fondatrice@exemple.fr');
    const created = await founder.http.post('/api/kernel/companies', { name: 'Atelier Fondatrice' });
    expect(created.status).to.equal(201);
    const own = founder.http.as(founder.token, created.body._id);
    const me = await own.get('/api/auth/me');
    expect(me.body.god).to.equal(false);
    expect(me.body.roles.map((r: { name: string; god: boolean }) => [r.name, r.god])).to.deep.equal([['Administrateur', true]]);
    expect(me.body.permissions).to.include.members(['kernel.users.read', 'kernel.roles.manage', 'kernel.companies.manage', 'kernel.activities.read']);
    expect(me.body.permissions).to.not.include('kernel.server-settings.manage');
    // god in the company
    expect((await own.get('/api/kernel/users')).status).to.equal(200);
    expect((await own.put(`/api/kernel/companies/${created.body._id}`, { name: 'Atelier Fondatrice SAS' })).status).to.equal(200);
    expect((await own.get('/api/kernel/activities')).status).to.equal(200);
    // not over the server, nor over the company it merely belongs to
    const settings = await own.put('/api/kernel/server-settings', { globalPermissions: { allowCompanyCreation: false } });
    expect(settings.status).to.equal(403);
    expect(settings.body.message).to.equal('Permission requise : kernel.server-settings.manage.');
    expect((await founder.http.get('/api/kernel/users')).status).to.equal(403);
    // the server administrator can
    const byAdmin = await k.http.put('/api/kernel/server-settings', { globalPermissions: { allowCompanyCreation: false } });
    expect(byAdmin.status).to.equal(200);
    expect(byAdmin.body.globalPermissions).to.deep.equal({ allowCompanyCreation: false, allowUserRegistration: false });
    // which now stops company creation for everyone but the server administrator
    const refused = await founder.http.post('/api/kernel/companies', { name: 'Encore une' });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('La création d’entreprise est désactivée sur ce serveur.');
    expect((await k.http.post('/api/kernel/companies', { name: 'Par l’administrateur' })).status).to.equal(201);
    const restored = await k.http.put('/api/kernel/server-settings', { globalPermissions: { allowCompanyCreation: true } });
    expect(restored.body.globalPermissions.allowCompanyCreation).to.equal(true);
  });

  it('refuses a role with an unknown or a server-wide permission (400), and keeps the role as it was', async function () {
    const unknown = await k.http.post('/api/kernel/roles', { name: 'Fantôme', permissions: ['kernel.users.read', 'kernel.fantome.hanter'] });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.message).to.equal('Permission inconnue : kernel.fantome.hanter.');
    expect(unknown.body.details).to.deep.equal([{ field: 'permissions', message: 'permission inconnue' }]);
    const global = await k.http.post('/api/kernel/roles', { name: 'Serveur', permissions: ['kernel.server-settings.manage'] });
    expect(global.status).to.equal(400);
    expect(global.body.message).to.match(/réservée aux rôles du serveur/);
    const role = await k.http.post('/api/kernel/roles', { name: 'Stable', permissions: ['kernel.users.read'] });
    const bad = await k.http.put(`/api/kernel/roles/${role.body._id}`, { permissions: ['kernel.users.read', 'n.importe.quoi'] });
    expect(bad.status).to.equal(400);
    const after = await k.http.get(`/api/kernel/roles/${role.body._id}`);
    expect(after.body.permissions).to.deep.equal(['kernel.users.read']);
    const names = (await k.http.get('/api/kernel/roles', { query: { pagination: { quantity: 500 } } })).body.data.map((r: { name: string }) => r.name);
    expect(names).to.not.include.members(['Fantôme', 'Serveur']);
  });

  it('only roles of the active company can be granted, and a held role cannot be deleted', async function () {
    const founder = await createMember(k, 'autre.fondateur@exemple.fr');
    const created = await founder.http.post('/api/kernel/companies', { name: 'Autre maison' });
    const foreignRoles = await founder.http.as(founder.token, created.body._id).get('/api/kernel/roles');
    const foreign = foreignRoles.body.data[0]._id as string;
    const res = await k.http.put(`/api/kernel/users/${plain.userId}/roles`, { roles: [foreign] });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.equal('Rôle inconnu dans cette entreprise.');
    const role = await k.http.post('/api/kernel/roles', { name: 'Tenu', permissions: [] });
    await k.http.put(`/api/kernel/users/${plain.userId}/roles`, { roles: [role.body._id] });
    const del = await k.http.delete(`/api/kernel/roles/${role.body._id}`);
    expect(del.status).to.equal(409);
    expect(del.body.message).to.match(/attribué à 1 utilisateur/);
    await k.http.put(`/api/kernel/users/${plain.userId}/roles`, { roles: [] });
    expect((await k.http.delete(`/api/kernel/roles/${role.body._id}`)).status).to.equal(204);
  });
});
