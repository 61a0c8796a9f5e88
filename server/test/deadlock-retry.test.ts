/**
 * The request layer runs a write transaction again when the database undid it whole (a deadlock's
 * victim on MariaDB, a stale snapshot on a shared SQLite file): up to 3 attempts, then the error.
 */
import { expect } from 'chai';
import { mustRetry, retryOnDeadlock } from '../src/http/router.ts';

const deadlock = () => Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 });

describe('request layer: deadlock victims run again', () => {
  it('knows which errors undid the whole transaction', () => {
    expect(mustRetry(deadlock())).to.equal(true);
    expect(mustRetry({ errno: 1213 })).to.equal(true);
    expect(mustRetry({ code: 'SQLITE_BUSY_SNAPSHOT' })).to.equal(true);
    expect(mustRetry({ code: 'ER_DUP_ENTRY', errno: 1062 })).to.equal(false);
    expect(mustRetry({ code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205 })).to.equal(false);
    expect(mustRetry(null)).to.equal(false);
  });

  it('runs a victim again and answers the attempt that succeeded', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls++;
      if (calls < 3) throw deadlock();
      return 'fait';
    });
    expect([result, calls]).to.deep.equal(['fait', 3]);
  });

  it('gives up after 3 attempts, and never retries another error', async () => {
    let calls = 0;
    const failing = retryOnDeadlock(async () => { calls++; throw deadlock(); });
    await failing.then(() => expect.fail('should throw'), (e: { code?: string }) => expect(e.code).to.equal('ER_LOCK_DEADLOCK'));
    expect(calls).to.equal(3);
    calls = 0;
    await retryOnDeadlock(async () => { calls++; throw new Error('autre'); }).catch((e: Error) => expect(e.message).to.equal('autre'));
    expect(calls).to.equal(1);
  });
});
