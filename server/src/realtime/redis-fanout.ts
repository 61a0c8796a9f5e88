/**
 * The fan-out across kernel processes (docs/architecture.md « Scale-out »): Redis pub/sub on one channel.
 * `publish` = PUBLISH of the JSON message; every process (this one included) receives it on a
 * dedicated subscriber connection and hands it to its hub, in the order published. So an event
 * committed on process A reaches the sockets held by process B, re-checks (revocations) too.
 *
 * Start: both connections must open, else `createRedisFanout` rejects (the kernel refuses to start:
 * with REDIS_URL set, a silent fall-back to one process would lose every message between processes).
 * Later outages: ioredis reconnects and subscribes again; a message published meanwhile is lost and
 * logged (live updates are best effort: kept notifications are in the database, and the shell
 * refetches after a reconnection), without ever holding a request up.
 *
 * `barrier()`: PUBLISH is answered once Redis queued the message for every subscriber, but nothing
 * says when this process will read it: its event loop may take a client's request first, sent after
 * the publisher answered that client. Redis answers the commands of one connection in order, behind
 * what it queued there before, and ioredis hands replies and messages over in the order read; so a
 * PING sent on the *subscriber* connection now is answered after every message already published,
 * each given to the watchers (synchronously) before the PING's promise resolves. PING is allowed on
 * a subscribed connection (RESP2: answered `pong` as a pub/sub frame, which ioredis matches to the
 * command; RESP3, ioredis 6's default: a plain reply beside push frames).
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
  /**
   * how long a barrier's PING may go unanswered before the subscriber is taken as stalled (caches
   * off, as for a link down, until a PING is answered again); default 1 000 ms
   */
  barrierTimeoutMs?: number;
  /** RESP version; ioredis negotiates 3 by default (falling back to 2 on an older Redis): tests force each */
  protocol?: 2 | 3;
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
    ...(options.protocol ? { protocol: options.protocol } : {}),
  };
  const barrierTimeoutMs = options.barrierTimeoutMs ?? 1_000;
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
  // while the subscriber is away, messages are lost; while it does not answer, they are late:
  // watchers (caches) stop trusting what they hold, and barriers fail at once
  let up = true;
  // bumped when the subscriber connection closes: a PING of an older connection says nothing of this one
  let connection = 0;
  /** barriers' PINGs still unanswered: failed when the connection closes */
  const unanswered = new Set<(ok: boolean) => void>();
  const setLink = (value: boolean) => {
    if (up === value) return;
    up = value;
    if (!value) for (const settle of [...unanswered]) settle(false);
    tell((w) => w.link(value));
  };
  sub.on('close', () => {
    connection++;
    setLink(false);
  });
  sub.on('ready', () => {
    // ioredis subscribes again by itself; this SUBSCRIBE answers once the channel is ours again
    sub.subscribe(channel).then(() => {
      if (!closing) setLink(true);
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

  /** One PING on the subscriber connection: true once answered (everything queued before it handed over). */
  function ping(): Promise<boolean> {
    const on = connection;
    return new Promise<boolean>((resolve) => {
      const settle = (ok: boolean) => {
        clearTimeout(timer);
        unanswered.delete(settle);
        resolve(ok);
      };
      unanswered.add(settle);
      // no answer in time: messages may be as late; caches off until a PING of this connection answers
      const timer = setTimeout(() => {
        settle(false);
        if (on !== connection || !up || closing) return;
        log.warn({ timeoutMs: barrierTimeoutMs }, 'redis fan-out: subscriber connection does not answer, caches off');
        setLink(false);
      }, barrierTimeoutMs);
      sub.ping().then(() => {
        // late, after a stall: this connection hands messages over again, nothing was lost
        if (on === connection && !up && !closing) setLink(true);
        settle(on === connection && up);
      }, () => settle(false));
    });
  }
  // at most one PING in flight, and one waiting for it: a barrier asked while a PING is in flight
  // needs one sent after it was asked, so it waits for the next, which every such barrier shares
  let inFlight: Promise<boolean> | null = null;
  let queued: { promise: Promise<boolean>; resolve: (ok: boolean | Promise<boolean>) => void } | null = null;
  function launch(): Promise<boolean> {
    const sent = ping();
    inFlight = sent;
    void sent.then(() => {
      inFlight = null;
      const next = queued;
      queued = null;
      next?.resolve(up && !closing ? launch() : false);
    });
    return sent;
  }

  return {
    barrier() {
      if (!up || closing) return Promise.resolve(false);
      if (!inFlight) return launch();
      if (!queued) {
        let resolve!: (ok: boolean | Promise<boolean>) => void;
        const promise = new Promise<boolean>((r) => { resolve = r; });
        queued = { promise, resolve };
      }
      return queued.promise;
    },
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
      for (const settle of [...unanswered]) settle(false);
      handlers.clear();
      watchers.clear();
      await Promise.all([pub, sub].map(async (c) => {
        try { await c.quit(); } catch { c.disconnect(); }
      }));
      await queue;
    },
  };
}
