/**
 * The activity log (docs/architecture.md « Data conventions »): every create, update and delete made through a kernel route writes
 * exactly one Activity per object changed, of type jsonPatch, with the RFC 6902 patch of the change
 * (hidden values masked), its author, its company and its object type. Updates that change nothing
 * and reads write none.
 */
import { expect } from 'chai';
import jsonPatch, { type Operation } from 'fast-json-patch';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import type { Activity } from '@comptoir/schemas';
import { decodeRow } from '../../server/src/db/record-codec.ts';
import { Activities } from '../../server/src/entities/platform.ts';
import sharp from 'sharp';
import { KERNEL_ROUTES, createMember, fillPath, signIn, uploadSampleFile, type Account } from '../support/kernel.ts';
import { senderOf, upload } from '../support/upload.ts';

type Doc = Record<string, unknown>;

describe('kernel: activities', function () {
  const now = new Date(Date.UTC(2026, 5, 15, 12, 30));
  let k: TestKernel;
  const exercised = new Set<string>();
  const mark = (method: string, path: string) => exercised.add(`${method} ${path}`);

  before(async function () {
    k = await createTestKernel({ now: () => now });
  });
  after(async function () { await k?.stop(); });

  /** The activities written while `fn` runs, oldest first, as the API shows them. */
  async function written(fn: () => Promise<unknown>): Promise<Activity[]> {
    const before = new Set((await k.db('kernel_activities').select('_id')).map((r: { _id: string }) => r._id));
    await fn();
    const rows = await k.db('kernel_activities').select('*').orderBy('_id');
    return rows.filter((r: { _id: string }) => !before.has(r._id)).map((r: Doc) => decodeRow<Activity>(Activities, r));
  }

  /** Checks the common shape and answers the patch. */
  function expectActivity(a: Activity, o: { object: string; objectType: string; by: string | null; company: string | null; verb: string }): Operation[] {
    expect(a.type).to.equal('jsonPatch');
    expect(a.fk.object).to.equal(o.object);
    expect(a.objectType).to.equal(o.objectType);
    expect(a.by).to.equal(o.by);
    expect(a.fk.by).to.equal(o.by);
    expect(a.fk.company).to.equal(o.company);
    expect(a.fk.companies).to.deep.equal(o.company ? [o.company] : []);
    expect(a.tags).to.deep.equal([o.verb]);
    expect(a.date).to.equal(now.toISOString());
    const patch = a.data as Operation[];
    expect(patch).to.be.an('array');
    expect(patch.length).to.be.above(0);
    // a well-formed RFC 6902 document
    expect(jsonPatch.validate(patch)).to.equal(undefined);
    return patch;
  }

  /** Applying the patch of an update to the state before gives the state after (metadata aside). */
  function expectPatchReplays(before: Doc, after: Doc, patch: Operation[]) {
    const strip = (d: Doc) => { const { metadata: _m, nextNumbers: _n, ...rest } = d; void _m; void _n; return rest; };
    const replayed = jsonPatch.applyPatch(structuredClone(strip(before)), structuredClone(patch), true, false).newDocument;
    expect(replayed).to.deep.equal(strip(after));
  }

  describe('roles', function () {
    let roleId: string;

    it('POST writes one « création » with the whole role', async function () {
      let res: { body: Doc; status: number } | undefined;
      const acts = await written(async () => { res = await k.http.post('/api/kernel/roles', { name: 'Comptables', permissions: ['kernel.users.read'] }); });
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
      const acts = await written(async () => { after = (await k.http.put(`/api/kernel/roles/${roleId}`, { name: 'Comptabilité' })).body; });
      mark('PUT', '/api/kernel/roles/:id');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: roleId, objectType: 'kernel.roles', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      expect(patch).to.deep.equal([{ op: 'replace', path: '/name', value: 'Comptabilité' }]);
      expectPatchReplays(before, after, patch);
    });

    it('PUT that changes nothing writes nothing', async function () {
      const acts = await written(async () => {
        const res = await k.http.put(`/api/kernel/roles/${roleId}`, { name: 'Comptabilité', permissions: ['kernel.users.read'] });
        expect(res.status).to.equal(200);
      });
      expect(acts).to.deep.equal([]);
    });

    it('DELETE writes one « suppression » removing every field', async function () {
      const acts = await written(async () => { expect((await k.http.delete(`/api/kernel/roles/${roleId}`)).status).to.equal(204); });
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
      const acts = await written(async () => {
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
      const same = await written(async () => k.http.put(`/api/kernel/companies/${k.admin.companyId}`, { name: 'Boulangerie Martin SARL' }));
      expect(same).to.deep.equal([]);
    });

    it('DELETE /api/kernel/companies/:id is refused (409) and writes nothing', async function () {
      const acts = await written(async () => {
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
      const acts = await written(async () => { after = (await k.http.put('/api/kernel/company-settings', { defaultPhoneNumberCountryCode: 'BE' })).body; });
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
      const created = await written(async () => {
        const res = await k.http.put('/api/kernel/smtp-settings', { host: 'smtp.exemple.fr', auth: { user: 'boulangerie', pass: 'mot-de-passe-smtp-1' } });
        id = res.body._id;
      });
      mark('PUT', '/api/kernel/smtp-settings');
      expect(created).to.have.length(1);
      const first = expectActivity(created[0], { object: id, objectType: 'kernel.smtp-settings', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(first).to.deep.include({ op: 'add', path: '/auth', value: { user: 'boulangerie', pass: '(masqué)' } });
      const changed = await written(async () => k.http.put('/api/kernel/smtp-settings', { host: 'smtp.exemple.fr', auth: { user: 'boulangerie', pass: 'mot-de-passe-smtp-2' } }));
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
      const acts = await written(async () => {
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
      const acts = await written(async () => { after = (await k.http.put('/api/kernel/server-settings', { globalPermissions: { allowUserRegistration: true } })).body; });
      mark('PUT', '/api/kernel/server-settings');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: before._id, objectType: 'kernel.server-settings', by: k.admin.userId, company: null, verb: 'modification' });
      expect(patch).to.deep.equal([{ op: 'replace', path: '/globalPermissions/allowUserRegistration', value: true }]);
      expectPatchReplays(before, after, patch);
      expect(await written(async () => k.http.put('/api/kernel/server-settings', { globalPermissions: { allowUserRegistration: true } }))).to.deep.equal([]);
    });
  });

  describe('users', function () {
    let member: Account;

    it('POST /api/kernel/users writes one « création » for the account and one for its profile', async function () {
      let userId = '';
      const acts = await written(async () => {
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
      const acts = await written(async () => { after = (await member.http.put(`/api/kernel/users/${member.userId}`, { firstname: 'Léa-Rose' })).body; });
      mark('PUT', '/api/kernel/users/:id');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: member.userId, objectType: 'kernel.users', by: member.userId, company: null, verb: 'modification' });
      expect(patch).to.deep.equal([{ op: 'replace', path: '/firstname', value: 'Léa-Rose' }]);
      expectPatchReplays(before, after, patch);
      expect(await written(async () => member.http.put(`/api/kernel/users/${member.userId}`, { firstname: 'Léa-Rose' }))).to.deep.equal([]);
    });

    it('PUT /api/kernel/profile writes one activity on the profile', async function () {
      const before = (await member.http.get('/api/kernel/profile')).body;
      let after: Doc = {};
      const acts = await written(async () => { after = (await member.http.put('/api/kernel/profile', { alias: 'Léa de l’accueil' })).body; });
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
      const acts = await written(async () => k.http.put(`/api/kernel/users/${member.userId}/roles`, { roles: [role.body._id] }));
      mark('PUT', '/api/kernel/users/:id/roles');
      expect(acts).to.have.length(1);
      const patch = expectActivity(acts[0], { object: member.userId, objectType: 'kernel.users', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      expect(patch).to.deep.equal([{ op: 'add', path: '/roles/0', value: role.body._id }]);
      expect(await written(async () => k.http.put(`/api/kernel/users/${member.userId}/roles`, { roles: [role.body._id] }))).to.deep.equal([]);
    });

    it('POST /api/kernel/users/:id/password changes the password and writes one masked activity', async function () {
      const acts = await written(async () => {
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
      const wrong = await written(async () => {
        const res = await member.http.post(`/api/kernel/users/${member.userId}/password`, { currentPassword: 'faux', newPassword: 'encore-autre-3' });
        expect(res.status).to.equal(400);
      });
      expect(wrong).to.deep.equal([]);
    });

    it('DELETE /api/kernel/users/:id writes one activity on the account and one removing the profile', async function () {
      const acts = await written(async () => { expect((await k.http.delete(`/api/kernel/users/${member.userId}`)).status).to.equal(204); });
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
      const acts = await written(async () => {
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

  describe('access tokens and sessions', function () {
    it('POST and DELETE /api/kernel/access-tokens write one activity each, the token hash masked', async function () {
      let id = '';
      const created = await written(async () => { id = (await k.http.post('/api/kernel/access-tokens', { name: 'Export' })).body._id; });
      mark('POST', '/api/kernel/access-tokens');
      expect(created).to.have.length(1);
      const patch = expectActivity(created[0], { object: id, objectType: 'kernel.access-tokens', by: k.admin.userId, company: null, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/tokenHash', value: '(masqué)' });
      const deleted = await written(async () => k.http.delete(`/api/kernel/access-tokens/${id}`));
      mark('DELETE', '/api/kernel/access-tokens/:id');
      expect(deleted).to.have.length(1);
      expectActivity(deleted[0], { object: id, objectType: 'kernel.access-tokens', by: k.admin.userId, company: null, verb: 'suppression' });
    });

    it('POST, PUT and DELETE /api/kernel/establishments write one activity each in the company', async function () {
      let id = '';
      const created = await written(async () => { id = (await k.http.post('/api/kernel/establishments', { name: 'Boutique', regularHours: [{ days: ['MONDAY'] }] })).body._id; });
      mark('POST', '/api/kernel/establishments');
      expect(created).to.have.length(1);
      const patch = expectActivity(created[0], { object: id, objectType: 'kernel.establishments', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/regularHours', value: [{ days: ['MONDAY'], openTimes: [{ start: { hours: 9, minutes: 0 }, end: { hours: 17, minutes: 0 } }] }] });
      const before = (await k.http.get(`/api/kernel/establishments/${id}`)).body;
      let after: Doc = {};
      const updated = await written(async () => { after = (await k.http.put(`/api/kernel/establishments/${id}`, { website: 'https://exemple.fr' })).body; });
      mark('PUT', '/api/kernel/establishments/:id');
      expect(updated).to.have.length(1);
      expectPatchReplays(before, after, expectActivity(updated[0], { object: id, objectType: 'kernel.establishments', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }));
      const deleted = await written(async () => k.http.delete(`/api/kernel/establishments/${id}`));
      mark('DELETE', '/api/kernel/establishments/:id');
      expect(deleted).to.have.length(1);
      expectActivity(deleted[0], { object: id, objectType: 'kernel.establishments', by: k.admin.userId, company: k.admin.companyId, verb: 'suppression' });
    });

    it('POST, PUT and DELETE /api/kernel/groups and PUT /api/kernel/group-settings write one activity each in the company', async function () {
      let id = '';
      const created = await written(async () => { id = (await k.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.establishments', name: 'Magasins', color: '#2f9e44' })).body._id; });
      mark('POST', '/api/kernel/groups');
      expect(created).to.have.length(1);
      const patch = expectActivity(created[0], { object: id, objectType: 'kernel.groups', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/pluginIdentifier', value: 'kernel.establishments' });
      const before = (await k.http.get(`/api/kernel/groups/${id}`)).body;
      let after: Doc = {};
      const updated = await written(async () => { after = (await k.http.put(`/api/kernel/groups/${id}`, { name: 'Boutiques' })).body; });
      mark('PUT', '/api/kernel/groups/:id');
      expect(updated).to.have.length(1);
      expectPatchReplays(before, after, expectActivity(updated[0], { object: id, objectType: 'kernel.groups', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }));
      const deleted = await written(async () => k.http.delete(`/api/kernel/groups/${id}`));
      mark('DELETE', '/api/kernel/groups/:id');
      expect(deleted).to.have.length(1);
      expectActivity(deleted[0], { object: id, objectType: 'kernel.groups', by: k.admin.userId, company: k.admin.companyId, verb: 'suppression' });
      let settingsId = '';
      const settings = await written(async () => { settingsId = (await k.http.put('/api/kernel/group-settings', { pluginIdentifier: 'kernel.establishments', multi: false })).body._id; });
      mark('PUT', '/api/kernel/group-settings');
      expect(settings).to.have.length(1);
      const settingsPatch = expectActivity(settings[0], { object: settingsId, objectType: 'kernel.group-settings', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(settingsPatch).to.deep.include({ op: 'add', path: '/multi', value: false });
      const changed = await written(async () => k.http.put('/api/kernel/group-settings', { pluginIdentifier: 'kernel.establishments', maxDepth: 2 }));
      expect(changed).to.have.length(1);
      expect(expectActivity(changed[0], { object: settingsId, objectType: 'kernel.group-settings', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }))
        .to.deep.equal([{ op: 'replace', path: '/maxDepth', value: 2 }]);
    });

    it('backups write no activity: they belong to no company, and the Backup record says who and when', async function () {
      let id = '';
      const acts = await written(async () => {
        const made = await k.http.post('/api/kernel/backups', {});
        expect(made.status, JSON.stringify(made.body)).to.equal(201);
        expect(made.body.metadata.createdBy).to.equal(k.admin.userId);
        id = made.body._id;
        expect((await k.http.delete(`/api/kernel/backups/${id}`)).status).to.equal(204);
      });
      mark('POST', '/api/kernel/backups');
      mark('DELETE', '/api/kernel/backups/:id');
      expect(acts).to.deep.equal([]);
    });

    it('notifications write no activity (messages, not audited records); preferences are a change of the user', async function () {
      const send = (body: Doc) => k.http.post('/api/kernel/notifications', { recipients: [k.admin.userId], liveOnly: false, ...body });
      const acts = await written(async () => {
        const one = (await send({ title: 'Sans trace', choices: [{ title: 'OK' }] })).body.data[0]._id;
        const two = (await send({ title: 'Pour tous', choices: [{ title: 'Fait', clearNotificationForAll: true }] })).body.data[0]._id;
        expect((await k.http.post(`/api/kernel/notifications/${one}/read`)).status).to.equal(200);
        expect((await k.http.post(`/api/kernel/notifications/${one}/unread`)).status).to.equal(200);
        expect((await k.http.post('/api/kernel/notifications/read')).body.count).to.equal(2);
        expect((await k.http.post(`/api/kernel/notifications/${two}/choose`, { choice: 0 })).status).to.equal(200);
        expect((await k.http.delete(`/api/kernel/notifications/${one}`)).status).to.equal(204);
      });
      for (const [method, path] of [['POST', ''], ['POST', '/:id/read'], ['POST', '/:id/unread'], ['POST', '/read'], ['POST', '/:id/choose'], ['DELETE', '/:id']]) {
        mark(method, `/api/kernel/notifications${path}`);
      }
      expect(acts).to.deep.equal([]);
      const prefs = await written(async () => {
        const res = await k.http.put('/api/kernel/notification-preferences', { preferences: [{ pushNotification: 'kernel.messages', email: false }] });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
      });
      mark('PUT', '/api/kernel/notification-preferences');
      expect(prefs).to.have.length(1);
      const patch = expectActivity(prefs[0], { object: k.admin.userId, objectType: 'kernel.users', by: k.admin.userId, company: null, verb: 'modification' });
      expect(patch[0]).to.deep.include({ path: '/pushNotificationsSettings/0' });
    });

    it('uploading, editing and deleting a File write one activity each; my avatar one on my account, the company logo one on the company', async function () {
      let id = '';
      const png = { name: 'logo.png', type: 'image/png', data: await sharp({ create: { width: 4, height: 4, channels: 4, background: '#fff0' } }).png().toBuffer() };
      const created = await written(async () => { id = (await upload(senderOf(k), [png], { name: 'Logo' })).body._id; });
      mark('POST', '/api/kernel/files');
      expect(created).to.have.length(1);
      const patch = expectActivity(created[0], { object: id, objectType: 'kernel.files', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/size', value: png.data.length });
      const before = (await k.http.get(`/api/kernel/files/${id}`)).body;
      let after: Doc = {};
      const updated = await written(async () => { after = (await k.http.put(`/api/kernel/files/${id}`, { description: 'Le logo' })).body; });
      mark('PUT', '/api/kernel/files/:id');
      expectPatchReplays(before, after, expectActivity(updated[0], { object: id, objectType: 'kernel.files', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }));
      const deleted = await written(async () => k.http.delete(`/api/kernel/files/${id}`));
      mark('DELETE', '/api/kernel/files/:id');
      expect(deleted).to.have.length(1);
      expectActivity(deleted[0], { object: id, objectType: 'kernel.files', by: k.admin.userId, company: k.admin.companyId, verb: 'suppression' });
      for (const [verb, send] of [
        ['POST', () => upload(senderOf(k), [png], {}, '/api/kernel/avatar')],
        ['DELETE', () => k.http.delete('/api/kernel/avatar')],
      ] as const) {
        const acts = await written(async () => expect((await send()).status).to.equal(200));
        mark(verb, '/api/kernel/avatar');
        expect(acts).to.have.length(1);
        expectActivity(acts[0], { object: k.admin.userId, objectType: 'kernel.users', by: k.admin.userId, company: null, verb: 'modification' });
      }
      // the company's logo: one modification of the company
      for (const [verb, send] of [
        ['POST', () => upload(senderOf(k), [png], {}, '/api/kernel/company/logo')],
        ['DELETE', () => k.http.delete('/api/kernel/company/logo')],
      ] as const) {
        const acts = await written(async () => expect((await send()).status).to.equal(200));
        mark(verb, '/api/kernel/company/logo');
        expect(acts).to.have.length(1);
        expectActivity(acts[0], { object: k.admin.companyId, objectType: 'kernel.companies', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      }
    });

    it('POST, PUT, DELETE /api/kernel/user-props and PUT …/usage write one activity each', async function () {
      let id = '';
      const created = await written(async () => {
        id = (await k.http.post('/api/kernel/user-props', { name: 'Surface', variable: 'surface', pluginIdentifier: 'kernel.establishments', type: 'number', server: true, allowCompaniesToUseThisProperty: true })).body._id;
      });
      mark('POST', '/api/kernel/user-props');
      expect(created).to.have.length(1);
      // a server property belongs to no company
      const patch = expectActivity(created[0], { object: id, objectType: 'kernel.user-props', by: k.admin.userId, company: null, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/defaultValue', value: 0 });
      const before = (await k.http.get(`/api/kernel/user-props/${id}`)).body;
      let after: Doc = {};
      const updated = await written(async () => { after = (await k.http.put(`/api/kernel/user-props/${id}`, { name: 'Surface (m²)' })).body; });
      mark('PUT', '/api/kernel/user-props/:id');
      expect(updated).to.have.length(1);
      expectPatchReplays(before, after, expectActivity(updated[0], { object: id, objectType: 'kernel.user-props', by: k.admin.userId, company: null, verb: 'modification' }));
      // a company taking it up: filed in that company's log
      const used = await written(async () => k.http.put(`/api/kernel/user-props/${id}/usage`, { used: true }));
      mark('PUT', '/api/kernel/user-props/:id/usage');
      expect(used).to.have.length(1);
      expectActivity(used[0], { object: id, objectType: 'kernel.user-props', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      const deleted = await written(async () => k.http.delete(`/api/kernel/user-props/${id}`));
      mark('DELETE', '/api/kernel/user-props/:id');
      expect(deleted).to.have.length(1);
      expectActivity(deleted[0], { object: id, objectType: 'kernel.user-props', by: k.admin.userId, company: null, verb: 'suppression' });
    });

    it('signing in and out and revoking sessions write no activity (sessions are not audited objects)', async function () {
      const acts = await written(async () => {
        const s = await signIn(k, 'admin@comptoir.test', 'motdepasse-admin-1');
        const other = await signIn(k, 'admin@comptoir.test', 'motdepasse-admin-1');
        const id = (await other.http.get('/api/auth/me')).body.session._id;
        expect((await s.http.delete(`/api/kernel/sessions/${id}`)).status).to.equal(204);
        expect((await s.http.post('/api/auth/logout')).status).to.equal(204);
      });
      mark('POST', '/api/auth/login');
      mark('POST', '/api/auth/logout');
      mark('DELETE', '/api/kernel/sessions/:id');
      expect(acts).to.deep.equal([]);
    });
  });

  describe('invitations', function () {
    let invitationId = '';
    let key = '';
    const types = (acts: Activity[]) => acts.map((a) => [a.objectType, a.tags[0]]);

    it('POST, PUT and a new link of /api/kernel/invitations write one activity each, the key hash masked', async function () {
      const created = await written(async () => {
        const res = await k.http.post('/api/kernel/invitations', { name: 'Vendeurs', maxUsage: 2 });
        invitationId = res.body._id;
        key = res.body.key;
      });
      mark('POST', '/api/kernel/invitations');
      expect(created).to.have.length(1);
      const patch = expectActivity(created[0], { object: invitationId, objectType: 'kernel.invitations', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/keyHash', value: '(masqué)' });
      expect(JSON.stringify(created)).to.not.include(key);
      const updated = await written(async () => k.http.put(`/api/kernel/invitations/${invitationId}`, { name: 'Vendeuses' }));
      mark('PUT', '/api/kernel/invitations/:id');
      expect(expectActivity(updated[0], { object: invitationId, objectType: 'kernel.invitations', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }))
        .to.deep.equal([{ op: 'replace', path: '/name', value: 'Vendeuses' }]);
      const renewed = await written(async () => { key = (await k.http.post(`/api/kernel/invitations/${invitationId}/key`)).body.key; });
      mark('POST', '/api/kernel/invitations/:id/key');
      expect(expectActivity(renewed[0], { object: invitationId, objectType: 'kernel.invitations', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }))
        .to.deep.equal([{ op: 'replace', path: '/keyHash', value: '(masqué)' }]);
    });

    it('checking a link writes nothing; using it writes the new account (no company) and the request (in the company), by the newcomer', async function () {
      expect(await written(async () => expect((await k.anonymous.post('/api/kernel/invitations/check', { key })).status).to.equal(200))).to.deep.equal([]);
      mark('POST', '/api/kernel/invitations/check');
      const asks = async (email: string) => {
        let res: { status: number; body: Doc } = { status: 0, body: {} };
        const acts = await written(async () => { res = await k.anonymous.post('/api/kernel/invitations/accept', { key, account: { email, password: 'motdepasse-1' } }); });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        return { acts, userId: (res.body.user as Doc)._id as string, requestId: (res.body.request as Doc)._id as string };
      };
      const first = await asks('demande.une@exemple.fr');
      mark('POST', '/api/kernel/invitations/accept');
      expect(types(first.acts)).to.deep.equal([['kernel.users', 'création'], ['kernel.invitation-requests', 'création']]);
      expectActivity(first.acts[0], { object: first.userId, objectType: 'kernel.users', by: first.userId, company: null, verb: 'création' });
      expect(JSON.stringify(first.acts)).to.not.include('$argon2');
      const request = expectActivity(first.acts[1], { object: first.requestId, objectType: 'kernel.invitation-requests', by: first.userId, company: k.admin.companyId, verb: 'création' });
      expect(request).to.deep.include({ op: 'add', path: '/status', value: 'pending' });

      // accepted: the counter, the account, its profile and the decision, by the administrator
      const accepted = await written(async () => expect((await k.http.post(`/api/kernel/invitation-requests/${first.requestId}/accept`)).status).to.equal(200));
      mark('POST', '/api/kernel/invitation-requests/:id/accept');
      expect(types(accepted)).to.deep.equal([
        ['kernel.invitations', 'modification'], ['kernel.users', 'modification'], ['kernel.user-company-profiles', 'création'], ['kernel.invitation-requests', 'modification'],
      ]);
      expect(expectActivity(accepted[0], { object: invitationId, objectType: 'kernel.invitations', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }))
        .to.deep.equal([{ op: 'replace', path: '/currentUsageCount', value: 1 }]);
      expectActivity(accepted[1], { object: first.userId, objectType: 'kernel.users', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      expect(expectActivity(accepted[3], { object: first.requestId, objectType: 'kernel.invitation-requests', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }))
        .to.have.deep.members([{ op: 'replace', path: '/status', value: 'accepted' }, { op: 'replace', path: '/fk/acceptedOrRejectedBy', value: k.admin.userId }]);

      // rejected: the decision only
      const second = await asks('demande.deux@exemple.fr');
      const rejected = await written(async () => expect((await k.http.post(`/api/kernel/invitation-requests/${second.requestId}/reject`)).status).to.equal(200));
      mark('POST', '/api/kernel/invitation-requests/:id/reject');
      expect(types(rejected)).to.deep.equal([['kernel.invitation-requests', 'modification']]);
    });

    it('sending the link by e-mail writes no activity until a message is delivered (emailSent: kernel-invitations-mail)', async function () {
      // a closed local port: the delivery fails at once and is left pending for a retry
      await k.http.put('/api/kernel/smtp-settings', { host: '127.0.0.1', port: 9, secure: false });
      const acts = await written(async () => {
        const res = await k.http.post(`/api/kernel/invitations/${invitationId}/send`, { key, emails: ['recrue@exemple.fr'] });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        await k.kernel.mailer.drain();
      });
      mark('POST', '/api/kernel/invitations/:id/send');
      expect(acts).to.deep.equal([]);
    });

    it('DELETE /api/kernel/invitations/:id writes one « suppression » per request, then the invitation’s', async function () {
      const acts = await written(async () => expect((await k.http.delete(`/api/kernel/invitations/${invitationId}`)).status).to.equal(204));
      mark('DELETE', '/api/kernel/invitations/:id');
      expect(types(acts)).to.deep.equal([
        ['kernel.invitation-requests', 'suppression'], ['kernel.invitation-requests', 'suppression'], ['kernel.invitations', 'suppression'],
      ]);
      expectActivity(acts[2], { object: invitationId, objectType: 'kernel.invitations', by: k.admin.userId, company: k.admin.companyId, verb: 'suppression' });
    });
  });

  describe('reads and coverage', function () {
    it('reading writes nothing: every GET route of the kernel', async function () {
      const invitation = await k.http.post('/api/kernel/invitations', { name: 'Lecture' });
      const asked = await k.anonymous.post('/api/kernel/invitations/accept', { key: invitation.body.key, account: { email: 'lecture@exemple.fr', password: 'motdepasse-1' } });
      const ids: Record<string, string> = {
        invitations: invitation.body._id, 'invitation-requests': asked.body.request._id,
        companies: k.admin.companyId, users: k.admin.userId,
        roles: (await k.http.get('/api/kernel/roles')).body.data[0]._id,
        activities: (await k.http.get('/api/kernel/activities')).body.data[0]._id,
        establishments: (await k.http.post('/api/kernel/establishments', { name: 'Lecture' })).body._id,
        groups: (await k.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.establishments', name: 'Lecture' })).body._id,
        backups: (await k.http.post('/api/kernel/backups', {})).body._id,
        notifications: (await k.http.post('/api/kernel/notifications', { recipients: [k.admin.userId], title: 'Lecture', liveOnly: false })).body.data[0]._id,
        files: await uploadSampleFile(k, k.admin.token, k.admin.companyId, 'Lecture'),
        'user-props': (await k.http.post('/api/kernel/user-props', { name: 'Lecture', variable: 'lecture', pluginIdentifier: 'kernel.establishments', server: true })).body._id,
      };
      const acts = await written(async () => {
        for (const r of KERNEL_ROUTES.filter((x) => x.method === 'GET')) {
          const res = await k.http.get(r.params.length ? fillPath(r, ids[r.collection]) : r.path);
          expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(200);
        }
      });
      expect(acts).to.deep.equal([]);
    });

    it('covered every kernel route that writes', function () {
      const writes = KERNEL_ROUTES.filter((r) => r.method !== 'GET').map((r) => r.key);
      expect(writes.filter((key) => !exercised.has(key)), 'write routes with no activity test').to.deep.equal([]);
    });
  });
});
