/**
 * The Redis implementation of the fan-out (server/src/realtime/redis-fanout.ts) against the local
 * Redis (127.0.0.1:6379), each test on a random channel so that concurrent runs never cross-talk;
 * and Redis unreachable at start: a clear French start error naming REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { createRedisFanout } from '../src/realtime/redis-fanout.ts';
import type { Fanout, FanoutMessage } from '../src/realtime/fanout.ts';
import { createKernel, loadConfig, ConfigError } from '../src/index.ts';
import { throwawayDatabase } from '@comptoir/sdk/testing';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** nothing listens there */
const DEAD_REDIS = 'redis://127.0.0.1:1';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const channel = () => `comptoir-test:${randomBytes(6).toString('hex')}`;
const deliver = (title: string): FanoutMessage => ({
  kind: 'deliver', target: { companyId: 'a'.repeat(24), userIds: 'company' },
  message: { type: 'change', name: 'x.y.created', entity: 'x.ys', _id: 'b'.repeat(24), by: null, session: title },
});

/** Collects what a fan-out hands to its subscribers; `until` waits (bounded) for a count. */
function collector(f: Fanout) {
  const got: FanoutMessage[] = [];
  f.subscribe((m) => { got.push(m); });
  return {
    got,
    async until(n: number) {
      const end = Date.now() + 5_000;
      while (got.length < n) {
        if (Date.now() > end) throw new Error(`${got.length} messages received, ${n} expected: ${JSON.stringify(got)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

describe('realtime: Redis fan-out', function () {
  const opened: Fanout[] = [];
  const open = async (ch: string) => {
    const f = await createRedisFanout({ url: REDIS_URL, channel: ch, log: silent });
    opened.push(f);
    return f;
  };
  afterEach(async function () { await Promise.all(opened.splice(0).map((f) => f.close())); });

  it('hands every message published by one process to every process on the channel, in order', async function () {
    const ch = channel();
    const [a, b] = [await open(ch), await open(ch)];
    const [onA, onB] = [collector(a), collector(b)];
    await a.publish(deliver('1'));
    await b.publish({ kind: 'recheck', sessionId: 'c'.repeat(24) });
    await a.publish(deliver('3'));
    await onA.until(3);
    await onB.until(3);
    for (const c of [onA, onB]) {
      expect(c.got.map((m) => (m.kind === 'deliver' ? (m.message as { session: string }).session : m.kind))).to.deep.equal(['1', 'recheck', '3']);
    }
  });

  it('tells watchers (caches) of a message on arrival, not behind the handlers still busy with earlier ones', async function () {
    const f = await open(channel());
    let release!: () => void;
    const busy = new Promise<void>((r) => { release = r; });
    const handled: string[] = [];
    f.subscribe(async (m) => {
      if (m.kind === 'deliver') await busy;
      handled.push(m.kind);
    });
    const watched: FanoutMessage[] = [];
    f.watch({ message: (m) => { watched.push(m); }, link: () => undefined });
    await f.publish(deliver('lent'));
    await f.publish({ kind: 'recheck', sessionId: 'c'.repeat(24) });
    const end = Date.now() + 5_000;
    while (watched.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(watched.map((m) => m.kind)).to.deep.equal(['deliver', 'recheck']);
    // the first handler still waits: the re-check was watched before it was handled
    expect(handled).to.deep.equal([]);
    release();
    while (handled.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(handled).to.deep.equal(['deliver', 'recheck']);
  });

  it('never crosses channels', async function () {
    const [one, other] = [await open(channel()), await open(channel())];
    const onOther = collector(other);
    // Redis hands a message to the subscribers before answering PUBLISH: had it crossed, it would
    // come before the marker published next
    await one.publish(deliver('ailleurs'));
    await other.publish(deliver('repère'));
    await onOther.until(1);
    expect(onOther.got).to.have.length(1);
    expect((onOther.got[0] as { message: { session: string } }).message.session).to.equal('repère');
  });

  it('drops an unreadable message and keeps going', async function () {
    const ch = channel();
    const f = await open(ch);
    const c = collector(f);
    const raw = new Redis(REDIS_URL);
    try {
      await raw.publish(ch, 'pas du json');
      await raw.publish(ch, JSON.stringify({ kind: 'inconnu' }));
    } finally { raw.disconnect(); }
    await f.publish(deliver('après'));
    await c.until(1);
    expect(c.got).to.have.length(1);
  });

  it('stops delivering once closed, and a publish after close is logged, not thrown', async function () {
    const f = await createRedisFanout({ url: REDIS_URL, channel: channel(), log: silent });
    const c = collector(f);
    await f.close();
    await f.publish(deliver('trop tard'));
    expect(c.got).to.deep.equal([]);
  });

  it('refuses to start when Redis cannot be reached', async function () {
    let error: Error | null = null;
    try { await createRedisFanout({ url: DEAD_REDIS, channel: channel(), log: silent }); } catch (e) { error = e as Error; }
    expect(error?.message).to.match(/ECONNREFUSED/);
  });

  it('stops the kernel’s start with a French sentence naming REDIS_URL (its password hidden)', async function () {
    const db = await throwawayDatabase();
    try {
      const config = loadConfig({
        DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', REDIS_URL: 'redis://:motdepasse@127.0.0.1:1/0', ...(db.url ? { DATABASE_URL: db.url } : {}),
      });
      let error: Error | null = null;
      try { await createKernel({ config, pluginDirs: [] }); } catch (e) { error = e as Error; }
      expect(error).to.be.instanceOf(ConfigError);
      expect(error!.message).to.match(/^Redis injoignable \(REDIS_URL=redis:\/\/:\*\*\*@127\.0\.0\.1:1\/0\) : connect ECONNREFUSED 127\.0\.0\.1:1\. Démarrez Redis, ou retirez REDIS_URL pour un seul processus\.$/);
      expect(error!.message).to.not.include('motdepasse');
    } finally {
      await db.drop();
    }
  });

  it('reads the channel from COMPTOIR_REDIS_CHANNEL, and refuses a bad one', function () {
    expect(loadConfig({}).redisChannel).to.equal('comptoir:realtime');
    expect(loadConfig({ COMPTOIR_REDIS_CHANNEL: 'boutique-2:temps-reel' }).redisChannel).to.equal('boutique-2:temps-reel');
    expect(() => loadConfig({ COMPTOIR_REDIS_CHANNEL: 'avec espace' })).to.throw(ConfigError, /COMPTOIR_REDIS_CHANNEL/);
  });
});
