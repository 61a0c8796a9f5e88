/**
 * The activity log, roles, the company and its settings: each create, update and delete made through a kernel route writes
 * exactly one Activity per object changed (test/support/activities.ts; docs/architecture.md « Data
 * conventions »). Write-route coverage is checked in kernel-activities.test.ts.
 */
import { expect } from 'chai';
import jsonPatch from 'fast-json-patch';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { ACTIVITIES_NOW, mark, written, expectActivity, expectPatchReplays, type Doc } from '../support/activities.ts';

describe('kernel: activities — roles, the company and its settings', function () {
  let k: TestKernel;

  before(async function () {
    k = await createTestKernel({ now: () => ACTIVITIES_NOW });
  });
  after(async function () { await k?.stop(); });

  describe('roles', function () {
    let roleId: string;

    it('POST writes one « création » with the whole role', async function () {
      let res: { body: Doc; status: number } | undefined;
      const acts = await written(k, async () => { res = await k.http.post('/api/kernel/roles', { name: 'Comptables', permissions: ['kernel.users.read'] }); });
      mark('POST', '/api/kernel/roles');
      expect(res!.status).to.equal(201);
      roleId = res!.body._id as string;
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: roleId, objectType: 'kernel.roles', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/name', value: 'Comptables' });
      expect(patch).to.deep.include({ op: 'add', path: '/permissions', value: ['kernel.users.read'] });
      // and it is in the company's log
      const shown = await k.http.get(`/api/kernel/activities/${acts[0]._id}`);
      expect(shown.status).to.equal(200);
      expect(shown.body.data).to.deep.equal(acts[0].data);
      const listed = await k.http.get('/api/kernel/activities', { query: { filters: { 'fk.object': { mode: 'eq', value: roleId } } } });
      expect(listed.body.count).to.equal(1);
    });

    it('PUT writes one « modification » whose patch replaces /name with the new value', async function () {
      const before = (await k.http.get(`/api/kernel/roles/${roleId}`)).body;
      let after: Doc = {};
      const acts = await written(k, async () => { after = (await k.http.put(`/api/kernel/roles/${roleId}`, { name: 'Comptabilité' })).body; });
      mark('PUT', '/api/kernel/roles/:id');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: roleId, objectType: 'kernel.roles', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      expect(patch).to.deep.equal([{ op: 'replace', path: '/name', value: 'Comptabilité' }]);
      expectPatchReplays(before, after, patch);
    });

    it('PUT that changes nothing writes nothing', async function () {
      const acts = await written(k, async () => {
        const res = await k.http.put(`/api/kernel/roles/${roleId}`, { name: 'Comptabilité', permissions: ['kernel.users.read'] });
        expect(res.status).to.equal(200);
      });
      expect(acts).to.deep.equal([]);
    });

    it('DELETE writes one « suppression » removing every field', async function () {
      const acts = await written(k, async () => { expect((await k.http.delete(`/api/kernel/roles/${roleId}`)).status).to.equal(204); });
      mark('DELETE', '/api/kernel/roles/:id');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: roleId, objectType: 'kernel.roles', by: k.admin.userId, company: k.admin.companyId, verb: 'suppression' });
      expect(patch.every((op) => op.op === 'remove')).to.equal(true);
      expect(patch).to.deep.include({ op: 'remove', path: '/name' });
      expect(jsonPatch.applyPatch({ name: 'x', permissions: [], mode: 'company', god: false, _id: roleId, metadata: {}, fk: {} }, patch).newDocument).to.deep.equal({});
    });
  });

  describe('the company and its settings', function () {
    it('PUT /api/kernel/companies/:id writes one activity in the company’s own log', async function () {
      const before = (await k.http.get(`/api/kernel/companies/${k.admin.companyId}`)).body;
      let after: Doc = {};
      const acts = await written(k, async () => {
        after = (await k.http.put(`/api/kernel/companies/${k.admin.companyId}`, { name: 'Boulangerie Martin SARL', capital: 7500.5 })).body;
      });
      mark('PUT', '/api/kernel/companies/:id');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], {
        object: k.admin.companyId, objectType: 'kernel.companies', by: k.admin.userId, company: k.admin.companyId, verb: 'modification',
      });
      expect(patch).to.deep.include({ op: 'replace', path: '/name', value: 'Boulangerie Martin SARL' });
      expect(patch).to.deep.include({ op: 'add', path: '/capital', value: 7500.5 });
      expectPatchReplays(before, after, patch);
      const log = await k.http.get('/api/kernel/activities', { query: { filters: { objectType: { mode: 'eq', value: 'kernel.companies' } } } });
      expect(log.body.data.map((a: { _id: string }) => a._id)).to.include(acts[0]._id);
      const same = await written(k, async () => k.http.put(`/api/kernel/companies/${k.admin.companyId}`, { name: 'Boulangerie Martin SARL' }));
      expect(same).to.deep.equal([]);
    });

    it('DELETE /api/kernel/companies/:id is refused (409) and writes nothing', async function () {
      const acts = await written(k, async () => {
        const res = await k.http.delete(`/api/kernel/companies/${k.admin.companyId}`);
        expect(res.status).to.equal(409);
        expect(res.body.message).to.match(/conservés 10 ans/);
      });
      mark('DELETE', '/api/kernel/companies/:id');
      expect(acts).to.deep.equal([]);
    });

    it('PUT /api/kernel/company-settings writes one activity', async function () {
      const before = (await k.http.get('/api/kernel/company-settings')).body;
      let after: Doc = {};
      const acts = await written(k, async () => { after = (await k.http.put('/api/kernel/company-settings', { defaultPhoneNumberCountryCode: 'BE' })).body; });
      mark('PUT', '/api/kernel/company-settings');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], {
        object: before._id, objectType: 'kernel.company-settings', by: k.admin.userId, company: k.admin.companyId, verb: 'modification',
      });
      expect(patch).to.deep.equal([{ op: 'replace', path: '/defaultPhoneNumberCountryCode', value: 'BE' }]);
      expectPatchReplays(before, after, patch);
    });

    it('PUT /api/kernel/smtp-settings writes one activity each time, the password masked', async function () {
      let id = '';
      const created = await written(k, async () => {
        const res = await k.http.put('/api/kernel/smtp-settings', { host: 'smtp.exemple.fr', auth: { user: 'boulangerie', pass: 'mot-de-passe-smtp-1' } });
        id = res.body._id;
      });
      mark('PUT', '/api/kernel/smtp-settings');
      expect(created).to.have.length(1);
      const first = expectActivity(created[0], { object: id, objectType: 'kernel.smtp-settings', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(first).to.deep.include({ op: 'add', path: '/auth', value: { user: 'boulangerie', pass: '(masqué)' } });
      const changed = await written(k, async () => k.http.put('/api/kernel/smtp-settings', { host: 'smtp.exemple.fr', auth: { user: 'boulangerie', pass: 'mot-de-passe-smtp-2' } }));
      expect(changed).to.have.length(1);
      const second = expectActivity(changed[0], { object: id, objectType: 'kernel.smtp-settings', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      expect(second).to.deep.equal([{ op: 'replace', path: '/auth/pass', value: '(masqué)' }]);
      const log = await k.http.get('/api/kernel/activities', { query: { pagination: { quantity: 500 } } });
      expect(JSON.stringify(log.body)).to.not.match(/mot-de-passe-smtp/);
      const raw = JSON.stringify(await k.db('kernel_activities').select('data'));
      expect(raw).to.not.match(/mot-de-passe-smtp/);
    });

    it('POST /api/kernel/smtp-settings/test writes no activity until a message is delivered (emailSent: kernel-mail)', async function () {
      // a closed local port: the delivery fails at once and is left pending for a retry
      await k.http.put('/api/kernel/smtp-settings', { host: '127.0.0.1', port: 9, secure: false });
      const acts = await written(k, async () => {
        const res = await k.http.post('/api/kernel/smtp-settings/test');
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        await k.kernel.mailer.drain();
        const row = await k.db('kernel_mail_queue').where('_id', res.body._id).first();
        expect(row).to.include({ status: 'pending', attempts: 1 });
      });
      mark('POST', '/api/kernel/smtp-settings/test');
      expect(acts).to.deep.equal([]);
    });

    it('PUT /api/kernel/server-settings writes one activity with no company', async function () {
      const before = (await k.http.get('/api/kernel/server-settings')).body;
      let after: Doc = {};
      const acts = await written(k, async () => { after = (await k.http.put('/api/kernel/server-settings', { globalPermissions: { allowUserRegistration: true } })).body; });
      mark('PUT', '/api/kernel/server-settings');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: before._id, objectType: 'kernel.server-settings', by: k.admin.userId, company: null, verb: 'modification' });
      expect(patch).to.deep.equal([{ op: 'replace', path: '/globalPermissions/allowUserRegistration', value: true }]);
      expectPatchReplays(before, after, patch);
      expect(await written(k, async () => k.http.put('/api/kernel/server-settings', { globalPermissions: { allowUserRegistration: true } }))).to.deep.equal([]);
    });
  });
});
