/**
 * A bounded per-process cache of database reads that an invalidation always beats (the request
 * layer's identities, user-property definitions: server/src/http/README.md).
 *
 * - LRU in entries (and in size when `sizeOf` is given), and a short TTL as a safety net for an
 *   invalidation that never arrived (Redis link cut while a message was in flight, SQL by hand).
 * - A fill must take a `ticket()` *before* reading the database: `set` drops the value when anything
 *   was forgotten since, so a read that started before a commit cannot store the old state after
 *   that commit's invalidation went through.
 * - `pause(true)` while invalidations may be lost or late (the Redis subscription is down, or its
 *   connection stopped answering): nothing is served nor stored; `pause(false)` starts again from empty.
 */
import { LRUCache } from 'lru-cache';

export interface ForgetfulCacheOptions<V> {
  max: number;
  ttlMs: number;
  /** with `sizeOf`: the total size kept; a value larger than this is never stored */
  maxSize?: number;
  sizeOf?: (v: V) => number;
}

export interface ForgetfulCache<V> {
  get(key: string): V | undefined;
  ticket(): number;
  set(key: string, value: V, ticket: number): void;
  /** every value `match` accepts, or all of them */
  forget(match?: (v: V) => boolean): void;
  pause(paused: boolean): void;
  readonly size: number;
}

export function createForgetfulCache<V extends object>(o: ForgetfulCacheOptions<V>): ForgetfulCache<V> {
  const lru = new LRUCache<string, V>({
    max: o.max,
    ttl: o.ttlMs,
    ...(o.sizeOf ? { maxSize: o.maxSize ?? o.max, sizeCalculation: (v: V) => Math.max(1, o.sizeOf!(v)) } : {}),
  });
  let generation = 0;
  let paused = false;
  const forgetAll = () => { generation++; lru.clear(); };
  return {
    get: (key) => (paused ? undefined : lru.get(key)),
    ticket: () => generation,
    set(key, value, ticket) {
      if (paused || ticket !== generation) return;
      lru.set(key, value);
    },
    forget(match) {
      if (!match) return forgetAll();
      generation++;
      const gone = [...lru.entries()].filter(([, v]) => match(v)).map(([k]) => k);
      for (const key of gone) lru.delete(key);
    },
    pause(p) {
      paused = p;
      forgetAll();
    },
    get size() { return lru.size; },
  };
}
