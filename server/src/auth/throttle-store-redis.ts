/**
 * The throttling counters in Redis (REDIS_URL): INCR and a PEXPIRE set with the first event, in
 * one script so that the count, its window and `lockedAt` move together; a slot is a hash taken in
 * one script too. Keys expire with their window, so there is nothing to purge. While Redis cannot be reached, each operation falls back
 * to the database store (logged): throttling never stops, and never stops a login.
 */
import { Redis } from 'ioredis';
import type { Logger } from '@comptoir/sdk';
import type { Counter } from './throttle-rules.ts';
import { storedKey, type ThrottleStore } from './throttle-store.ts';

// KEYS: count, lockedAt, windowEnd. ARGV: windowMs, lockFrom (0 = never), now.
// The window's end is stored with the first event (the caller's clock), not derived from the TTL
// left: every request of the window must name the same window (a slot belongs to one).
const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  redis.call('DEL', KEYS[2])
  redis.call('SET', KEYS[3], string.format('%.0f', tonumber(ARGV[3]) + tonumber(ARGV[1])), 'PX', ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
local from = tonumber(ARGV[2])
if from > 0 and n >= from and ttl > 0 then
  redis.call('SET', KEYS[2], ARGV[3], 'NX', 'PX', ttl)
end
return {n, ttl, redis.call('GET', KEYS[2]), redis.call('GET', KEYS[3])}
`;

// KEYS: the slot (a hash: nextAt, taken). ARGV: now, opensAt, gapMs, growth, maxGapMs, expiresAt.
// throttle-rules.ts takeSlot, in one script: of requests asking together, one takes the slot.
const TAKE_SLOT = `
local now = tonumber(ARGV[1])
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'nextAt') or ARGV[2])
local taken = tonumber(redis.call('HGET', KEYS[1], 'taken') or '0')
if nextAt > now then return {0, string.format('%.0f', nextAt)} end
local gap
if ARGV[4] == 'double' then gap = tonumber(ARGV[3]) * 2 ^ math.min(taken, 30) else gap = tonumber(ARGV[3]) * (taken + 1) end
gap = math.min(tonumber(ARGV[5]), gap)
local opens = now + gap
redis.call('HSET', KEYS[1], 'nextAt', string.format('%.0f', opens), 'taken', taken + 1)
redis.call('PEXPIRE', KEYS[1], math.max(1, math.floor(math.max(opens, tonumber(ARGV[6])) - now)))
return {1, string.format('%.0f', opens)}
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
    return [`${k}:n`, `${k}:locked`, `${k}:end`];
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
      const [n, ttl, locked, end] = await redis.eval(INCREMENT, 3, ...keys(key), windowMs, lockFrom, now) as [number, number, string | null, string | null];
      const windowEnd = end === null ? now + Math.max(0, ttl) : Number(end);
      return { count: n, windowEnd, lockedAt: locked === null ? null : Number(locked) } satisfies Counter;
    }, () => fallback.increment(key, now, windowMs, lockFrom)),
    takeSlot: (key, now, rule) => attempt('takeSlot', async () => {
      const slot = `${options.prefix}:throttle:{${storedKey(key)}}:slot`;
      const [taken, nextAt] = await redis.eval(TAKE_SLOT, 1, slot, now, rule.opensAt, rule.gapMs, rule.growth, rule.maxGapMs, rule.expiresAt) as [number, string];
      return { taken: taken === 1, nextAt: Number(nextAt) };
    }, () => fallback.takeSlot(key, now, rule)),
    decrement: (key, windowEnd) => attempt('decrement', async () => {
      await redis.eval(DECREMENT, 1, keys(key)[0]);
    }, () => fallback.decrement(key, windowEnd)),
    peek: (key, now) => attempt('peek', async () => {
      const [k, lockedKey, endKey] = keys(key);
      const [n, ttl, locked, end] = await Promise.all([redis.get(k), redis.pttl(k), redis.get(lockedKey), redis.get(endKey)]);
      if (n === null || ttl <= 0) return null;
      return { count: Number(n), windowEnd: end === null ? now + ttl : Number(end), lockedAt: locked === null ? null : Number(locked) };
    }, () => fallback.peek(key, now)),
    reset: (key) => attempt('reset', async () => { await redis.del(...keys(key)); }, () => fallback.reset(key)),
    purge: (now) => fallback.purge(now),
    async close() {
      redis.disconnect();
    },
  };
}
