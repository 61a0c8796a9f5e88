/** The background queue of `background: true` subscriptions (server/src/events/README.md). */
import { expect } from 'chai';
import { createBackgroundQueue, createLoadGate } from '../src/events/background.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background queue', () => {
  it('runs its work one at a time, in order, after the current turn', async () => {
    const q = createBackgroundQueue(() => undefined);
    const seen: string[] = [];
    let running = 0;
    let most = 0;
    for (const name of ['a', 'b', 'c']) {
      q.push(name, async () => {
        running++;
        most = Math.max(most, running);
        await tick(5);
        seen.push(name);
        running--;
      });
    }
    expect(seen).to.deep.equal([]);
    expect(q.size).to.equal(3);
    await q.idle();
    expect(seen).to.deep.equal(['a', 'b', 'c']);
    expect(most).to.equal(1);
    expect(q.size).to.equal(0);
  });

  it('waits while requests are in progress, then for a quiet time', async () => {
    const gate = createLoadGate(30);
    const q = createBackgroundQueue(() => undefined, gate);
    let done = false;
    gate.enter();
    q.push('x', async () => { done = true; });
    await tick(60);
    expect(done, 'a request is in progress').to.equal(false);
    gate.leave();
    await tick(10);
    expect(done, 'not quiet long enough yet').to.equal(false);
    // a request coming in the quiet time starts the wait again
    gate.enter();
    gate.leave();
    await tick(20);
    expect(done).to.equal(false);
    await tick(40);
    expect(done).to.equal(true);
  });

  it('runs at once what a reader waits for (settled), and everything for idle(), whatever the load', async () => {
    const gate = createLoadGate(30);
    const q = createBackgroundQueue(() => undefined, gate);
    const seen: string[] = [];
    gate.enter();
    q.push('a', async () => { seen.push('a'); });
    q.push('b', async () => { seen.push('b'); });
    q.push('c', async () => { seen.push('c'); });
    await q.settled('b');
    expect(seen).to.deep.equal(['a', 'b']);
    await q.settled('unknown');
    await q.idle();
    expect(seen).to.deep.equal(['a', 'b', 'c']);
    gate.leave();
  });

  it('reports a failure and goes on with the next', async () => {
    const errors: unknown[] = [];
    const q = createBackgroundQueue((e) => errors.push(e));
    const seen: string[] = [];
    q.push('a', async () => { throw new Error('rendu impossible'); });
    q.push('b', async () => { seen.push('b'); });
    await q.idle();
    expect(seen).to.deep.equal(['b']);
    expect(errors).to.have.length(1);
    expect((errors[0] as Error).message).to.equal('rendu impossible');
  });
});
