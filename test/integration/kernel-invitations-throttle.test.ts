/**
 * Guessing through the public invitation routes is throttled per IP, like logins (here
 * COMPTOIR_LOGIN_ATTEMPTS=3): keys that open nothing and addresses that already have an account
 * count; then even a good key is a 429 with a French message, while signing in stays possible.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { check, createInvitation, joinWithAccount } from '../support/invitations.ts';

const UNKNOWN_KEY = 'A'.repeat(43);

describe('kernel: invitation links throttled', function () {
  let k: TestKernel;
  before(async function () { k = await createTestKernel({ env: { COMPTOIR_LOGIN_ATTEMPTS: '3' } }); });
  after(async function () { await k?.stop(); });

  it('counts unknown keys and known addresses per IP, then refuses every use of a link with 429', async function () {
    const inv = await createInvitation(k, { name: 'Équipe' });
    // a good key and a free address count nothing
    for (let i = 0; i < 5; i++) expect((await check(k, inv.key)).status).to.equal(200);
    expect((await check(k, UNKNOWN_KEY)).status).to.equal(404);
    expect((await k.anonymous.post('/api/kernel/invitations/accept', { key: UNKNOWN_KEY, account: { email: 'x@exemple.fr', password: 'motdepasse-1' } })).status).to.equal(404);
    const taken = await joinWithAccount(k, inv.key, 'ADMIN@comptoir.test');
    expect(taken.status).to.equal(409);
    for (const res of [await check(k, inv.key), await check(k, UNKNOWN_KEY), await joinWithAccount(k, inv.key, 'nouvelle@exemple.fr')]) {
      expect(res.status).to.equal(429);
      expect(res.body.message).to.match(/^Trop de liens d’invitation incorrects depuis cette adresse\. Réessayez dans \d+ minutes?\.$/);
    }
    expect(await k.db('kernel_users').where({ email: 'nouvelle@exemple.fr' })).to.have.length(0);
    // a separate count from logins
    expect((await k.anonymous.post('/api/auth/login', { email: 'admin@comptoir.test', password: 'motdepasse-admin-1' })).status).to.equal(200);
  });
});
