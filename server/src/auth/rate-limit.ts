/**
 * Throttling of guesses (rules: throttle-rules.ts; counters: throttle-store.ts; in words:
 * server/src/kernel/README.md « Login throttling »).
 *
 * Logins: a password check is reserved on the (account, IP) counter before it runs — requests
 * arriving together each get their own number, so no more checks run than the rules allow, on any
 * engine or number of processes — and given back when the rules refuse it. A success forgets the
 * pair. Failures are also counted per IP, which delays every answer to that IP past a threshold
 * (never a lock-out: a person behind the same address with the right password gets in, later).
 *
 * Invitation links: each use is reserved on the IP's counter and given back unless it failed
 * (a key that opens nothing, an address that already has an account).
 *
 * Both write outside the caller's transaction (see throttle-store.ts): their routes are
 * `transactional: false` and open their own transaction after the reservation.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from '@comptoir/sdk';
import type { Clock } from '../util/clock.ts';
import type { ThrottleStore } from './throttle-store.ts';
import { frenchWait, ipDelayMs, keyDecision, pairDecision, type ThrottlePolicy } from './throttle-rules.ts';

/** 429 with a French sentence and the wait; `Retry-After` (seconds) is set by the caller. */
export class Throttled extends HttpError {
  constructor(what: string, readonly waitMs: number) {
    super('RATE_LIMITED', `${what} Réessayez dans ${frenchWait(waitMs)}.`);
  }
  get retryAfterSeconds(): number { return Math.max(1, Math.ceil(this.waitMs / 1000)); }
}

export interface LoginAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

export interface LoginLimiter {
  /** waits the IP's delay, then reserves a password check for (ip, email); `Throttled` when none is open */
  begin(ip: string, email: string): Promise<LoginAttempt>;
}

const pairKey = (ip: string, email: string) => `login-pair|${ip}|${email}`;
const ipKey = (ip: string) => `login-ip|${ip}`;

export function createLoginLimiter(store: ThrottleStore, policy: ThrottlePolicy, clock: Clock): LoginLimiter {
  const now = () => clock.now().getTime();
  return {
    async begin(ip, email) {
      const byIp = await store.peek(ipKey(ip), now());
      const delay = ipDelayMs(byIp?.count ?? 0, policy);
      // before the check, whatever its outcome: the time of the answer tells nothing
      if (delay > 0) await sleep(delay);
      const key = pairKey(ip, email);
      const counter = await store.increment(key, now(), policy.windowMs, policy.attempts);
      const decision = pairDecision(counter, now(), policy);
      if (!decision.allowed) {
        await store.decrement(key, counter.windowEnd);
        throw new Throttled('Trop de tentatives de connexion.', decision.retryAt - now());
      }
      return {
        async failed() {
          await store.increment(ipKey(ip), now(), policy.windowMs, 0);
        },
        async succeeded() {
          await store.reset(key);
        },
      };
    },
  };
}

export interface KeyAttempt {
  /** the use failed (counted) */
  failed(): Promise<void>;
  /** anything else: the reservation is given back */
  passed(): Promise<void>;
}

export interface KeyLimiter {
  /** reserves a use for `ip`; `Throttled` once it failed too often within the window */
  begin(ip: string): Promise<KeyAttempt>;
}

/** Failed uses of invitation links, per IP: `attempts` per `windowMs`. */
export function createInvitationLimiter(store: ThrottleStore, attempts: number, windowMs: number, clock: Clock): KeyLimiter {
  const now = () => clock.now().getTime();
  return {
    async begin(ip) {
      const key = `invitation-ip|${ip}`;
      const counter = await store.increment(key, now(), windowMs, 0);
      const decision = keyDecision(counter, attempts);
      const giveBack = () => store.decrement(key, counter.windowEnd);
      if (!decision.allowed) {
        await giveBack();
        throw new Throttled('Trop de liens d’invitation incorrects depuis cette adresse.', decision.retryAt - now());
      }
      return { failed: async () => undefined, passed: giveBack };
    },
  };
}
