/**
 * The kernel's two throttles on one counter store: the database, or Redis when REDIS_URL is set
 * (falling back to the database while Redis is away).
 */
import type { Knex } from 'knex';
import type { Logger } from '@comptoir/sdk';
import type { Config } from '../config.ts';
import type { Clock } from '../util/clock.ts';
import { createInvitationLimiter, createLoginLimiter, type KeyLimiter, type LoginLimiter } from './rate-limit.ts';
import { loginPolicy } from './throttle-rules.ts';
import { sqlThrottleStore, type ThrottleStore } from './throttle-store.ts';
import { redisThrottleStore } from './throttle-store-redis.ts';

export interface Throttles { store: ThrottleStore; loginLimiter: LoginLimiter; invitationLimiter: KeyLimiter }

export function createThrottles(opts: { db: Knex; config: Config; clock: Clock; log: Logger }): Throttles {
  const { db, config, clock, log } = opts;
  const sql = sqlThrottleStore(db);
  const store = config.redisUrl
    ? redisThrottleStore({ url: config.redisUrl, prefix: config.redisChannel, fallback: sql, log })
    : sql;
  const policy = loginPolicy(config.loginAttempts, config.loginWindowSeconds);
  return {
    store,
    loginLimiter: createLoginLimiter(store, policy, clock),
    invitationLimiter: createInvitationLimiter(store, config.loginAttempts, policy.windowMs, clock),
  };
}
