/**
 * The activity log, access tokens, sessions, establishments, groups, backups, notifications, files, user props: each create, update and delete made through a kernel route writes
 * exactly one Activity per object changed (test/support/activities.ts; docs/architecture.md « Data
 * conventions »). Write-route coverage is checked in kernel-activities.test.ts.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import sharp from 'sharp';
import { signIn } from '../support/kernel.ts';
import { senderOf, upload } from '../support/upload.ts';
import { ACTIVITIES_NOW, mark, written, expectActivity, expectPatchReplays, type Doc } from '../support/activities.ts';

describe('kernel: activities — access tokens, sessions, establishments, groups, backups, notifications, files, user props', function () {
  let k: TestKernel;

  before(async function () {
    k = await createTestKernel({ now: () => ACTIVITIES_NOW });
  });
  after(async function () { await k?.stop(); });

  describe('access tokens and sessions', function () {
    it('POST and DELETE /api/kernel/access-tokens write one activity each, the token hash masked', async function () {
      let id = '';
      const created = await written(k, async () => { id = (await k.http.post('/api/kernel/access-tokens', { name: 'Export' })).body._id; });
      mark('POST', '/api/kernel/access-tokens');
      expect(created).to.have.length(1);
      const patch = expectActivity(created[0], { object: id, objectType: 'kernel.access-tokens', by: k.admin.userId, company: null, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/tokenHash', value: '(masqué)' });
      const deleted = await written(k, async () => k.http.delete(`/api/kernel/access-tokens/${id}`));
      mark('DELETE', '/api/kernel/access-tokens/:id');
      expect(deleted).to.have.length(1);
      expectActivity(deleted[0], { object: id, objectType: 'kernel.access-tokens', by: k.admin.userId, company: null, verb: 'suppression' });
    });

    it('POST, PUT and DELETE /api/kernel/establishments write one activity each in the company', async function () {
      let id = '';
      const created = await written(k, async () => { id = (await k.http.post('/api/kernel/establishments', { name: 'Boutique', regularHours: [{ days: ['MONDAY'] }] })).body._id; });
      mark('POST', '/api/kernel/establishments');
      expect(created).to.have.length(1);
      const patch = expectActivity(created[0], { object: id, objectType: 'kernel.establishments', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/regularHours', value: [{ days: ['MONDAY'], openTimes: [{ start: { hours: 9, minutes: 0 }, end: { hours: 17, minutes: 0 } }] }] });
      const before = (await k.http.get(`/api/kernel/establishments/${id}`)).body;
      let after: Doc = {};
      const updated = await written(k, async () => { after = (await k.http.put(`/api/kernel/establishments/${id}`, { website: 'https://exemple.fr' })).body; });
      mark('PUT', '/api/kernel/establishments/:id');
      expect(updated).to.have.length(1);
      expectPatchReplays(before, after, expectActivity(updated[0], { object: id, objectType: 'kernel.establishments', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }));
      const deleted = await written(k, async () => k.http.delete(`/api/kernel/establishments/${id}`));
      mark('DELETE', '/api/kernel/establishments/:id');
      expect(deleted).to.have.length(1);
      expectActivity(deleted[0], { object: id, objectType: 'kernel.establishments', by: k.admin.userId, company: k.admin.companyId, verb: 'suppression' });
    });

    it('POST, PUT and DELETE /api/kernel/groups and PUT /api/kernel/group-settings write one activity each in the company', async function () {
      let id = '';
      const created = await written(k, async () => { id = (await k.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.establishments', name: 'Magasins', color: '#2f9e44' })).body._id; });
      mark('POST', '/api/kernel/groups');
      expect(created).to.have.length(1);
      const patch = expectActivity(created[0], { object: id, objectType: 'kernel.groups', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/pluginIdentifier', value: 'kernel.establishments' });
      const before = (await k.http.get(`/api/kernel/groups/${id}`)).body;
      let after: Doc = {};
      const updated = await written(k, async () => { after = (await k.http.put(`/api/kernel/groups/${id}`, { name: 'Boutiques' })).body; });
      mark('PUT', '/api/kernel/groups/:id');
      expect(updated).to.have.length(1);
      expectPatchReplays(before, after, expectActivity(updated[0], { object: id, objectType: 'kernel.groups', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }));
      const deleted = await written(k, async () => k.http.delete(`/api/kernel/groups/${id}`));
      mark('DELETE', '/api/kernel/groups/:id');
      expect(deleted).to.have.length(1);
      expectActivity(deleted[0], { object: id, objectType: 'kernel.groups', by: k.admin.userId, company: k.admin.companyId, verb: 'suppression' });
      let settingsId = '';
      const settings = await written(k, async () => { settingsId = (await k.http.put('/api/kernel/group-settings', { pluginIdentifier: 'kernel.establishments', multi: false })).body._id; });
      mark('PUT', '/api/kernel/group-settings');
      expect(settings).to.have.length(1);
      const settingsPatch = expectActivity(settings[0], { object: settingsId, objectType: 'kernel.group-settings', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(settingsPatch).to.deep.include({ op: 'add', path: '/multi', value: false });
      const changed = await written(k, async () => k.http.put('/api/kernel/group-settings', { pluginIdentifier: 'kernel.establishments', maxDepth: 2 }));
      expect(changed).to.have.length(1);
      expect(expectActivity(changed[0], { object: settingsId, objectType: 'kernel.group-settings', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }))
        .to.deep.equal([{ op: 'replace', path: '/maxDepth', value: 2 }]);
    });

    it('backups write no activity: they belong to no company, and the Backup record says who and when', async function () {
      let id = '';
      const acts = await written(k, async () => {
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
      const acts = await written(k, async () => {
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
      const prefs = await written(k, async () => {
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
      const created = await written(k, async () => { id = (await upload(senderOf(k), [png], { name: 'Logo' })).body._id; });
      mark('POST', '/api/kernel/files');
      expect(created).to.have.length(1);
      const patch = expectActivity(created[0], { object: id, objectType: 'kernel.files', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/size', value: png.data.length });
      const before = (await k.http.get(`/api/kernel/files/${id}`)).body;
      let after: Doc = {};
      const updated = await written(k, async () => { after = (await k.http.put(`/api/kernel/files/${id}`, { description: 'Le logo' })).body; });
      mark('PUT', '/api/kernel/files/:id');
      expectPatchReplays(before, after, expectActivity(updated[0], { object: id, objectType: 'kernel.files', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }));
      const deleted = await written(k, async () => k.http.delete(`/api/kernel/files/${id}`));
      mark('DELETE', '/api/kernel/files/:id');
      expect(deleted).to.have.length(1);
      expectActivity(deleted[0], { object: id, objectType: 'kernel.files', by: k.admin.userId, company: k.admin.companyId, verb: 'suppression' });
      for (const [verb, send] of [
        ['POST', () => upload(senderOf(k), [png], {}, '/api/kernel/avatar')],
        ['DELETE', () => k.http.delete('/api/kernel/avatar')],
      ] as const) {
        const acts = await written(k, async () => expect((await send()).status).to.equal(200));
        mark(verb, '/api/kernel/avatar');
        expect(acts).to.have.length(1);
        expectActivity(acts[0], { object: k.admin.userId, objectType: 'kernel.users', by: k.admin.userId, company: null, verb: 'modification' });
      }
      // the company's logo: one modification of the company
      for (const [verb, send] of [
        ['POST', () => upload(senderOf(k), [png], {}, '/api/kernel/company/logo')],
        ['DELETE', () => k.http.delete('/api/kernel/company/logo')],
      ] as const) {
        const acts = await written(k, async () => expect((await send()).status).to.equal(200));
        mark(verb, '/api/kernel/company/logo');
        expect(acts).to.have.length(1);
        expectActivity(acts[0], { object: k.admin.companyId, objectType: 'kernel.companies', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      }
    });

    it('POST, PUT, DELETE /api/kernel/user-props and PUT …/usage write one activity each', async function () {
      let id = '';
      const created = await written(k, async () => {
        id = (await k.http.post('/api/kernel/user-props', { name: 'Surface', variable: 'surface', pluginIdentifier: 'kernel.establishments', type: 'number', server: true, allowCompaniesToUseThisProperty: true })).body._id;
      });
      mark('POST', '/api/kernel/user-props');
      expect(created).to.have.length(1);
      // a server property belongs to no company
      const patch = expectActivity(created[0], { object: id, objectType: 'kernel.user-props', by: k.admin.userId, company: null, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/defaultValue', value: 0 });
      const before = (await k.http.get(`/api/kernel/user-props/${id}`)).body;
      let after: Doc = {};
      const updated = await written(k, async () => { after = (await k.http.put(`/api/kernel/user-props/${id}`, { name: 'Surface (m²)' })).body; });
      mark('PUT', '/api/kernel/user-props/:id');
      expect(updated).to.have.length(1);
      expectPatchReplays(before, after, expectActivity(updated[0], { object: id, objectType: 'kernel.user-props', by: k.admin.userId, company: null, verb: 'modification' }));
      // a company taking it up: filed in that company's log
      const used = await written(k, async () => k.http.put(`/api/kernel/user-props/${id}/usage`, { used: true }));
      mark('PUT', '/api/kernel/user-props/:id/usage');
      expect(used).to.have.length(1);
      expectActivity(used[0], { object: id, objectType: 'kernel.user-props', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' });
      const deleted = await written(k, async () => k.http.delete(`/api/kernel/user-props/${id}`));
      mark('DELETE', '/api/kernel/user-props/:id');
      expect(deleted).to.have.length(1);
      expectActivity(deleted[0], { object: id, objectType: 'kernel.user-props', by: k.admin.userId, company: null, verb: 'suppression' });
    });

    it('signing in and out and revoking sessions write no activity (sessions are not audited objects)', async function () {
      const acts = await written(k, async () => {
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
});
