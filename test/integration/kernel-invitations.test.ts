/**
 * Invitations (platform README « Invitations ») through the HTTP API, on SQLite or
 * DATABASE_URL: the link's secret key, the public check, joining with or without an account,
 * manual checking and the administrators' decisions, the 4xx/409 refusals (nothing written), and
 * tenant isolation. Concurrency: kernel-invitations-race; e-mails: kernel-invitations-mail.
 */
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import type { BusEvent } from '@comptoir/sdk';
import { createMember, createSecondCompany, signIn, snapshotKernel, type SecondCompany } from '../support/kernel.ts';
import { INVITEE_PASSWORD, check, createInvitation, invitationRow, joinSignedIn, joinWithAccount } from '../support/invitations.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('kernel: invitations', function () {
  let k: TestKernel;
  let b: SecondCompany;
  let seller: string;
  let companyName: string;
  /** notifications published on the bus (after commit), oldest first */
  const sent: BusEvent[] = [];

  before(async function () {
    k = await createTestKernel();
    b = await createSecondCompany(k);
    const role = await k.http.post('/api/kernel/roles', { name: 'Vendeur', permissions: ['kernel.users.read'] });
    seller = role.body._id;
    companyName = (await k.http.get(`/api/kernel/companies/${k.admin.companyId}`)).body.name;
    k.kernel.events.on('kernel.notification.sent', (e: BusEvent) => { sent.push(e); });
  });
  after(async function () { await k?.stop(); });
  beforeEach(function () { sent.length = 0; });

  const notified = (title: string) => sent.flatMap((e) => (e.payload as { notifications: { title: string; content?: string; fk: { user: string | null; company: string | null } }[] }).notifications
    .filter((n) => n.title === title).map((n) => ({ ...n, eventCompany: e.companyId })));

  describe('management', function () {
    it('creates an invitation with the spec defaults; the key is answered once and only its SHA-256 is stored', async function () {
      const inv = await createInvitation(k, { name: 'Équipe boutique', fk: { roles: [seller] } });
      expect(inv).to.deep.include({
        name: 'Équipe boutique', maxUsage: 0, currentUsageCount: 0, manualRequestChecking: true, active: true,
      });
      expect(inv.fk).to.deep.equal({ company: k.admin.companyId, roles: [seller] });
      expect(inv.key).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(inv.path).to.equal(`/invitation/${inv.key}`);
      expect(new Date(inv.date as string).getTime()).to.be.closeTo(Date.now(), 60_000);
      expect(inv).to.not.have.property('keyHash');
      const read = await k.http.get(`/api/kernel/invitations/${inv._id}`);
      expect(read.status).to.equal(200);
      expect(read.body).to.not.have.any.keys('key', 'keyHash', 'path');
      const listed = await k.http.get('/api/kernel/invitations');
      expect(JSON.stringify(listed.body)).to.not.include(inv.key);
      const row = await invitationRow(k, inv._id);
      expect(row.keyHash).to.equal(sha256(inv.key));
      const everything = JSON.stringify(await k.db('kernel_invitations').select('*')) + JSON.stringify(await k.db('kernel_activities').select('data'));
      expect(everything).to.not.include(inv.key);
    });

    it('refuses a role of another company, bad values and server-managed fields with 400 naming the field, writing nothing', async function () {
      const before = await snapshotKernel(k.db);
      const foreign = await k.http.post('/api/kernel/invitations', { name: 'Intrus', fk: { roles: [b.roleId] } });
      expect(foreign.status).to.equal(400);
      expect(foreign.body).to.deep.include({ message: 'Rôle inconnu dans cette entreprise.', details: [{ field: 'fk.roles', message: 'rôle inconnu' }] });
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, 'name'], [{ name: 'x', maxUsage: -1 }, 'maxUsage'], [{ name: 'x', maxUsage: 2.5 }, 'maxUsage'],
        [{ name: 'x', currentUsageCount: 3 }, 'currentUsageCount'], [{ name: 'x', keyHash: 'a'.repeat(64) }, 'keyHash'],
        [{ name: 'x', date: '2020-01-01T00:00:00.000Z' }, 'date'], [{ name: 'x', active: 'oui' }, 'active'],
        [{ name: 'x', fk: { roles: ['pas-un-id'] } }, 'fk.roles.0'],
      ];
      for (const [body, field] of cases) {
        const res = await k.http.post('/api/kernel/invitations', body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.details.map((d: { field: string }) => d.field), JSON.stringify(res.body)).to.include(field);
      }
      expect(await snapshotKernel(k.db)).to.deep.equal(before);
    });

    it('updates name, description, roles, limits and state', async function () {
      const inv = await createInvitation(k, { name: 'Saisonniers', manualRequestChecking: false, maxUsage: 3 });
      expect((await joinWithAccount(k, inv.key, 'saisonnier@exemple.fr')).status).to.equal(200);
      const unlimited = await k.http.put(`/api/kernel/invitations/${inv._id}`, { maxUsage: 0 });
      expect(unlimited.status).to.equal(200);
      expect(unlimited.body).to.deep.include({ maxUsage: 0, currentUsageCount: 1 });
      // down to the people already in: the link is used up
      const full = await k.http.put(`/api/kernel/invitations/${inv._id}`, { maxUsage: 1 });
      expect(full.status).to.equal(200);
      expect((await joinWithAccount(k, inv.key, 'saisonniere@exemple.fr')).status).to.equal(409);
      const res = await k.http.put(`/api/kernel/invitations/${inv._id}`, {
        name: 'Saisonniers 2026', description: 'Été 2026', maxUsage: 2, active: false, manualRequestChecking: true, fk: { roles: [seller] },
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.deep.include({ name: 'Saisonniers 2026', description: 'Été 2026', maxUsage: 2, active: false, manualRequestChecking: true, currentUsageCount: 1 });
      expect(res.body.fk).to.deep.equal({ company: k.admin.companyId, roles: [seller] });
      const server = await k.http.put(`/api/kernel/invitations/${inv._id}`, { currentUsageCount: 0 });
      expect(server.status).to.equal(400);
      expect(server.body.details).to.deep.include({ field: 'currentUsageCount', message: 'champ inconnu' });
    });

    it('answers 400 when maxUsage would go under the usage count, and keeps the invitation as it was', async function () {
      const inv = await createInvitation(k, { name: 'Deux places', manualRequestChecking: false, maxUsage: 2 });
      for (const email of ['place.un@exemple.fr', 'place.deux@exemple.fr']) {
        expect((await joinWithAccount(k, inv.key, email)).status).to.equal(200);
      }
      const res = await k.http.put(`/api/kernel/invitations/${inv._id}`, { maxUsage: 1, name: 'Changé' });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('Le nombre maximal d’utilisations ne peut pas être inférieur au nombre de personnes déjà entrées (2).');
      expect(res.body.details).to.deep.equal([{ field: 'maxUsage', message: 'au moins 2' }]);
      const row = await invitationRow(k, inv._id);
      expect(row).to.include({ name: 'Deux places', maxUsage: 2, currentUsageCount: 2 });
    });

    it('a new link replaces the old one: the old key opens nothing any more', async function () {
      const inv = await createInvitation(k, { name: 'Lien à changer' });
      const renewed = await k.http.post(`/api/kernel/invitations/${inv._id}/key`);
      expect(renewed.status).to.equal(200);
      expect(renewed.body.key).to.match(/^[A-Za-z0-9_-]{43}$/).and.not.equal(inv.key);
      expect(renewed.body.path).to.equal(`/invitation/${renewed.body.key}`);
      const old = await check(k, inv.key);
      expect(old.status).to.equal(404);
      expect(old.body.message).to.match(/^Invitation introuvable/);
      expect((await check(k, renewed.body.key)).status).to.equal(200);
    });

    it('deleting an invitation deletes its requests; the people who joined stay members', async function () {
      const inv = await createInvitation(k, { name: 'Éphémère', manualRequestChecking: false, fk: { roles: [seller] } });
      const joined = await joinWithAccount(k, inv.key, 'ephemere@exemple.fr');
      expect(joined.status).to.equal(200);
      const del = await k.http.delete(`/api/kernel/invitations/${inv._id}`);
      expect(del.status).to.equal(204);
      expect((await k.http.get(`/api/kernel/invitations/${inv._id}`)).status).to.equal(404);
      expect(await k.db('kernel_invitation_requests').where('fk_invitation', inv._id)).to.have.length(0);
      expect((await k.http.get(`/api/kernel/users/${joined.body.user._id}`)).status).to.equal(200);
      expect((await check(k, inv.key)).status).to.equal(404);
    });

    it('is for those who manage members: 403 for a member without kernel.users.manage', async function () {
      const plain = await createMember(k, 'sans.droit@exemple.fr');
      const inv = await createInvitation(k, { name: 'Réservée' });
      for (const [method, path] of [['GET', '/api/kernel/invitations'], ['POST', '/api/kernel/invitations'], ['GET', `/api/kernel/invitations/${inv._id}`],
        ['GET', '/api/kernel/invitation-requests'], ['POST', `/api/kernel/invitations/${inv._id}/key`]]) {
        const res = await plain.http.request(method, path, method === 'POST' ? { name: 'x' } : undefined);
        expect(res.status, `${method} ${path}`).to.equal(403);
        expect(res.body.message).to.equal('Permission requise : kernel.users.manage.');
      }
    });
  });

  describe('the public check', function () {
    it('shows an anonymous visitor the company, the invitation and its roles, and nothing else', async function () {
      const inv = await createInvitation(k, { name: 'Comptoir du marché', description: 'Pour les vendeurs du samedi', maxUsage: 4, fk: { roles: [seller] } });
      const res = await check(k, inv.key);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        invitation: {
          _id: inv._id, name: 'Comptoir du marché', description: 'Pour les vendeurs du samedi', date: inv.date,
          maxUsage: 4, currentUsageCount: 0, manualRequestChecking: true, active: true,
        },
        roles: [{ _id: seller, name: 'Vendeur' }],
        companyId: k.admin.companyId,
        companyName,
        alreadyInCompany: false,
        status: null,
        requestId: null,
      });
      // a member is told so
      const mine = await check(k, inv.key, k.admin.token);
      expect(mine.body).to.deep.include({ alreadyInCompany: true, status: null });
    });

    it('answers 404 for an unknown key, 400 for a malformed one, 409 for an inactive or used-up invitation', async function () {
      const unknown = await check(k, 'A'.repeat(43));
      expect(unknown.status).to.equal(404);
      expect(unknown.body.code).to.equal('NOT_FOUND');
      for (const key of ['court', 'A'.repeat(44), `${'A'.repeat(42)}!`]) {
        const bad = await check(k, key);
        expect(bad.status, key).to.equal(400);
        expect(bad.body.details[0].field).to.equal('key');
      }
      const inactive = await createInvitation(k, { name: 'Fermée', active: false });
      const closed = await check(k, inactive.key);
      expect(closed.status).to.equal(409);
      expect(closed.body.message).to.equal('Cette invitation n’est plus active : demandez un nouveau lien à l’entreprise.');
      const single = await createInvitation(k, { name: 'Une place', maxUsage: 1, manualRequestChecking: false });
      expect((await joinWithAccount(k, single.key, 'unique@exemple.fr')).status).to.equal(200);
      const full = await check(k, single.key);
      expect(full.status).to.equal(409);
      expect(full.body.message).to.match(/^Cette invitation a déjà été utilisée le nombre de fois prévu/);
    });
  });

  describe('joining with manual checking', function () {
    let inv: Awaited<ReturnType<typeof createInvitation>>;
    let invitee: { token: string; userId: string };
    let requestId: string;

    before(async function () {
      inv = await createInvitation(k, { name: 'Équipe cuisine', maxUsage: 2, fk: { roles: [seller] } });
    });

    it('a new person creates an account on the way (registration closed or not) and the request waits', async function () {
      const settings = await k.http.get('/api/kernel/server-settings');
      expect(settings.body.globalPermissions.allowUserRegistration).to.equal(false);
      const res = await joinWithAccount(k, inv.key, 'Ines.Vite@Exemple.fr', { description: 'Je commence lundi.' });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.deep.include({ status: 'pending', companyId: k.admin.companyId, companyName });
      expect(res.body.token).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.user).to.deep.include({ email: 'ines.vite@exemple.fr', firstname: 'Inès', name: 'Vité' });
      expect(res.body.user).to.not.have.property('password');
      expect(res.body.user.fk.companies).to.deep.equal([]);
      const request = res.body.request;
      expect(request).to.deep.include({
        status: 'pending', userEmail: 'ines.vite@exemple.fr', description: 'Je commence lundi.',
        providedInformation: { firstname: 'Inès', name: 'Vité', email: 'ines.vite@exemple.fr' },
      });
      expect(request.fk).to.deep.equal({ company: k.admin.companyId, invitation: inv._id, user: res.body.user._id, acceptedOrRejectedBy: null });
      invitee = { token: res.body.token, userId: res.body.user._id };
      requestId = request._id;
      // not a member, nothing counted
      expect((await k.http.get(`/api/kernel/users/${invitee.userId}`)).status).to.equal(404);
      expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(0);
      // the token works, and the page can follow the request
      const me = await k.anonymous.get('/api/auth/me', { token: invitee.token });
      expect(me.body.company).to.equal(null);
      const followed = await check(k, inv.key, invitee.token);
      expect(followed.body).to.deep.include({ alreadyInCompany: false, status: 'pending', requestId });
      // the administrators were told, in their company
      const told = notified('Nouvelle demande d’accès');
      expect(told.map((n) => n.fk.user)).to.deep.equal([k.admin.userId]);
      expect(told[0].eventCompany).to.equal(k.admin.companyId);
      expect(told[0].fk.company).to.equal(k.admin.companyId);
      expect(told[0].content).to.equal('Inès Vité (ines.vite@exemple.fr) demande à rejoindre l’entreprise avec l’invitation « Équipe cuisine ».\nMessage : Je commence lundi.');
    });

    it('refuses a second request while one is pending (409), and writes nothing', async function () {
      const before = await snapshotKernel(k.db);
      const again = await joinSignedIn(k, inv.key, invitee.token);
      expect(again.status).to.equal(409);
      expect(again.body.message).to.equal('Votre demande est déjà en attente de validation par l’entreprise.');
      expect(await snapshotKernel(k.db)).to.deep.equal(before);
    });

    it('the administrators see it among the requests, filtered by invitation and status', async function () {
      const list = await k.http.get('/api/kernel/invitation-requests', {
        query: { filters: { 'fk.invitation': { mode: 'eq', value: inv._id, valueIsObjectId: true }, status: { mode: 'eq', value: 'pending' } } },
      });
      expect(list.status).to.equal(200);
      expect(list.body.data.map((r: { _id: string }) => r._id)).to.deep.equal([requestId]);
      const one = await k.http.get(`/api/kernel/invitation-requests/${requestId}`);
      expect(one.body.status).to.equal('pending');
    });

    it('an administrator accepts: member with the roles, counter +1, who decided is kept, the requester is told', async function () {
      const res = await k.http.post(`/api/kernel/invitation-requests/${requestId}/accept`);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.status).to.equal('accepted');
      expect(res.body.fk.acceptedOrRejectedBy).to.equal(k.admin.userId);
      const user = await k.http.get(`/api/kernel/users/${invitee.userId}`);
      expect(user.status).to.equal(200);
      expect(user.body.roles).to.deep.equal([seller]);
      expect(user.body.fk.companies).to.deep.equal([k.admin.companyId]);
      expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(1);
      const told = notified('Demande acceptée');
      expect(told.map((n) => [n.fk.user, n.fk.company, n.eventCompany])).to.deep.equal([[invitee.userId, k.admin.companyId, k.admin.companyId]]);
      expect(told[0].content).to.equal(`Bienvenue chez ${companyName} : votre demande d’accès a été acceptée.`);
      // signing in now lands in the company, with the role's permission
      const s = await signIn(k, 'ines.vite@exemple.fr', INVITEE_PASSWORD);
      expect(s.companyId).to.equal(k.admin.companyId);
      expect((await s.http.get('/api/auth/me')).body.permissions).to.deep.equal(['kernel.users.read']);
      const page = await check(k, inv.key, invitee.token);
      expect(page.body).to.deep.include({ alreadyInCompany: true, status: 'accepted', requestId });
    });

    it('a decided request cannot be decided again (409)', async function () {
      for (const verb of ['accept', 'reject']) {
        const res = await k.http.post(`/api/kernel/invitation-requests/${requestId}/${verb}`);
        expect(res.status).to.equal(409);
        expect(res.body.message).to.equal('Cette demande a déjà été acceptée.');
      }
    });

    it('an administrator rejects: nothing granted, the requester is told in their own company, and may not ask again here', async function () {
      // a member of B asks
      const asked = await joinSignedIn(k, inv.key, b.member.token);
      expect(asked.status, JSON.stringify(asked.body)).to.equal(200);
      expect(asked.body.status).to.equal('pending');
      const res = await k.http.post(`/api/kernel/invitation-requests/${asked.body.request._id}/reject`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ status: 'rejected' });
      expect(res.body.fk.acceptedOrRejectedBy).to.equal(k.admin.userId);
      const told = notified('Demande refusée');
      expect(told.map((n) => [n.fk.user, n.eventCompany])).to.deep.equal([[b.member.userId, b.companyId]]);
      expect(told[0].content).to.equal(`Votre demande pour rejoindre ${companyName} n’a pas été acceptée.`);
      const me = await b.member.http.get('/api/auth/me');
      expect(me.body.user.fk.companies).to.deep.equal([b.companyId]);
      expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(1);
      const page = await check(k, inv.key, b.member.token);
      expect(page.body).to.deep.include({ alreadyInCompany: false, status: 'rejected' });
      const again = await joinSignedIn(k, inv.key, b.member.token);
      expect(again.status).to.equal(409);
      expect(again.body.message).to.match(/a été refusée : demandez une nouvelle invitation/);
    });

    it('accepting past maxUsage is refused (409) and grants nothing', async function () {
      const first = await joinWithAccount(k, inv.key, 'deuxieme@exemple.fr');
      const second = await joinWithAccount(k, inv.key, 'troisieme@exemple.fr');
      expect([first.status, second.status]).to.deep.equal([200, 200]);
      expect((await k.http.post(`/api/kernel/invitation-requests/${first.body.request._id}/accept`)).status).to.equal(200);
      const before = await snapshotKernel(k.db);
      const over = await k.http.post(`/api/kernel/invitation-requests/${second.body.request._id}/accept`);
      expect(over.status).to.equal(409);
      expect(over.body.message).to.equal('L’invitation « Équipe cuisine » a atteint son nombre maximal d’utilisations (2) : augmentez-le pour accepter cette demande.');
      expect(await snapshotKernel(k.db)).to.deep.equal(before);
      // and the link now turns newcomers away
      expect((await joinWithAccount(k, inv.key, 'quatrieme@exemple.fr')).status).to.equal(409);
    });
  });

  describe('joining without manual checking', function () {
    it('a signed-in person of another company joins at once with the roles; the administrators are told', async function () {
      const inv = await createInvitation(k, { name: 'Entrée libre', manualRequestChecking: false, fk: { roles: [seller] } });
      const owner = await signIn(k, b.owner.email, b.owner.password);
      const res = await joinSignedIn(k, inv.key, owner.token, { description: 'Coucou' });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.not.have.property('token');
      expect(res.body.status).to.equal('accepted');
      expect(res.body.request.fk.acceptedOrRejectedBy).to.equal(null);
      const me = await owner.http.get('/api/auth/me');
      expect(me.body.user.fk.companies).to.have.members([b.companyId, k.admin.companyId]);
      // still working in B; the new role counts in A only
      expect(me.body.company._id).to.equal(b.companyId);
      const inA = await owner.http.as(owner.token, k.admin.companyId).get('/api/auth/me');
      expect(inA.body.permissions).to.deep.equal(['kernel.users.read']);
      expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(1);
      const told = notified('Nouveau membre');
      expect(told.map((n) => [n.fk.user, n.eventCompany])).to.deep.equal([[k.admin.userId, k.admin.companyId]]);
      // and a member cannot use it again
      const again = await joinSignedIn(k, inv.key, owner.token);
      expect(again.status).to.equal(409);
      expect(again.body.message).to.equal(`Vous faites déjà partie de l’entreprise ${companyName}.`);
      // removed later, the person may come back through it
      expect((await k.http.delete(`/api/kernel/users/${owner.userId}`)).status).to.equal(204);
      expect((await joinSignedIn(k, inv.key, owner.token)).status).to.equal(200);
      expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(2);
    });

    it('refuses with a clear 4xx and writes nothing: inactive, existing e-mail, an account while signed in, nobody, bad input', async function () {
      const open = await createInvitation(k, { name: 'Ouverte', manualRequestChecking: false });
      const inactive = await createInvitation(k, { name: 'Désactivée', active: false });
      const account = (email: string, password = 'motdepasse-1') => ({ email, password });
      const before = await snapshotKernel(k.db);
      const cases: [() => ReturnType<typeof check>, number, RegExp][] = [
        [() => joinWithAccount(k, inactive.key, 'nouveau@exemple.fr'), 409, /^Cette invitation n’est plus active/],
        [() => joinWithAccount(k, open.key, 'ADMIN@comptoir.test'), 409, /^Un compte existe déjà avec cette adresse e-mail/],
        [() => joinSignedIn(k, open.key, k.admin.token, { account: account('x@exemple.fr') }), 400, /^Vous êtes déjà connecté/],
        [() => k.anonymous.post('/api/kernel/invitations/accept', { key: open.key }), 401, /^Connectez-vous ou créez un compte/],
        [() => k.anonymous.post('/api/kernel/invitations/accept', { key: open.key, account: account('court@exemple.fr', 'court') }), 400, /account\.password/],
        [() => k.anonymous.post('/api/kernel/invitations/accept', { key: open.key, account: account('pas-une-adresse') }), 400, /account\.email/],
        [() => k.anonymous.post('/api/kernel/invitations/accept', { key: 'A'.repeat(43), account: account('z@exemple.fr') }), 404, /^Invitation introuvable/],
        [() => k.anonymous.post('/api/kernel/invitations/accept', { key: open.key, description: 'x'.repeat(2001), account: account('long@exemple.fr') }), 400, /description/],
      ];
      for (const [send, status, message] of cases) {
        const res = await send();
        expect(res.status, JSON.stringify(res.body)).to.equal(status);
        expect(res.body.message).to.match(message);
      }
      expect(await snapshotKernel(k.db)).to.deep.equal(before);
    });
  });

  describe('tenant isolation', function () {
    it('another company’s administrator can neither see, nor decide, nor change A’s invitations and requests', async function () {
      const inv = await createInvitation(k, { name: 'Chez A' });
      const asked = await joinWithAccount(k, inv.key, 'isolation@exemple.fr');
      const requestId = asked.body.request._id as string;
      const bAdmin = b.owner.http;
      for (const [method, path] of [
        ['GET', `/api/kernel/invitations/${inv._id}`], ['PUT', `/api/kernel/invitations/${inv._id}`], ['DELETE', `/api/kernel/invitations/${inv._id}`],
        ['POST', `/api/kernel/invitations/${inv._id}/key`], ['GET', `/api/kernel/invitation-requests/${requestId}`],
        ['POST', `/api/kernel/invitation-requests/${requestId}/accept`], ['POST', `/api/kernel/invitation-requests/${requestId}/reject`],
      ]) {
        const res = await bAdmin.request(method, path, method === 'PUT' ? { name: 'Piratée' } : method === 'POST' ? {} : undefined);
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).to.equal(404);
      }
      const lists = [await bAdmin.get('/api/kernel/invitations'), await bAdmin.get('/api/kernel/invitation-requests')];
      for (const l of lists) {
        expect(l.status).to.equal(200);
        expect(JSON.stringify(l.body)).to.not.include(inv._id).and.not.include(k.admin.companyId);
      }
      const filtered = await bAdmin.get('/api/kernel/invitation-requests', { query: { filters: { 'fk.company': { mode: 'eq', value: k.admin.companyId } } } });
      expect(filtered.body.count).to.equal(0);
      const still = await k.http.get(`/api/kernel/invitation-requests/${requestId}`);
      expect(still.body.status).to.equal('pending');
      expect((await k.http.get(`/api/kernel/invitations/${inv._id}`)).body.name).to.equal('Chez A');
      // B's administrators are never told of A's requests
      expect(notified('Nouvelle demande d’accès').map((n) => n.fk.user)).to.not.include(b.owner.userId);
    });

    it('only A’s administrators are told of A’s requests, B’s of B’s', async function () {
      const ofB = await createInvitation(k, { name: 'Chez B' }, b.owner.http);
      sent.length = 0;
      expect((await joinWithAccount(k, ofB.key, 'vers.b@exemple.fr')).status).to.equal(200);
      const told = notified('Nouvelle demande d’accès');
      expect(told.map((n) => [n.fk.user, n.eventCompany])).to.deep.equal([[b.owner.userId, b.companyId]]);
    });
  });
});
