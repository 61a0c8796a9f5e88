/**
 * What the open sessions see, live over the WebSocket hub (server/src/realtime), when invitations
 * are used: the administrators of the invitation's company get the request's notification and the
 * change that refreshes their list of requests; nobody in another company hears of it; a rejected
 * requester is told on the socket of their own company.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { WsProbe } from '../../server/test/support/ws-client.ts';
import { createSecondCompany, type SecondCompany } from '../support/kernel.ts';
import { createInvitation, joinSignedIn, joinWithAccount } from '../support/invitations.ts';

describe('kernel: invitations, live', function () {
  let k: TestKernel;
  let b: SecondCompany;
  const open: WsProbe[] = [];
  const socket = async (token: string, company: string) => {
    const p = await WsProbe.signedIn(k.url, token, company);
    open.push(p);
    return p;
  };

  before(async function () {
    k = await createTestKernel();
    b = await createSecondCompany(k);
  });
  afterEach(function () { for (const p of open.splice(0)) p.end(); });
  after(async function () { await k?.stop(); });

  it('an administrator sees a new request at once (notification, then the list refreshes); B hears nothing', async function () {
    const admin = await socket(k.admin.token, k.admin.companyId);
    const other = await socket(b.owner.token, b.companyId);
    const inv = await createInvitation(k, { name: 'Équipe du matin' });
    const res = await joinWithAccount(k, inv.key, 'matin@exemple.fr');
    expect(res.status).to.equal(200);
    const n = await admin.next((m) => m.type === 'notification' && m.notification.title === 'Nouvelle demande d’accès', 'request notification');
    expect(n.notification).to.deep.include({ style: 'info', content: 'Inès Vité (matin@exemple.fr) demande à rejoindre l’entreprise avec l’invitation « Équipe du matin ».' });
    expect(n.notification.fk).to.deep.equal({ user: k.admin.userId, company: k.admin.companyId });
    expect(n.notification.choices[0]).to.deep.include({ title: 'Voir les demandes', url: '/invitations' });
    const change = await admin.next((m) => m.type === 'change' && m.entity === 'kernel.invitation-requests', 'requests change');
    expect(change).to.deep.include({ name: 'kernel.invitation-request.created', _id: res.body.request._id, by: res.body.user._id });
    await other.sync();
    expect(JSON.stringify(other.messages)).to.not.include(res.body.request._id).and.not.include('Nouvelle demande');
  });

  it('a rejected requester is told on the socket of their own company', async function () {
    const requester = await socket(b.member.token, b.companyId);
    const inv = await createInvitation(k, { name: 'Réservée aux amis' });
    const asked = await joinSignedIn(k, inv.key, b.member.token);
    expect(asked.status).to.equal(200);
    expect((await k.http.post(`/api/kernel/invitation-requests/${asked.body.request._id}/reject`)).status).to.equal(200);
    const n = await requester.next((m) => m.type === 'notification' && m.notification.title === 'Demande refusée', 'rejection');
    expect(n.notification.style).to.equal('warning');
    expect(n.notification.fk).to.deep.equal({ user: b.member.userId, company: b.companyId });
  });

  it('a member who joins another company through a link keeps working where they were; A’s administrators see the new member', async function () {
    const admin = await socket(k.admin.token, k.admin.companyId);
    const inv = await createInvitation(k, { name: 'Sans validation', manualRequestChecking: false });
    const joined = await joinSignedIn(k, inv.key, b.owner.token);
    expect(joined.status).to.equal(200);
    const n = await admin.next((m) => m.type === 'notification' && m.notification.title === 'Nouveau membre', 'new member');
    expect(n.notification.style).to.equal('success');
    await admin.next((m) => m.type === 'change' && m.entity === 'kernel.users' && m._id === b.owner.userId, 'users change');
    // the requester's socket in B is still open: joining A did not touch B
    const stillB = await socket(b.owner.token, b.companyId);
    await stillB.sync();
  });
});
