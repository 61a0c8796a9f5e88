/**
 * The throttling counters in Redis (REDIS_URL): INCR and a PEXPIRE set with the first event, in
 * one script so that the count, its window and `lockedAt` move together; keys expire with their
 * window, so there is nothing to purge. While Redis cannot be reached, each operation falls back
 * to the database store (logged): throttling never stops, and never stops a login.
 */
import { Redis } from 'ioredis';
import type { Logger } from '@comptoir/sdk';
import type { Counter } from './throttle-rules.ts';
import { storedKey, type ThrottleStore } from './throttle-store.ts';

// KEYS: count, lockedAt. ARGV: windowMs, lockFrom (0 = never), now.
const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  redis.call('DEL', KEYS[2])
end
local ttl = redis.call('PTTL', KEYS[1])
local from = tonumber(ARGV[2])
if from > 0 and n >= from and ttl > 0 then
  redis.call('SET', KEYS[2], ARGV[3], 'NX', 'PX', ttl)
end
return {n, ttl, redis.call('GET', KEYS[2])}
`;

// KEYS: count. Never below 0, never creates a key.
const DECREMENT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export function redisThrottleStore(options: { url: string; prefix: string; fallback: ThrottleStore; log: Logger }): ThrottleStore {
  const { fallback, log } = options;
  // no offline queue: while Redis is away a command fails at once and the database answers
  const redis = new Redis(options.url, {
    lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  redis.on('error', () => { /* reported by the operation that falls back */ });
  let connecting: Promise<void> | null = null;
  const ready = () => {
    if (redis.status === 'ready') return Promise.resolve();
    if (redis.status === 'wait') connecting ??= redis.connect().finally(() => { connecting = null; });
    return connecting ?? Promise.reject(new Error(`redis ${redis.status}`));
  };
  const keys = (key: string) => {
    // one hash slot for both keys of a counter (Redis Cluster)
    const k = `${options.prefix}:throttle:{${storedKey(key)}}`;
    return [`${k}:n`, `${k}:locked`];
  };
  async function attempt<T>(what: string, onRedis: () => Promise<T>, onDatabase: () => Promise<T>): Promise<T> {
    try {
      await ready();
      return await onRedis();
    } catch (err) {
      log.warn({ err: (err as Error).message, what }, 'throttle: redis unreachable, counted in the database');
      return onDatabase();
    }
  }
  return {
    increment: (key, now, windowMs, lockFrom) => attempt('increment', async () => {
      const [n, ttl, locked] = await redis.eval(INCREMENT, 2, ...keys(key), windowMs, lockFrom, now) as [number, number, string | null];
      return { count: n, windowEnd: now + Math.max(0, ttl), lockedAt: locked === null ? null : Number(locked) } satisfies Counter;
    }, () => fallback.increment(key, now, windowMs, lockFrom)),
    decrement: (key, windowEnd) => attempt('decrement', async () => {
      await redis.eval(DECREMENT, 1, keys(key)[0]);
    }, () => fallback.decrement(key, windowEnd)),
    peek: (key, now) => attempt('peek', async () => {
      const [k] = keys(key);
      const [n, ttl, locked] = await Promise.all([redis.get(k), redis.pttl(k), redis.get(keys(key)[1])]);
      if (n === null || ttl <= 0) return null;
      return { count: Number(n), windowEnd: now + ttl, lockedAt: locked === null ? null : Number(locked) };
    }, () => fallback.peek(key, now)),
    reset: (key) => attempt('reset', async () => { await redis.del(...keys(key)); }, () => fallback.reset(key)),
    purge: (now) => fallback.purge(now),
    async close() {
      redis.disconnect();
    },
  };
}
