/**
 * The fan-out across kernel processes (DESIGN §2 "Scale-out"): Redis pub/sub on one channel.
 * `publish` = PUBLISH of the JSON message; every process (this one included) receives it on a
 * dedicated subscriber connection and hands it to its hub, in the order published. So an event
 * committed on process A reaches the sockets held by process B, re-checks (revocations) too.
 *
 * Start: both connections must open, else `createRedisFanout` rejects (the kernel refuses to start:
 * with REDIS_URL set, a silent fall-back to one process would lose every message between processes).
 * Later outages: ioredis reconnects and subscribes again; a message published meanwhile is lost and
 * logged (live updates are best effort: kept notifications are in the database, and the shell
 * refetches after a reconnection), without ever holding a request up.
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '@comptoir/sdk';
import type { Fanout, FanoutHandler, FanoutMessage, FanoutWatcher } from './fanout.ts';

export interface RedisFanoutOptions {
  url: string;
  /** the pub/sub channel: processes of one installation share it, tests use a random one */
  channel: string;
  log: Logger;
  connectTimeoutMs?: number;
}

function isFanoutMessage(m: unknown): m is FanoutMessage {
  const kind = (m as { kind?: unknown } | null)?.kind;
  return !!m && typeof m === 'object' && (kind === 'deliver' || kind === 'recheck');
}

export async function createRedisFanout(options: RedisFanoutOptions): Promise<Fanout> {
  const { url, channel, log } = options;
  let started = false;
  let closing = false;
  let lastError = null as Error | null;
  const base: RedisOptions = {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 5_000,
    // no retry while starting (the start fails at once, clearly); then reconnect, up to every 2 s
    retryStrategy: (times) => (started && !closing ? Math.min(times * 200, 2_000) : null),
  };
  // no offline queue: while Redis is away, a publish fails at once instead of holding a request
  const pub = new Redis(url, { ...base, enableOfflineQueue: false });
  const sub = new Redis(url, base);
  for (const c of [pub, sub]) {
    c.on('error', (err: Error) => {
      lastError = err;
      if (started && !closing) log.warn({ err: err.message }, 'redis fan-out: connection error');
    });
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(channel);
  } catch (e) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(lastError?.message ?? (e as Error).message, { cause: e });
  }
  started = true;

  const handlers = new Set<FanoutHandler>();
  const watchers = new Set<FanoutWatcher>();
  const tell = (f: (w: FanoutWatcher) => void) => {
    for (const w of [...watchers]) {
      try { f(w); } catch (err) { log.error({ err }, 'redis fan-out: watcher failed'); }
    }
  };
  // while the subscriber is away, messages are lost: watchers (caches) stop trusting what they hold
  let up = true;
  sub.on('close', () => {
    if (!up) return;
    up = false;
    tell((w) => w.link(false));
  });
  sub.on('ready', () => {
    // ioredis subscribes again by itself; this SUBSCRIBE answers once the channel is ours again
    sub.subscribe(channel).then(() => {
      if (up || closing) return;
      up = true;
      tell((w) => w.link(true));
    }, (err: Error) => log.warn({ err: err.message }, 'redis fan-out: subscribing again failed'));
  });
  // one message at a time, in the order Redis delivers them (a re-check is async)
  let queue: Promise<void> = Promise.resolve();
  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let m: unknown;
    try { m = JSON.parse(text); } catch { m = null; }
    if (!isFanoutMessage(m)) {
      log.warn({ channel }, 'redis fan-out: unreadable message ignored');
      return;
    }
    const message = m;
    tell((w) => w.message(message));
    queue = queue.then(async () => {
      for (const h of [...handlers]) {
        try { await h(m); } catch (err) { log.error({ err }, 'websocket: fan-out handler failed'); }
      }
    });
  });

  return {
    async publish(m) {
      try {
        await pub.publish(channel, JSON.stringify(m));
      } catch (err) {
        log.error({ err: (err as Error).message, kind: m.kind }, 'redis fan-out: message lost (Redis unavailable)');
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => { handlers.delete(handler); };
    },
    watch(watcher) {
      watchers.add(watcher);
      return () => { watchers.delete(watcher); };
    },
    async close() {
      if (closing) return;
      closing = true;
      handlers.clear();
      watchers.clear();
      await Promise.all([pub, sub].map(async (c) => {
        try { await c.quit(); } catch { c.disconnect(); }
      }));
      await queue;
    },
  };
}
