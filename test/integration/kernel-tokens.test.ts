/**
 * Access tokens (schemas README « AccessToken »; server/src/platform/README.md « Sessions and access
 * tokens »): they end with a password change, even while the per-process authentication cache
 * knows them; « logout » with one is a 400 that says it still works; only a session makes them.
 */
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, signIn, type Account } from '../support/kernel.ts';

describe('kernel: access tokens', function () {
  let k: TestKernel;
  before(async function () { k = await createTestKernel(); });
  after(async function () { await k?.stop(); });

  async function tokenOf(a: Account, name: string): Promise<{ _id: string; http: TestHttp }> {
    const res = await a.http.post('/api/kernel/access-tokens', { name });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return { _id: res.body._id, http: a.http.as(res.body.token, a.companyId) };
  }

  it('a password change deletes every access token of the user, at once on a warm cache', async function () {
    const who = await createMember(k, 'jetons@exemple.fr');
    const script = await tokenOf(who, 'Script de sauvegarde');
    const other = await tokenOf(who, 'Tableur');
    const admins = await k.http.post('/api/kernel/access-tokens', { name: 'Jeton de l’administrateur' });
    // the tokens are known to the cache (GET requests are served from it)
    for (const t of [script, other]) expect((await t.http.get('/api/kernel/notifications/unread')).status).to.equal(200);
    const changed = await who.http.post(`/api/kernel/users/${who.userId}/password`, { currentPassword: who.password, newPassword: 'nouveau-mot-de-passe-2' });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(204);
    for (const t of [script, other]) {
      const res = await t.http.get('/api/kernel/notifications/unread');
      expect(res.status).to.equal(401);
      expect(res.body.message).to.equal('Jeton inconnu : reconnectez-vous.');
    }
    expect(await k.db('kernel_access_tokens').where({ generatedByUser: who.userId })).to.have.length(0);
    // the session that made the change stays; the tokens of others stay
    expect((await who.http.get('/api/auth/me')).status).to.equal(200);
    expect((await k.http.as(admins.body.token).get('/api/auth/me')).status).to.equal(200);
  });

  it('a password change made through an access token deletes that token too', async function () {
    const who = await createMember(k, 'jeton-seul@exemple.fr');
    const t = await tokenOf(who, 'Automate');
    const res = await t.http.post(`/api/kernel/users/${who.userId}/password`, { currentPassword: who.password, newPassword: 'nouveau-mot-de-passe-3' });
    expect(res.status).to.equal(204);
    expect((await t.http.get('/api/auth/me')).status).to.equal(401);
    expect((await who.http.get('/api/auth/me')).status, 'the sessions are ended too').to.equal(401);
    expect((await signIn(k, who.email, 'nouveau-mot-de-passe-3')).token).to.be.a('string');
  });

  it('« logout » with an access token is a 400 saying how to end it, and the token keeps working', async function () {
    const who = await createMember(k, 'deconnexion@exemple.fr');
    const t = await tokenOf(who, 'Intégration');
    const res = await t.http.post('/api/auth/logout');
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.include({
      code: 'VALIDATION',
      message: 'Un jeton d’accès ne se déconnecte pas : supprimez-le (Mes sessions › Jetons d’accès, ou DELETE /api/kernel/access-tokens/<id>) pour qu’il cesse de fonctionner.',
    });
    expect((await t.http.get('/api/auth/me')).status).to.equal(200);
    // a session still logs out
    expect((await who.http.post('/api/auth/logout')).status).to.equal(204);
    expect((await who.http.get('/api/auth/me')).status).to.equal(401);
  });

  it('an access token cannot create access tokens (403), a session can', async function () {
    const who = await createMember(k, 'createur@exemple.fr');
    const t = await tokenOf(who, 'Premier');
    const res = await t.http.post('/api/kernel/access-tokens', { name: 'Second' });
    expect(res.status).to.equal(403);
    expect(res.body).to.deep.include({
      code: 'FORBIDDEN',
      message: 'Un jeton d’accès ne peut pas créer d’autres jetons : connectez-vous avec votre mot de passe pour en créer un.',
    });
    const list = await who.http.get('/api/kernel/access-tokens');
    expect(list.body.data.map((x: { name: string }) => x.name)).to.deep.equal(['Premier']);
  });
});
