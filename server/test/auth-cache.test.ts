/**
 * The request layer's caches as plain objects (server/src/util/forgetful-cache.ts,
 * server/src/http/auth-cache.ts): a fill that overlapped an invalidation is dropped, forgetting by
 * session, user, access token and role, pause while invalidations may be lost, the TTL and size
 * bounds, and which entity events make what stale. Through HTTP: test/integration/kernel-auth-cache.test.ts.
 */
import { expect } from 'chai';
import type { BusEvent } from '@comptoir/sdk';
import { createForgetfulCache } from '../src/util/forgetful-cache.ts';
import { authChangeOf, createRequestCaches, type Identity } from '../src/http/auth-cache.ts';
import { throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { openDatabase } from '../src/db/connect.ts';
import type { Knex } from 'knex';

const id = (c: string) => c.repeat(24);

function identity(over: Partial<Identity> = {}): Identity {
  return {
    sessionId: id('1'), accessTokenId: null, userId: id('2'), expiresAt: null, lastActionAt: 0,
    companies: new Set([id('3')]), activeCompanyId: id('3'), roleIds: new Set([id('4')]), roles: [], rights: new Map(),
    ...over,
  };
}

const event = (name: string, entity: string, userId: string | null = null): BusEvent =>
  ({ name, payload: { _id: id('9'), entity }, companyId: null, userId, sessionId: null } as BusEvent);

describe('forgetful cache', function () {
  it('keeps a fill whose ticket is still current, and drops one that overlapped a forget', function () {
    const c = createForgetfulCache<{ v: number }>({ max: 10, ttlMs: 60_000 });
    const before = c.ticket();
    c.set('a', { v: 1 }, before);
    expect(c.get('a')).to.deep.equal({ v: 1 });
    const racing = c.ticket();
    // the change commits and is forgotten while the fill was reading the database
    c.forget((v) => v.v === 42);
    c.set('b', { v: 2 }, racing);
    expect(c.get('b')).to.equal(undefined);
    c.set('b', { v: 2 }, c.ticket());
    expect(c.get('b')).to.deep.equal({ v: 2 });
  });

  it('forgets what the predicate accepts, or everything', function () {
    const c = createForgetfulCache<{ v: number }>({ max: 10, ttlMs: 60_000 });
    for (const v of [1, 2, 3]) c.set(String(v), { v }, c.ticket());
    c.forget((x) => x.v % 2 === 1);
    expect([c.get('1'), c.get('2'), c.get('3')]).to.deep.equal([undefined, { v: 2 }, undefined]);
    c.forget();
    expect(c.size).to.equal(0);
  });

  it('serves and keeps nothing while paused, and starts again empty', function () {
    const c = createForgetfulCache<{ v: number }>({ max: 10, ttlMs: 60_000 });
    c.set('a', { v: 1 }, c.ticket());
    const ticket = c.ticket();
    c.pause(true);
    expect(c.get('a')).to.equal(undefined);
    c.set('b', { v: 2 }, c.ticket());
    expect(c.size).to.equal(0);
    c.pause(false);
    // a fill that started before or during the outage is not kept
    c.set('c', { v: 3 }, ticket);
    expect(c.get('a')).to.equal(undefined);
    expect(c.get('c')).to.equal(undefined);
    c.set('d', { v: 4 }, c.ticket());
    expect(c.get('d')).to.deep.equal({ v: 4 });
  });

  it('forgets a value once its TTL has passed', async function () {
    const c = createForgetfulCache<{ v: number }>({ max: 10, ttlMs: 30 });
    c.set('a', { v: 1 }, c.ticket());
    expect(c.get('a')).to.deep.equal({ v: 1 });
    await new Promise((r) => setTimeout(r, 80));
    expect(c.get('a')).to.equal(undefined);
  });

  it('is bounded in entries (least recently used out) and in size (a value too large is not kept)', function () {
    const c = createForgetfulCache<{ n: number }>({ max: 2, ttlMs: 60_000, maxSize: 10, sizeOf: (v) => v.n });
    c.set('a', { n: 1 }, c.ticket());
    c.set('b', { n: 1 }, c.ticket());
    c.get('a');
    c.set('c', { n: 1 }, c.ticket());
    expect([c.get('a'), c.get('b'), c.get('c')]).to.deep.equal([{ n: 1 }, undefined, { n: 1 }]);
    c.set('huge', { n: 11 }, c.ticket());
    expect(c.get('huge')).to.equal(undefined);
    c.set('d', { n: 9 }, c.ticket());
    // 9 + 1 fit, not 9 + 1 + 1
    expect(c.size).to.equal(2);
  });
});

describe('auth cache: what a change makes stale', function () {
  it('maps the entity events authentication depends on, and nothing else', function () {
    expect(authChangeOf(event('kernel.session.updated', 'kernel.sessions'))).to.deep.equal({ sessionId: id('9') });
    expect(authChangeOf(event('kernel.session.deleted', 'kernel.sessions'))).to.deep.equal({ sessionId: id('9') });
    expect(authChangeOf(event('kernel.session.created', 'kernel.sessions'))).to.equal(null);
    expect(authChangeOf(event('kernel.user.updated', 'kernel.users'))).to.deep.equal({ userId: id('9') });
    expect(authChangeOf(event('kernel.user.created', 'kernel.users'))).to.equal(null);
    expect(authChangeOf(event('kernel.role.updated', 'kernel.roles'))).to.deep.equal({ roleId: id('9') });
    expect(authChangeOf(event('kernel.role.deleted', 'kernel.roles'))).to.deep.equal({ roleId: id('9') });
    expect(authChangeOf(event('kernel.access-token.deleted', 'kernel.access-tokens', id('5'))))
      .to.deep.equal({ accessTokenId: id('9'), userId: id('5') });
    expect(authChangeOf(event('kernel.user-prop.created', 'kernel.user-props'))).to.deep.equal({ userProps: true });
    expect(authChangeOf(event('kernel.server-setting.updated', 'kernel.server-settings'))).to.deep.equal({ all: true });
    expect(authChangeOf(event('kernel.company.updated', 'kernel.companies'))).to.equal(null);
    expect(authChangeOf(event('contacts.customer.updated', 'contacts.customers'))).to.equal(null);
    expect(authChangeOf({ name: 'kernel.notification.sent', payload: { notifications: [] }, companyId: null, userId: null } as unknown as BusEvent)).to.equal(null);
  });

  describe('the kernel’s caches', function () {
    let database: ThrowawayDatabase;
    let db: Knex;
    before(async function () {
      database = await throwawayDatabase();
      db = openDatabase({ dataDir: database.dataDir, databaseUrl: database.url ?? null });
    });
    after(async function () {
      await db?.destroy();
      await database?.drop();
    });

    it('forgets the identities of a session, a user, an access token or a role holder, and the definitions apart', function () {
      const caches = createRequestCaches(db);
      const fill = () => {
        caches.identities.forget();
        caches.identities.set('s', identity(), caches.identities.ticket());
        caches.identities.set('t', identity({ sessionId: null, accessTokenId: id('6'), userId: id('7'), roleIds: new Set() }), caches.identities.ticket());
        caches.definitions.set('kernel.establishments', [], caches.definitions.ticket());
      };
      const kept = () => ['s', 't'].filter((k) => caches.identities.get(k));
      fill();
      caches.forget({ sessionId: id('1') });
      expect(kept()).to.deep.equal(['t']);
      fill();
      caches.forget({ userId: id('7') });
      expect(kept()).to.deep.equal(['s']);
      fill();
      caches.forget({ accessTokenId: id('6') });
      expect(kept()).to.deep.equal(['s']);
      fill();
      caches.forget({ roleId: id('4') });
      expect(kept()).to.deep.equal(['t']);
      expect(caches.definitions.get('kernel.establishments')).to.deep.equal([]);
      caches.forget({ userProps: true });
      expect(caches.definitions.get('kernel.establishments')).to.equal(undefined);
      fill();
      caches.forget({ all: true });
      expect(kept()).to.deep.equal([]);
      expect(caches.definitions.get('kernel.establishments')).to.equal(undefined);
      fill();
      caches.link(false);
      expect(kept()).to.deep.equal([]);
      caches.link(true);
      fill();
      expect(kept()).to.deep.equal(['s', 't']);
    });
  });
});
