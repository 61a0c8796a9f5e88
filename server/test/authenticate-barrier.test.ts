/**
 * The authenticator and the fan-out's read barrier (server/src/http/authenticate.ts,
 * server/src/http/README.md « Across processes: the read barrier »), on a real kernel's database
 * (SQLite or DATABASE_URL) with a barrier this test opens and closes by hand: a cached identity is
 * served only once the barrier passed, and read again after it; a failed barrier reads the
 * database; a miss waits for the barrier too; sockets (fresh) never ask for it.
 */
import type Koa from 'koa';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createAuthenticator } from '../src/http/authenticate.ts';
import { createForgetfulCache } from '../src/util/forgetful-cache.ts';
import { hashToken } from '../src/auth/tokens.ts';
import { systemClock } from '../src/util/clock.ts';
import type { Identity } from '../src/http/auth-cache.ts';

/** A barrier held until `pass(ok)`; each call is a new one. */
function heldBarrier() {
  const calls: Array<(ok: boolean) => void> = [];
  return {
    calls,
    barrier: () => new Promise<boolean>((resolve) => { calls.push(resolve); }),
    async asked(n: number) {
      const end = Date.now() + 5_000;
      while (calls.length < n) {
        if (Date.now() > end) throw new Error(`barrier asked ${calls.length} times, ${n} expected`);
        await new Promise((r) => setTimeout(r, 2));
      }
    },
  };
}

describe('authentication and the read barrier', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async function () { k = await createTestKernel(); });
  after(async function () { await k?.stop(); });

  const ctxOf = (token: string): Koa.Context => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'at-company': k.admin.companyId };
    return { get: (name: string) => headers[name.toLowerCase()] ?? '' } as unknown as Koa.Context;
  };
  const setup = () => {
    const cache = createForgetfulCache<Identity>({ max: 100, ttlMs: 60_000 });
    const held = heldBarrier();
    const auth = createAuthenticator(k.db, systemClock, () => [], cache, held.barrier);
    return { cache, held, auth };
  };
  /** the outcome of an authentication: the user id, or the error's code */
  const outcome = (p: Promise<{ userId: string | null }>) => p.then((c) => c.userId, (e: { code?: string }) => e.code ?? String(e));
  const revokeByHand = (revoked: boolean) => k.db('kernel_sessions').where({ userId: k.admin.userId }).update({ revoked });

  it('serves a cached identity once the barrier passed, and reads the entry again after it', async function () {
    const { cache, held, auth } = setup();
    const hash = hashToken(k.admin.token);
    const first = auth.authenticate(ctxOf(k.admin.token), 'company');
    await held.asked(1);
    held.calls[0](true);
    expect(await outcome(first)).to.equal(k.admin.userId);
    expect(cache.get(hash)).to.not.equal(undefined);

    await revokeByHand(true);
    try {
      // warm, barrier passed: memory says valid (a revocation by hand publishes nothing)
      const warm = auth.authenticate(ctxOf(k.admin.token), 'company');
      await held.asked(2);
      held.calls[1](true);
      expect(await outcome(warm)).to.equal(k.admin.userId);

      // the invalidation arrives while the barrier waits: the entry read before it is not served
      const order: string[] = [];
      const racing = outcome(auth.authenticate(ctxOf(k.admin.token), 'company')).then((o) => { order.push('answered'); return o; });
      await held.asked(3);
      cache.forget((i) => i.userId === k.admin.userId);
      order.push('barrier');
      held.calls[2](true);
      expect(await racing).to.equal('UNAUTHENTICATED');
      expect(order).to.deep.equal(['barrier', 'answered']);
    } finally {
      await revokeByHand(false);
    }
  });

  it('reads the database when the barrier fails, though the entry is still in memory', async function () {
    const { cache, held, auth } = setup();
    const warm = auth.authenticate(ctxOf(k.admin.token), 'company');
    await held.asked(1);
    held.calls[0](true);
    await warm;
    await revokeByHand(true);
    try {
      const failed = auth.authenticate(ctxOf(k.admin.token), 'company');
      await held.asked(2);
      held.calls[1](false);
      expect(await outcome(failed)).to.equal('UNAUTHENTICATED');
      // (a barrier fails when the caches are paused anyway: nothing to forget here)
      expect(cache.get(hashToken(k.admin.token))).to.not.equal(undefined);
    } finally {
      await revokeByHand(false);
    }
  });

  it('on a miss, answers only once the barrier passed, even when the database answered first', async function () {
    const { cache, held, auth } = setup();
    let settled = false;
    const cold = auth.authenticate(ctxOf(k.admin.token), 'company').finally(() => { settled = true; });
    await held.asked(1);
    // the database read is done (kept in the cache), the barrier still waits
    const end = Date.now() + 5_000;
    while (!cache.get(hashToken(k.admin.token)) && Date.now() < end) await new Promise((r) => setTimeout(r, 2));
    expect(cache.get(hashToken(k.admin.token))).to.not.equal(undefined);
    await new Promise((r) => setImmediate(r));
    expect(settled).to.equal(false);
    held.calls[0](true);
    expect((await cold).userId).to.equal(k.admin.userId);
  });

  it('never asks for it to authenticate fresh (sockets), nor without a token', async function () {
    const { held, auth } = setup();
    expect((await auth.authenticate(ctxOf(k.admin.token), 'company', { fresh: true })).userId).to.equal(k.admin.userId);
    expect((await auth.authenticate({ get: () => '' } as unknown as Koa.Context, 'public')).userId).to.equal(null);
    expect(held.calls).to.have.length(0);
  });
});
