/**
 * `inOwnTransaction` (server/src/platform/services/own-transaction.ts), the transaction of the
 * routes that are `transactional: false` (login, invitation links), runs on the request layer's
 * runner (`inWriteTransaction`, server/src/http/router.ts): a transaction the database undid whole
 * (a deadlock's victim) runs again, and only the attempt that committed is seen — its rows and
 * its events, once. On MariaDB with a real InnoDB deadlock between two of them.
 */
import { expect } from 'chai';
import type { BusEvent, CallContext, RequestContext } from '@comptoir/sdk';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import type { Role } from '@comptoir/schemas';
import { Roles } from '../../server/src/entities/platform.ts';
import { inOwnTransaction } from '../../server/src/platform/services/own-transaction.ts';

const mysql = Boolean(process.env.DATABASE_URL);

const deadlock = () => Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 });

describe('kernel: a route’s own transaction runs again after a deadlock', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let events: BusEvent[];

  /** what a `transactional: false` route hands to inOwnTransaction, as the administrator of A */
  const request = (): RequestContext => ({
    raw: { app: k.kernel.app },
    requestId: 'essai-transaction',
    caller: { userId: k.admin.userId, sessionId: null, companyId: k.admin.companyId, god: true, permissions: new Set<string>() },
    log: k.kernel.log,
    now: new Date(),
  }) as unknown as RequestContext;

  const rolesNamed = async (name: string) => Number((await k.db('kernel_roles').where({ name }).count({ n: '*' }).first())?.n);

  before(async function () {
    k = await createTestKernel();
    k.kernel.events.on('*', (e: BusEvent) => { events.push(e); });
  });
  beforeEach(() => { events = []; });
  after(async function () { await k?.stop(); });

  it('a victim (ER_LOCK_DEADLOCK) runs again: one row, one event, the answer of the attempt that committed', async function () {
    let attempts = 0;
    const result = await inOwnTransaction(request(), async (x: CallContext) => {
      attempts += 1;
      const role = await x.repo(Roles).create({ name: 'Caisse', permissions: [] }) as Role;
      // written, then undone by the database: the attempt must leave nothing
      if (attempts === 1) throw deadlock();
      return `${role.name} ${attempts}`;
    });
    expect([result, attempts]).to.deep.equal(['Caisse 2', 2]);
    expect(await rolesNamed('Caisse')).to.equal(1);
    expect(events.filter((e) => e.name.startsWith('kernel.role')).length, JSON.stringify(events.map((e) => e.name))).to.equal(1);
  });

  it('any other error is not retried', async function () {
    let attempts = 0;
    const failed = await inOwnTransaction(request(), async () => { attempts += 1; throw new Error('autre'); }).catch((e: Error) => e.message);
    expect([failed, attempts]).to.deep.equal(['autre', 1]);
  });

  (mysql ? it : it.skip)('MariaDB: two of them locking two rows in opposite orders both commit (the victim ran again)', async function () {
    // skipped on SQLite: one writer at a time, two transactions never hold a lock each
    const [a, b] = await Promise.all(['Rayon A', 'Rayon B'].map((name) => k.http.post('/api/kernel/roles', { name, permissions: [] })));
    let attempts = 0;
    let holding = 0;
    let bothHold!: () => void;
    const barrier = new Promise<void>((resolve) => { bothHold = resolve; });
    const rename = (first: string, second: string, suffix: string) => inOwnTransaction(request(), async (x) => {
      attempts += 1;
      await x.repo(Roles).update(first, { name: `${first} ${suffix}` });
      // the first attempts meet here, each holding its first row: InnoDB picks one as victim
      if (++holding === 2) bothHold();
      await barrier;
      await x.repo(Roles).update(second, { name: `${second} ${suffix}` });
      return suffix;
    });
    const done = await Promise.all([rename(a.body._id, b.body._id, 'x'), rename(b.body._id, a.body._id, 'y')]);
    expect(done).to.deep.equal(['x', 'y']);
    expect(attempts, 'the victim ran a second time').to.equal(3);
    const names = await k.db('kernel_roles').whereIn('_id', [a.body._id, b.body._id]).pluck('name');
    // both renamed by the same transaction, whichever committed last
    expect(new Set(names.map((n: string) => n.slice(-1))).size).to.equal(1);
  });
});
