/**
 * The activity log (docs/architecture.md « Data conventions »): every create, update and delete made through a kernel route writes
 * exactly one Activity per object changed, of type jsonPatch, with the RFC 6902 patch of the change
 * (hidden values masked), its author, its company and its object type. Updates that change nothing
 * and reads write none. The writes are tested by object in the four files imported below; importing
 * them here runs them first (also when this file runs alone), so that the coverage check sees them.
 */
import './kernel-activities-settings.test.ts';
import './kernel-activities-users.test.ts';
import './kernel-activities-records.test.ts';
import './kernel-activities-invitations.test.ts';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { KERNEL_ROUTES, fillPath, uploadSampleFile } from '../support/kernel.ts';
import { ACTIVITIES_NOW, exercisedWrites, written } from '../support/activities.ts';

describe('kernel: activities — reads and coverage', function () {
  let k: TestKernel;

  before(async function () {
    k = await createTestKernel({ now: () => ACTIVITIES_NOW });
  });
  after(async function () { await k?.stop(); });

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
      const acts = await written(k, async () => {
        for (const r of KERNEL_ROUTES.filter((x) => x.method === 'GET')) {
          const res = await k.http.get(r.params.length ? fillPath(r, ids[r.collection]) : r.path);
          expect(res.status, `${r.key}: ${JSON.stringify(res.body)}`).to.equal(200);
        }
      });
      expect(acts).to.deep.equal([]);
    });

    it('covered every kernel route that writes', function () {
      const writes = KERNEL_ROUTES.filter((r) => r.method !== 'GET').map((r) => r.key);
      expect(writes.filter((key) => !exercisedWrites.has(key)), 'write routes with no activity test').to.deep.equal([]);
    });
  });
});
