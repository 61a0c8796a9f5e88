/**
 * The activity log, users and the companies they create: each create, update and delete made through a kernel route writes
 * exactly one Activity per object changed (test/support/activities.ts; docs/architecture.md « Data
 * conventions »). Write-route coverage is checked in kernel-activities.test.ts.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, signIn, type Account } from '../support/kernel.ts';
import { ACTIVITIES_NOW, mark, written, expectActivity, expectPatchReplays, type Doc } from '../support/activities.ts';

describe('kernel: activities — users and the companies they create', function () {
  let k: TestKernel;

  before(async function () {
    k = await createTestKernel({ now: () => ACTIVITIES_NOW });
  });
  after(async function () { await k?.stop(); });

  describe('users', function () {
    let member: Account;

    it('POST /api/kernel/users writes one « création » for the account and one for its profile', async function () {
      let userId = '';
      const acts = await written(k, async () => {
        const res = await k.http.post('/api/kernel/users', { email: 'lea.durand@exemple.fr', password: 'motdepasse-lea-1', firstname: 'Léa' });
        expect(res.status).to.equal(201);
        userId = res.body._id;
      });
      mark('POST', '/api/kernel/users');
      expect(acts.map((a) => a.objectType)).to.deep.equal(['kernel.users', 'kernel.user-company-profiles']);
      const user = expectActivity(acts[0], { object: userId, objectType: 'kernel.users', by: k.admin.userId, company: null, verb: 'création' });
      expect(user).to.deep.include({ op: 'add', path: '/email', value: 'lea.durand@exemple.fr' });
      expect(user).to.deep.include({ op: 'add', path: '/fk', value: { companies: [k.admin.companyId] } });
      expect(user).to.deep.include({ op: 'add', path: '/password', value: '(masqué)' });
      expect(JSON.stringify(acts)).to.not.include('$argon2');
      const profile = expectActivity(acts[1], {
        object: acts[1].fk.object!, objectType: 'kernel.user-company-profiles', by: k.admin.userId, company: k.admin.companyId, verb: 'création',
      });
      expect(profile).to.deep.include({ op: 'add', path: '/fk', value: { company: k.admin.companyId, user: userId } });
      member = await signIn(k, 'lea.durand@exemple.fr', 'motdepasse-lea-1');
    });

    it('PUT /api/kernel/users/:id (own account) writes one activity, none when nothing changes', async function () {
      const before = (await member.http.get(`/api/kernel/users/${member.userId}`)).body;
      let after: Doc = {};
      const acts = await written(k, async () => { after = (await member.http.put(`/api/kernel/users/${member.userId}`, { firstname: 'Léa-Rose' })).body; });
      mark('PUT', '/api/kernel/users/:id');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: member.userId, objectType: 'kernel.users', by: member.userId, company: null, verb: 'modification' });
      expect(patch).to.deep.equal([{ op: 'replace', path: '/firstname', value: 'Léa-Rose' }]);
      expectPatchReplays(before, after, patch);
      expect(await written(k, async () => member.http.put(`/api/kernel/users/${member.userId}`, { firstname: 'Léa-Rose' }))).to.deep.equal([]);
    });

    it('PUT /api/kernel/profile writes one activity on the profile', async function () {
      const before = (await member.http.get('/api/kernel/profile')).body;
      let after: Doc = {};
      const acts = await written(k, async () => { after = (await member.http.put('/api/kernel/profile', { alias: 'Léa de l’accueil' })).body; });
      mark('PUT', '/api/kernel/profile');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], {
        object: before._id, objectType: 'kernel.user-company-profiles', by: member.userId, company: k.admin.companyId, verb: 'modification',
      });
      expect(patch).to.deep.equal([{ op: 'add', path: '/alias', value: 'Léa de l’accueil' }]);
      expectPatchReplays(before, after, patch);
    });

    it('PUT /api/kernel/users/:id/roles writes one activity on the account, in the company that granted', async function () {
      const role = await k.http.post('/api/kernel/roles', { name: 'Caisse' });
      const acts = await written(k, async () => k.http.put(`/api/kernel/users/${member.userId}/roles`, { roles: [role.body._id] }));
      mark('PUT', '/api/kernel/users/:id/roles');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: member.userId, objectType: 'kernel.users', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      expect(patch).to.deep.equal([{ op: 'add', path: '/roles/0', value: role.body._id }]);
      expect(await written(k, async () => k.http.put(`/api/kernel/users/${member.userId}/roles`, { roles: [role.body._id] }))).to.deep.equal([]);
    });

    it('POST /api/kernel/users/:id/password changes the password and writes one masked activity', async function () {
      const acts = await written(k, async () => {
        const res = await member.http.post(`/api/kernel/users/${member.userId}/password`, { currentPassword: 'motdepasse-lea-1', newPassword: 'nouveau-lea-2' });
        expect(res.status).to.equal(204);
      });
      mark('POST', '/api/kernel/users/:id/password');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: member.userId, objectType: 'kernel.users', by: member.userId, company: null, verb: 'modification' });
      expect(patch).to.deep.equal([{ op: 'replace', path: '/password', value: '(masqué)' }]);
      // the change is real: the new password signs in, the old one does not
      expect((await k.anonymous.post('/api/auth/login', { email: member.email, password: 'nouveau-lea-2' })).status).to.equal(200);
      expect((await k.anonymous.post('/api/auth/login', { email: member.email, password: 'motdepasse-lea-1' })).status).to.equal(401);
      // a wrong current password changes nothing
      const wrong = await written(k, async () => {
        const res = await member.http.post(`/api/kernel/users/${member.userId}/password`, { currentPassword: 'faux', newPassword: 'encore-autre-3' });
        expect(res.status).to.equal(400);
      });
      expect(wrong).to.deep.equal([]);
    });

    it('DELETE /api/kernel/users/:id writes one activity on the account and one removing the profile', async function () {
      const acts = await written(k, async () => { expect((await k.http.delete(`/api/kernel/users/${member.userId}`)).status).to.equal(204); });
      mark('DELETE', '/api/kernel/users/:id');
      expect(acts.map((a) => [a.objectType, a.tags[0]])).to.deep.equal([
        ['kernel.users', 'modification'], ['kernel.user-company-profiles', 'suppression'],
      ]);
      const patch = expectActivity(acts[0], { object: member.userId, objectType: 'kernel.users', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      expect(patch).to.deep.include({ op: 'remove', path: '/fk/companies/0' });
      expectActivity(acts[1], { object: acts[1].fk.object!, objectType: 'kernel.user-company-profiles', by: k.admin.userId, company: k.admin.companyId, verb: 'suppression' });
    });
  });

  describe('companies created by a user', function () {
    it('POST /api/kernel/companies writes one « création » per object it creates, each in the new company', async function () {
      const founder = await createMember(k, 'fondateur@exemple.fr');
      let companyId = '';
      const acts = await written(k, async () => {
        const res = await founder.http.post('/api/kernel/companies', { name: 'Atelier Nouveau', capital: 1000 });
        expect(res.status).to.equal(201);
        companyId = res.body._id;
      });
      mark('POST', '/api/kernel/companies');
      expect(acts.map((a) => `${a.objectType} ${a.tags[0]}`).sort()).to.deep.equal([
        'kernel.companies création', 'kernel.company-settings création', 'kernel.roles création',
        'kernel.user-company-profiles création', 'kernel.users modification',
      ]);
      for (const a of acts) {
        expect(a.by).to.equal(founder.userId);
        // the membership change of the account is filed in the company it joins
        expect(a.fk.company, a.objectType).to.equal(companyId);
      }
      // one activity per object
      expect(new Set(acts.map((a) => a.fk.object)).size).to.equal(acts.length);
      const company = acts.find((a) => a.objectType === 'kernel.companies')!;
      expect(company.data).to.deep.include({ op: 'add', path: '/name', value: 'Atelier Nouveau' });
      // the founder sees them in the new company's log
      const log = await founder.http.as(founder.token, companyId).get('/api/kernel/activities');
      expect(log.body.count).to.equal(5);
    });
  });
});
