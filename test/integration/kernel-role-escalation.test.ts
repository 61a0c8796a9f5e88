/**
 * Nobody hands out rights they do not hold (server/src/platform/README.md « Granting rights »):
 * a « Gérer les rôles » holder cannot make their role god or add permissions they lack, nor touch a
 * role above theirs; a « Gérer les utilisateurs » holder cannot give (or take away) the
 * « Administrateur » role, by a member's roles, a new account, an invitation (made, changed, its
 * link renewed or sent) or accepting a request. Each refusal is a 403 in French naming what is
 * missing, and changes nothing.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, snapshotKernel, type Account } from '../support/kernel.ts';
import { createInvitation, joinSignedIn } from '../support/invitations.ts';

const GOD_MISSING = '« Tous les droits dans l’entreprise » (réservé aux administrateurs de l’entreprise)';

describe('kernel: no escalation of rights', function () {
  this.timeout(120_000);
  let k: TestKernel;
  /** holds « Gérer les rôles » and « Voir les utilisateurs » through the role `rolesRole` */
  let roleKeeper: Account;
  let rolesRole: string;
  /** holds « Gérer les utilisateurs » and « Voir les utilisateurs » through `usersRole` */
  let userKeeper: Account;
  let usersRole: string;
  let adminRole: string;
  let readerRole: string;

  before(async function () {
    // a still clock: no session `lastAction` refresh can differ between two snapshots
    const still = new Date(Date.UTC(2026, 10, 27, 9));
    k = await createTestKernel({ now: () => still });
    rolesRole = (await k.http.post('/api/kernel/roles', { name: 'Gestion des rôles', permissions: ['kernel.roles.manage', 'kernel.users.read'] })).body._id;
    usersRole = (await k.http.post('/api/kernel/roles', { name: 'Gestion des membres', permissions: ['kernel.users.manage', 'kernel.users.read'] })).body._id;
    readerRole = (await k.http.post('/api/kernel/roles', { name: 'Lecture', permissions: ['kernel.users.read'] })).body._id;
    const roles = await k.http.get('/api/kernel/roles');
    adminRole = roles.body.data.find((r: { name: string; god: boolean }) => r.name === 'Administrateur' && r.god)._id;
    roleKeeper = await createMember(k, 'roles@exemple.fr', { roles: [rolesRole] });
    userKeeper = await createMember(k, 'membres@exemple.fr', { roles: [usersRole] });
  });
  after(async function () { await k?.stop(); });

  async function refusedUnchanged(send: () => Promise<{ status: number; body: { code: string; message: string } }>, message: string) {
    const before = await snapshotKernel(k.db);
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).to.equal(403);
    expect(res.body.code).to.equal('FORBIDDEN');
    expect(res.body.message).to.equal(message);
    expect(await snapshotKernel(k.db)).to.deep.equal(before);
  }

  describe('« Gérer les rôles »', function () {
    it('cannot set god on the role it acts through', async function () {
      await refusedUnchanged(() => roleKeeper.http.put(`/api/kernel/roles/${rolesRole}`, { god: true }),
        `Vous ne pouvez pas donner à un rôle des droits que vous n’avez pas vous-même : ${GOD_MISSING}.`);
      const me = await roleKeeper.http.get('/api/auth/me');
      expect(me.body.permissions).to.deep.equal(['kernel.roles.manage', 'kernel.users.read']);
    });

    it('cannot add to its own role, or any, a permission it lacks', async function () {
      await refusedUnchanged(() => roleKeeper.http.put(`/api/kernel/roles/${rolesRole}`, { permissions: ['kernel.roles.manage', 'kernel.users.read', 'kernel.users.manage', 'kernel.companies.manage'] }),
        'Vous ne pouvez pas donner à un rôle des droits que vous n’avez pas vous-même : « Gérer les utilisateurs », « Gérer l’entreprise ».');
      await refusedUnchanged(() => roleKeeper.http.put(`/api/kernel/roles/${readerRole}`, { permissions: ['kernel.activities.read'] }),
        'Vous ne pouvez pas donner à un rôle des droits que vous n’avez pas vous-même : « Voir le journal d’activité ».');
    });

    it('cannot create a god role, nor one with a permission it lacks', async function () {
      await refusedUnchanged(() => roleKeeper.http.post('/api/kernel/roles', { name: 'Tout', god: true }),
        `Vous ne pouvez pas donner à un rôle des droits que vous n’avez pas vous-même : ${GOD_MISSING}.`);
      await refusedUnchanged(() => roleKeeper.http.post('/api/kernel/roles', { name: 'Entreprise', permissions: ['kernel.companies.manage'] }),
        'Vous ne pouvez pas donner à un rôle des droits que vous n’avez pas vous-même : « Gérer l’entreprise ».');
    });

    it('cannot change a role that gives more than it holds (not even rename « Administrateur »)', async function () {
      await refusedUnchanged(() => roleKeeper.http.put(`/api/kernel/roles/${adminRole}`, { name: 'Admin', god: false }),
        `Vous ne pouvez pas modifier le rôle « Administrateur » : il donne des droits que vous n’avez pas vous-même (${GOD_MISSING}).`);
      await refusedUnchanged(() => roleKeeper.http.put(`/api/kernel/roles/${usersRole}`, { permissions: [] }),
        'Vous ne pouvez pas modifier le rôle « Gestion des membres » : il donne des droits que vous n’avez pas vous-même (« Gérer les utilisateurs »).');
    });

    it('still creates and changes roles within what it holds', async function () {
      const created = await roleKeeper.http.post('/api/kernel/roles', { name: 'Lecteurs', permissions: ['kernel.users.read'] });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const renamed = await roleKeeper.http.put(`/api/kernel/roles/${created.body._id}`, { name: 'Lecteurs des membres', permissions: [] });
      expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
      expect(renamed.body).to.deep.include({ name: 'Lecteurs des membres', permissions: [], god: false });
    });
  });

  describe('« Gérer les utilisateurs »', function () {
    const GRANT_ADMIN = `Vous ne pouvez pas attribuer le rôle « Administrateur » : il donne des droits que vous n’avez pas vous-même (${GOD_MISSING}).`;

    it('cannot give itself (or anyone) the « Administrateur » role', async function () {
      await refusedUnchanged(() => userKeeper.http.put(`/api/kernel/users/${userKeeper.userId}/roles`, { roles: [usersRole, adminRole] }), GRANT_ADMIN);
      const other = await createMember(k, 'autre@exemple.fr');
      await refusedUnchanged(() => userKeeper.http.put(`/api/kernel/users/${other.userId}/roles`, { roles: [adminRole] }), GRANT_ADMIN);
      await refusedUnchanged(() => userKeeper.http.put(`/api/kernel/users/${other.userId}/roles`, { roles: [rolesRole] }),
        'Vous ne pouvez pas attribuer le rôle « Gestion des rôles » : il donne des droits que vous n’avez pas vous-même (« Gérer les rôles »).');
      expect((await userKeeper.http.get('/api/auth/me')).body.god).to.equal(false);
    });

    it('cannot create an account holding it', async function () {
      await refusedUnchanged(() => userKeeper.http.post('/api/kernel/users', { email: 'marionnette@exemple.fr', password: 'motdepasse-1', roles: [adminRole] }), GRANT_ADMIN);
    });

    it('cannot invite with it, nor add it to an invitation', async function () {
      const toInvite = `Vous ne pouvez pas inviter avec le rôle « Administrateur » : il donne des droits que vous n’avez pas vous-même (${GOD_MISSING}).`;
      await refusedUnchanged(() => userKeeper.http.post('/api/kernel/invitations', { name: 'Porte dérobée', manualRequestChecking: false, fk: { roles: [adminRole] } }), toInvite);
      const own = await createInvitation(k, { name: 'Lecteurs', fk: { roles: [readerRole] } }, userKeeper.http);
      await refusedUnchanged(() => userKeeper.http.put(`/api/kernel/invitations/${own._id}`, { fk: { roles: [readerRole, adminRole] } }), toInvite);
    });

    it('cannot change, renew the link of, or send an invitation an administrator made with it (escalation through someone else’s invitation)', async function () {
      const notTheirs = `il donne des droits que vous n’avez pas vous-même (${GOD_MISSING}).`;
      const change = `Vous ne pouvez pas modifier une invitation qui donne le rôle « Administrateur » : ${notTheirs}`;
      // made by the administrator, checked by hand: harmless while nobody else can touch it
      const admins = await createInvitation(k, { name: 'Administrateurs', manualRequestChecking: true, fk: { roles: [adminRole] } });
      // the way in: no more checking, a fresh link for oneself, then join with a second account
      await refusedUnchanged(() => userKeeper.http.put(`/api/kernel/invitations/${admins._id}`, { manualRequestChecking: false }), change);
      await refusedUnchanged(() => userKeeper.http.put(`/api/kernel/invitations/${admins._id}`, { name: 'Administrateurs (lien)', fk: { roles: [adminRole] } }), change);
      // taking the role off is a change of it too: not theirs either
      await refusedUnchanged(() => userKeeper.http.put(`/api/kernel/invitations/${admins._id}`, { fk: { roles: [readerRole] } }), change);
      await refusedUnchanged(() => userKeeper.http.post(`/api/kernel/invitations/${admins._id}/key`),
        `Vous ne pouvez pas créer un nouveau lien pour une invitation qui donne le rôle « Administrateur » : ${notTheirs}`);
      await refusedUnchanged(() => userKeeper.http.post(`/api/kernel/invitations/${admins._id}/send`, { key: admins.key, emails: ['complice@exemple.fr'] }),
        `Vous ne pouvez pas envoyer une invitation qui donne le rôle « Administrateur » : ${notTheirs}`);
      // a second account of theirs using the link the administrator holds waits for a decision
      const second = await createMember(k, 'double.compte@exemple.fr');
      await k.http.delete(`/api/kernel/users/${second.userId}`);
      const asked = await joinSignedIn(k, admins.key, second.token);
      expect(asked.status, JSON.stringify(asked.body)).to.equal(200);
      expect(asked.body.status).to.equal('pending');
      // the administrator still does all of it
      expect((await k.http.put(`/api/kernel/invitations/${admins._id}`, { name: 'Administrateurs (lien)', manualRequestChecking: false })).status).to.equal(200);
      expect((await k.http.post(`/api/kernel/invitations/${admins._id}/key`)).status).to.equal(200);
    });

    it('still changes and renews the link of an invitation within what it holds', async function () {
      const own = await createInvitation(k, { name: 'Lecture seule', fk: { roles: [readerRole] } }, userKeeper.http);
      const changed = await userKeeper.http.put(`/api/kernel/invitations/${own._id}`, { name: 'Lecture', manualRequestChecking: false, fk: { roles: [readerRole] } });
      expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
      const renewed = await userKeeper.http.post(`/api/kernel/invitations/${own._id}/key`);
      expect(renewed.status, JSON.stringify(renewed.body)).to.equal(200);
      expect(renewed.body.key).to.be.a('string').and.not.equal(own.key);
    });

    it('cannot accept a request through an invitation carrying it (the administrator can)', async function () {
      const inv = await createInvitation(k, { name: 'Sur validation', manualRequestChecking: true, fk: { roles: [adminRole] } });
      const second = await createMember(k, 'second.compte@exemple.fr');
      await k.http.delete(`/api/kernel/users/${second.userId}`);
      const asked = await joinSignedIn(k, inv.key, second.token);
      expect(asked.status, JSON.stringify(asked.body)).to.equal(200);
      const id = asked.body.request._id as string;
      await refusedUnchanged(() => userKeeper.http.post(`/api/kernel/invitation-requests/${id}/accept`),
        `Vous ne pouvez pas accepter cette demande, car l’invitation donne le rôle « Administrateur » : il donne des droits que vous n’avez pas vous-même (${GOD_MISSING}).`);
      expect((await k.http.post(`/api/kernel/invitation-requests/${id}/accept`)).status).to.equal(200);
    });

    it('cannot take it away from an administrator, nor remove one from the company', async function () {
      const boss = await createMember(k, 'patronne@exemple.fr', { roles: [adminRole] });
      await refusedUnchanged(() => userKeeper.http.put(`/api/kernel/users/${boss.userId}/roles`, { roles: [] }),
        `Vous ne pouvez pas retirer le rôle « Administrateur » : il donne des droits que vous n’avez pas vous-même (${GOD_MISSING}).`);
      await refusedUnchanged(() => userKeeper.http.delete(`/api/kernel/users/${boss.userId}`),
        `Vous ne pouvez pas retirer de l’entreprise un membre qui a le rôle « Administrateur » : il donne des droits que vous n’avez pas vous-même (${GOD_MISSING}).`);
    });

    it('still grants, withdraws and sends back roles within what it holds', async function () {
      const m = await createMember(k, 'lecteur@exemple.fr');
      const granted = await userKeeper.http.put(`/api/kernel/users/${m.userId}/roles`, { roles: [readerRole] });
      expect(granted.status, JSON.stringify(granted.body)).to.equal(200);
      expect(granted.body.roles).to.deep.equal([readerRole]);
      // a role someone else granted, sent back unchanged, is not a new grant
      await k.http.put(`/api/kernel/users/${m.userId}/roles`, { roles: [readerRole, adminRole] });
      const kept = await userKeeper.http.put(`/api/kernel/users/${m.userId}/roles`, { roles: [adminRole] });
      expect(kept.status, JSON.stringify(kept.body)).to.equal(200);
      expect(kept.body.roles).to.deep.equal([adminRole]);
    });
  });

  describe('gods', function () {
    it('a company « Administrateur » (not a server administrator) makes god roles and grants them', async function () {
      const founder = await createMember(k, 'fondateur@exemple.fr');
      const created = await founder.http.post('/api/kernel/companies', { name: 'Maison du fondateur' });
      const own = founder.http.as(founder.token, created.body._id);
      expect((await own.get('/api/auth/me')).body.god).to.equal(false);
      const role = await own.post('/api/kernel/roles', { name: 'Associé', god: true });
      expect(role.status, JSON.stringify(role.body)).to.equal(201);
      const partner = await createMember(k, 'associe@exemple.fr', { roles: [role.body._id] }, own);
      expect((await partner.http.as(partner.token, created.body._id).get('/api/auth/me')).body.roles.map((r: { god: boolean }) => r.god)).to.deep.equal([true]);
    });
  });
});
