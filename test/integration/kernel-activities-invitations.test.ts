/**
 * The activity log, invitations and their requests: each create, update and delete made through a kernel route writes
 * exactly one Activity per object changed (test/support/activities.ts; docs/architecture.md « Data
 * conventions »). Write-route coverage is checked in kernel-activities.test.ts.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import type { Activity } from '@comptoir/schemas';
import { ACTIVITIES_NOW, mark, written, expectActivity, type Doc } from '../support/activities.ts';

describe('kernel: activities — invitations and their requests', function () {
  let k: TestKernel;

  before(async function () {
    k = await createTestKernel({ now: () => ACTIVITIES_NOW });
  });
  after(async function () { await k?.stop(); });

  describe('invitations', function () {
    let invitationId = '';
    let key = '';
    const types = (acts: Activity[]) => acts.map((a) => [a.objectType, a.tags[0]]);

    it('POST, PUT and a new link of /api/kernel/invitations write one activity each, the key hash masked', async function () {
      const created = await written(k, async () => {
        const res = await k.http.post('/api/kernel/invitations', { name: 'Vendeurs', maxUsage: 2 });
        invitationId = res.body._id;
        key = res.body.key;
      });
      mark('POST', '/api/kernel/invitations');
      expect(created).to.have.length(1);
      const patch = expectActivity(created[0], { object: invitationId, objectType: 'kernel.invitations', by: k.admin.userId, company: k.admin.companyId, verb: 'création' });
      expect(patch).to.deep.include({ op: 'add', path: '/keyHash', value: '(masqué)' });
      expect(JSON.stringify(created)).to.not.include(key);
      const updated = await written(k, async () => k.http.put(`/api/kernel/invitations/${invitationId}`, { name: 'Vendeuses' }));
      mark('PUT', '/api/kernel/invitations/:id');
      expect(expectActivity(updated[0], { object: invitationId, objectType: 'kernel.invitations', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }))
        .to.deep.equal([{ op: 'replace', path: '/name', value: 'Vendeuses' }]);
      const renewed = await written(k, async () => { key = (await k.http.post(`/api/kernel/invitations/${invitationId}/key`)).body.key; });
      mark('POST', '/api/kernel/invitations/:id/key');
      expect(expectActivity(renewed[0], { object: invitationId, objectType: 'kernel.invitations', by: k.admin.userId, company: k.admin.companyId, verb: 'modification' }))
        .to.deep.equal([{ op: 'replace', path: '/keyHash', value: '(masqué)' }]);
    });

    it('checking a link writes nothing; using it writes the new account (no company) and the request (in the company), by the newcomer', async function () {
      expect(await written(k, async () => expect((await k.anonymous.post('/api/kernel/invitations/check', { key })).status).to.equal(200))).to.deep.equal([]);
      mark('POST', '/api/kernel/invitations/check');
      const asks = async (email: string) => {
        let res: { status: number; body: Doc } = { status: 0, body: {} };
        const acts = await written(k, async () => { res = await k.anonymous.post('/api/kernel/invitations/accept', { key, account: { email, password: 'motdepasse-1' } }); });
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
      const accepted = await written(k, async () => expect((await k.http.post(`/api/kernel/invitation-requests/${first.requestId}/accept`)).status).to.equal(200));
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
      const rejected = await written(k, async () => expect((await k.http.post(`/api/kernel/invitation-requests/${second.requestId}/reject`)).status).to.equal(200));
      mark('POST', '/api/kernel/invitation-requests/:id/reject');
      expect(types(rejected)).to.deep.equal([['kernel.invitation-requests', 'modification']]);
    });

    it('sending the link by e-mail writes no activity until a message is delivered (emailSent: kernel-invitations-mail)', async function () {
      // a closed local port: the delivery fails at once and is left pending for a retry
      await k.http.put('/api/kernel/smtp-settings', { host: '127.0.0.1', port: 9, secure: false });
      const acts = await written(k, async () => {
        const res = await k.http.post(`/api/kernel/invitations/${invitationId}/send`, { key, emails: ['recrue@exemple.fr'] });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        await k.kernel.mailer.drain();
      });
      mark('POST', '/api/kernel/invitations/:id/send');
      expect(acts).to.deep.equal([]);
    });

    it('DELETE /api/kernel/invitations/:id writes one « suppression » per request, then the invitation’s', async function () {
      const acts = await written(k, async () => expect((await k.http.delete(`/api/kernel/invitations/${invitationId}`)).status).to.equal(204));
      mark('DELETE', '/api/kernel/invitations/:id');
      expect(types(acts)).to.deep.equal([
        ['kernel.invitation-requests', 'suppression'], ['kernel.invitation-requests', 'suppression'], ['kernel.invitations', 'suppression'],
      ]);
      expectActivity(acts[2], { object: invitationId, objectType: 'kernel.invitations', by: k.admin.userId, company: k.admin.companyId, verb: 'suppression' });
    });
  });
});
