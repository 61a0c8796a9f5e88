/**
 * The usage counter of an invitation under concurrent use (platform README « Invitations »): requests
 * sent all at once, on SQLite or DATABASE_URL (MariaDB with its connection pool, where they really
 * run in parallel), never let more people in than `maxUsage`, and the counter equals the number
 * of people who got in; where one only may win (the last place, one decision on a request), 12
 * requests at once give exactly one success. The outcome is asserted, never a duration.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createSecondCompany, signIn, type Account } from '../support/kernel.ts';
import { createInvitation, invitationRow, joinSignedIn, joinWithAccount } from '../support/invitations.ts';

const PEOPLE = 24;
const MAX = 5;

describe('kernel: invitations under concurrent use', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let seller: string;
  /** members of company B, none of company A */
  const people: Account[] = [];

  before(async function () {
    k = await createTestKernel();
    const b = await createSecondCompany(k, 'course');
    seller = (await k.http.post('/api/kernel/roles', { name: 'Vendeur', permissions: ['kernel.users.read'] })).body._id;
    for (let i = 0; i < PEOPLE; i++) {
      const email = `coureur-${i}@exemple.fr`;
      const res = await b.owner.http.post('/api/kernel/users', { email, password: 'motdepasse-coureur-1' });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      people.push(await signIn(k, email, 'motdepasse-coureur-1'));
    }
  });
  after(async function () { await k?.stop(); });

  async function membersOfA(): Promise<string[]> {
    const rows = await k.db('kernel_user_company_profiles').where('fk_company', k.admin.companyId).select('fk_user');
    return rows.map((r: { fk_user: string }) => r.fk_user);
  }
  /** the people not (yet) in A */
  async function outsiders(): Promise<Account[]> {
    const members = new Set(await membersOfA());
    return people.filter((p) => !members.has(p.userId));
  }

  it(`${PEOPLE} signed-in people using a link limited to ${MAX} at once: exactly ${MAX} get in`, async function () {
    const inv = await createInvitation(k, { name: 'Course', maxUsage: MAX, manualRequestChecking: false, fk: { roles: [seller] } });
    const before = new Set(await membersOfA());
    const answers = await Promise.all(people.map((p) => joinSignedIn(k, inv.key, p.token)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200), JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 409).map((a) => a.body))).to.have.length(MAX);
    expect(statuses.filter((s) => s === 409)).to.have.length(PEOPLE - MAX);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).to.match(/^Cette invitation a déjà été utilisée le nombre de fois prévu/);
    }
    expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(MAX);
    const joined = (await membersOfA()).filter((u) => !before.has(u));
    const winners = people.filter((_, i) => answers[i].status === 200).map((p) => p.userId);
    expect(joined).to.have.members(winners);
    const requests = await k.db('kernel_invitation_requests').where('fk_invitation', inv._id);
    expect(requests.map((r: { status: string }) => r.status)).to.deep.equal(Array(MAX).fill('accepted'));
    // the losers hold no role of A
    for (const p of people.filter((_, i) => answers[i].status === 409)) {
      const me = await p.http.get('/api/auth/me');
      expect(me.body.user.roles).to.not.include(seller);
      expect(me.body.user.fk.companies).to.not.include(k.admin.companyId);
    }
  });

  it(`${PEOPLE} new accounts created through one link at once: ${MAX} accounts, no more`, async function () {
    const inv = await createInvitation(k, { name: 'Inscriptions', maxUsage: MAX, manualRequestChecking: false });
    const usersBefore = (await k.db('kernel_users').count({ n: '*' }))[0].n;
    const answers = await Promise.all(Array.from({ length: PEOPLE }, (_, i) => joinWithAccount(k, inv.key, `nouveau-${i}@exemple.fr`)));
    expect(answers.filter((a) => a.status === 200)).to.have.length(MAX);
    expect(answers.filter((a) => a.status === 409)).to.have.length(PEOPLE - MAX);
    expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(MAX);
    const usersAfter = (await k.db('kernel_users').count({ n: '*' }))[0].n;
    // a refused person's account is rolled back with the rest of the call
    expect(Number(usersAfter) - Number(usersBefore)).to.equal(MAX);
  });

  it('one new e-mail registered through two links at once: one account, the other a 409', async function () {
    const links = [
      await createInvitation(k, { name: 'Lien un', manualRequestChecking: false }),
      await createInvitation(k, { name: 'Lien deux' }),
    ];
    const answers = await Promise.all(links.map((l) => joinWithAccount(k, l.key, 'jumeau@exemple.fr')));
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).to.deep.equal([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).to.match(/^Un compte existe déjà avec cette adresse e-mail/);
    expect(await k.db('kernel_users').where('email', 'jumeau@exemple.fr')).to.have.length(1);
  });

  it('administrators accepting many pending requests at once stop at maxUsage too', async function () {
    const inv = await createInvitation(k, { name: 'Sur validation', maxUsage: 3, manualRequestChecking: true, fk: { roles: [seller] } });
    const asked = [];
    for (const p of (await outsiders()).slice(0, 10)) asked.push(await joinSignedIn(k, inv.key, p.token));
    expect(asked.map((a) => a.status)).to.deep.equal(Array(10).fill(200));
    expect(asked.map((a) => a.body.status)).to.deep.equal(Array(10).fill('pending'));
    const decisions = await Promise.all(asked.map((a) => k.http.post(`/api/kernel/invitation-requests/${a.body.request._id}/accept`)));
    expect(decisions.filter((d) => d.status === 200)).to.have.length(3);
    const refused = decisions.filter((d) => d.status === 409);
    expect(refused).to.have.length(7);
    for (const r of refused) expect(r.body.message).to.match(/a atteint son nombre maximal d’utilisations \(3\)/);
    expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(3);
    const statuses = (await k.db('kernel_invitation_requests').where('fk_invitation', inv._id)).map((r: { status: string }) => r.status);
    expect(statuses.filter((s: string) => s === 'accepted')).to.have.length(3);
    expect(statuses.filter((s: string) => s === 'pending')).to.have.length(7);
  });

  it('one request decided twice at once (accept and reject) is decided once', async function () {
    const inv = await createInvitation(k, { name: 'Une décision' });
    const asked = await joinSignedIn(k, inv.key, (await outsiders())[0].token);
    const id = asked.body.request._id as string;
    const [accept, reject] = await Promise.all([
      k.http.post(`/api/kernel/invitation-requests/${id}/accept`),
      k.http.post(`/api/kernel/invitation-requests/${id}/reject`),
    ]);
    expect([accept.status, reject.status].sort()).to.deep.equal([200, 409]);
    const row = await k.db('kernel_invitation_requests').where('_id', id).first();
    const winner = accept.status === 200 ? 'accepted' : 'rejected';
    expect(row.status).to.equal(winner);
    expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(winner === 'accepted' ? 1 : 0);
  });

  it('a link for one person, used by 12 people at once: exactly one gets in', async function () {
    const inv = await createInvitation(k, { name: 'Une place', maxUsage: 1, manualRequestChecking: false, fk: { roles: [seller] } });
    const twelve = (await outsiders()).slice(0, 12);
    expect(twelve).to.have.length(12);
    const answers = await Promise.all(twelve.map((p) => joinSignedIn(k, inv.key, p.token)));
    expect(answers.filter((a) => a.status === 200), JSON.stringify(answers.map((a) => a.status))).to.have.length(1);
    expect(answers.filter((a) => a.status === 409)).to.have.length(11);
    expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(1);
    expect(await k.db('kernel_invitation_requests').where('fk_invitation', inv._id)).to.have.length(1);
  });

  it('one pending request accepted 12 times at once: accepted once, counted once', async function () {
    const inv = await createInvitation(k, { name: 'Acceptée douze fois', manualRequestChecking: true, fk: { roles: [seller] } });
    const asked = await joinSignedIn(k, inv.key, (await outsiders())[0].token);
    const id = asked.body.request._id as string;
    const decisions = await Promise.all(Array.from({ length: 12 }, () => k.http.post(`/api/kernel/invitation-requests/${id}/accept`)));
    expect(decisions.filter((d) => d.status === 200), JSON.stringify(decisions.map((d) => d.status))).to.have.length(1);
    const refused = decisions.filter((d) => d.status === 409);
    expect(refused).to.have.length(11);
    for (const r of refused) expect(r.body.message).to.equal('Cette demande a déjà été acceptée.');
    expect((await invitationRow(k, inv._id)).currentUsageCount).to.equal(1);
  });

  it('maxUsage lowered to 1 while 12 people use an unlimited link: once accepted, never more than 1 in', async function () {
    for (let round = 0; round < 3; round++) {
      const inv = await createInvitation(k, { name: `Limite abaissée ${round}`, maxUsage: 0, manualRequestChecking: false });
      const twelve = (await outsiders()).slice(0, 12);
      const uses = twelve.map((p) => joinSignedIn(k, inv.key, p.token));
      const [lowered, ...answers] = await Promise.all([k.http.put(`/api/kernel/invitations/${inv._id}`, { maxUsage: 1 }), ...uses]);
      const row = await invitationRow(k, inv._id);
      const joined = answers.filter((a) => a.status === 200).length;
      expect(row.currentUsageCount).to.equal(joined);
      if (lowered.status === 200) {
        // the change was decided on the locked row: at most one person got in before or after it
        expect(joined, JSON.stringify(answers.map((a) => a.status))).to.be.at.most(1);
        expect(row.maxUsage).to.equal(1);
      } else {
        expect(lowered.status).to.equal(400);
        expect(joined).to.be.greaterThan(1);
        expect(row.maxUsage).to.equal(0);
      }
      // the people who got in leave A again for the next round
      for (const p of twelve.filter((_, i) => answers[i].status === 200)) {
        expect((await k.http.delete(`/api/kernel/users/${p.userId}`)).status).to.equal(204);
      }
    }
  });

  it('an invitation deleted while people use it leaves no request behind', async function () {
    const users = (await outsiders()).slice(0, 4);
    for (let round = 0; round < 6; round++) {
      const inv = await createInvitation(k, { name: `Supprimée ${round}` });
      const uses = users.map((p) => joinSignedIn(k, inv.key, p.token));
      const [removed, ...answers] = await Promise.all([k.http.delete(`/api/kernel/invitations/${inv._id}`), ...uses]);
      expect(removed.status).to.equal(204);
      for (const a of answers) expect([200, 404], JSON.stringify(a.body)).to.include(a.status);
      expect(await k.db('kernel_invitation_requests').where('fk_invitation', inv._id)).to.have.length(0);
    }
  });
});
