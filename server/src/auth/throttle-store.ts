/**
 * Where the throttling counters and slots live: the database (every engine, every process sharing
 * it), or Redis when REDIS_URL is set (throttle-store-redis.ts). Each operation is atomic on its
 * own, so that requests arriving together each get their own number, and only one of them a slot:
 * the « reserve, then check » of rate-limit.ts relies on it.
 *
 * The database store writes in its own short transactions, never in the caller's: a refused
 * login rolls its request back, yet its failure must stay counted. So it must not be called from
 * inside a transaction (on SQLite, with one connection, that would wait for ever).
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { engineOf, writeTransactionConfig } from '../db/connect.ts';
import { THROTTLE_TABLE } from '../entities/platform.ts';
import type { Counter, SlotRule } from './throttle-rules.ts';

export interface ThrottleStore {
  /**
   * One more event for `key`: starts a window of `windowMs` when there is none (or it ended);
   * stamps `lockedAt` with `now` when the count reaches `lockFrom` (0: never). Answers the counter
   * after this event.
   */
  increment(key: string, now: number, windowMs: number, lockFrom: number): Promise<Counter>;
  /**
   * Takes the slot of `key` when it is open at `now` (throttle-rules.ts `takeSlot`, atomically:
   * of requests asking together, one takes it). Answers whether this request took it, and when the
   * next slot opens.
   */
  takeSlot(key: string, now: number, rule: SlotRule): Promise<{ taken: boolean; nextAt: number }>;
  /** takes back one event of the window that ends at `windowEnd` (a reservation not used) */
  decrement(key: string, windowEnd: number): Promise<void>;
  /** the counter as it stands, or null (none, or its window ended) */
  peek(key: string, now: number): Promise<Counter | null>;
  /** forgets `key` */
  reset(key: string): Promise<void>;
  /** forgets the counters whose window ended (the database store; Redis expires its keys) */
  purge(now: number): Promise<void>;
  close(): Promise<void>;
}

/** Keys are hashed: fixed length, and no e-mail or IP address stored in clear. */
export function storedKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

type Row = { hits: number | string; windowEnd: number | string; lockedAt: number | string | null };

const counterOf = (r: Row): Counter => ({
  count: Number(r.hits),
  windowEnd: Number(r.windowEnd),
  lockedAt: r.lockedAt === null ? null : Number(r.lockedAt),
});

/**
 * InnoDB may pick concurrent upserts of one new key as deadlock victims: the transaction was
 * rolled back whole, so running it again is safe.
 */
async function retryDeadlock<T>(fn: () => Promise<T>, tries = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= tries || (e as { code?: string }).code !== 'ER_LOCK_DEADLOCK') throw e;
    }
  }
}

export function sqlThrottleStore(db: Knex): ThrottleStore {
  const mysql = engineOf(db) === 'mysql';
  const t = THROTTLE_TABLE;
  return {
    async increment(key, now, windowMs, lockFrom) {
      const k = storedKey(key);
      const firstLock = lockFrom > 0 && lockFrom <= 1 ? now : null;
      const reach = lockFrom > 0 ? lockFrom : Number.MAX_SAFE_INTEGER;
      return retryDeadlock(() => db.transaction(async (trx) => {
        // one statement decides; the row stays locked by it until the commit, so the read below
        // sees this event's count, not one another request made meanwhile
        if (mysql) {
          // MySQL applies the assignments left to right, each seeing the ones before: lockedAt
          // and hits read the old values, windowEnd is assigned last
          await trx.raw(
            `INSERT INTO ?? (throttleKey, hits, windowEnd, lockedAt) VALUES (?, 1, ?, ?)
             ON DUPLICATE KEY UPDATE
               lockedAt = IF(windowEnd <= ?, ?, COALESCE(lockedAt, IF(hits + 1 >= ?, ?, NULL))),
               hits = IF(windowEnd <= ?, 1, hits + 1),
               windowEnd = IF(windowEnd <= ?, ?, windowEnd)`,
            [t, k, now + windowMs, firstLock, now, firstLock, reach, now, now, now, now + windowMs],
          );
        } else {
          // SQLite evaluates every assignment on the old row
          await trx.raw(
            `INSERT INTO ?? (throttleKey, hits, windowEnd, lockedAt) VALUES (?, 1, ?, ?)
             ON CONFLICT (throttleKey) DO UPDATE SET
               lockedAt = CASE WHEN windowEnd <= ? THEN ? ELSE COALESCE(lockedAt, CASE WHEN hits + 1 >= ? THEN ? END) END,
               hits = CASE WHEN windowEnd <= ? THEN 1 ELSE hits + 1 END,
               windowEnd = CASE WHEN windowEnd <= ? THEN ? ELSE windowEnd END`,
            [t, k, now + windowMs, firstLock, now, firstLock, reach, now, now, now, now + windowMs],
          );
        }
        return counterOf(await trx(t).where('throttleKey', k).first('hits', 'windowEnd', 'lockedAt'));
      }, writeTransactionConfig(db)));
    },
    async takeSlot(key, now, rule) {
      const k = storedKey(key);
      const [least, greatest] = mysql ? ['LEAST', 'GREATEST'] : ['MIN', 'MAX'];
      // throttle-rules.ts gapAfter, on the slots taken so far (`hits` before this statement: every
      // assignment below reads it, and it is assigned last — MySQL applies them left to right)
      const gap = rule.growth === 'double' ? `${least}(?, ? * (1 << ${least}(hits, 30)))` : `${least}(?, ? * (hits + 1))`;
      const gapValues = [rule.maxGapMs, rule.gapMs];
      for (let i = 0; ; i++) {
        const taken = await retryDeadlock(async () => {
          await db(t).insert({ throttleKey: k, hits: 0, windowEnd: Math.max(rule.expiresAt, rule.opensAt), lockedAt: null, nextAt: rule.opensAt })
            .onConflict('throttleKey').ignore();
          // one conditional statement decides: under concurrent requests the row lock (InnoDB
          // re-reads the row it updates) or the single writer (SQLite) lets one match `nextAt <= now`
          return db(t).where('throttleKey', k).andWhere('nextAt', '<=', now).update({
            nextAt: db.raw(`? + ${gap}`, [now, ...gapValues]),
            windowEnd: db.raw(`${greatest}(windowEnd, ? + ${gap})`, [now, ...gapValues]),
            hits: db.raw('hits + 1'),
          });
        });
        const row = await db(t).where('throttleKey', k).first('nextAt');
        // purged between the statements (its window ended): ask again, on a new row
        if (row || i >= 2) return { taken: taken > 0, nextAt: row ? Number(row.nextAt) : now };
      }
    },
    async decrement(key, windowEnd) {
      await db(t).where({ throttleKey: storedKey(key), windowEnd }).andWhere('hits', '>', 0).decrement('hits', 1);
    },
    async peek(key, now) {
      const row = await db(t).where('throttleKey', storedKey(key)).first('hits', 'windowEnd', 'lockedAt');
      if (!row) return null;
      const c = counterOf(row);
      return c.windowEnd > now ? c : null;
    },
    async reset(key) {
      await db(t).where('throttleKey', storedKey(key)).delete();
    },
    async purge(now) {
      await db(t).where('windowEnd', '<=', now).delete();
    },
    async close() { /* the database is the kernel's */ },
  };
}
