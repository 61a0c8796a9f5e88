/**
 * Throttling of guesses (rules: throttle-rules.ts; counters: throttle-store.ts; in words:
 * server/src/platform/README.md « Login throttling »). Clients count under `throttleAddress`: an
 * IPv4-mapped address as IPv4, an IPv6 one by its /64.
 *
 * Logins: a password check is reserved on the (account, IP) counter, then on the IP's counter,
 * before it runs — requests arriving together each get their own number, so no more checks run
 * than the rules allow, on any engine or number of processes. Past the free checks of a counter,
 * a check also needs its counter's slot (one at a time, each opening the next a gap later); a
 * request arriving before the slot opens is a 429 with `Retry-After`, at once — nobody sleeps,
 * since sleeping requests of a burst would all wake up and check together. A reservation the rules
 * refuse is given back. A success forgets the pair and gives back its IP reservation: the IP
 * counts failed (and running) checks.
 *
 * Invitation links: each use is reserved on the IP's counter and given back unless it failed
 * (a key that opens nothing, an address that already has an account).
 *
 * Both write outside the caller's transaction (see throttle-store.ts): their routes are
 * `transactional: false` and open their own transaction after the reservation.
 */
import { HttpError } from '@comptoir/sdk';
import type { Clock } from '../util/clock.ts';
import type { ThrottleStore } from './throttle-store.ts';
import { throttleAddress } from './client-address.ts';
import { frenchWait, ipSlot, keyDecision, pairSlot, retryAt, type ThrottlePolicy } from './throttle-rules.ts';

/** 429 with a French sentence and the wait; `Retry-After` (seconds) is set by the caller. */
export class Throttled extends HttpError {
  constructor(what: string, readonly waitMs: number) {
    super('RATE_LIMITED', `${what} Réessayez dans ${frenchWait(waitMs)}.`);
  }
  get retryAfterSeconds(): number { return Math.max(1, Math.ceil(this.waitMs / 1000)); }
}

export const TOO_MANY_LOGINS = 'Trop de tentatives de connexion.';
export const TOO_MANY_FROM_ADDRESS = 'Trop de tentatives de connexion depuis cette adresse.';

export interface LoginAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

export interface LoginLimiter {
  /** reserves a password check for (ip, email), and its slots past the free checks; `Throttled` when none is open */
  begin(ip: string, email: string): Promise<LoginAttempt>;
}

const pairKey = (address: string, email: string) => `login-pair|${address}|${email}`;
const ipKey = (address: string) => `login-ip|${address}`;
/** a slot belongs to one window of its counter: a new window starts without it */
const slotKey = (key: string, windowEnd: number) => `${key}|slot|${windowEnd}`;

export function createLoginLimiter(store: ThrottleStore, policy: ThrottlePolicy, clock: Clock): LoginLimiter {
  const now = () => clock.now().getTime();
  return {
    async begin(ip, email) {
      const address = throttleAddress(ip);
      // the pair first: its refusals (an attack on one account) never touch the IP's counter
      const pk = pairKey(address, email);
      const pair = await store.increment(pk, now(), policy.windowMs, policy.attempts);
      const giveBackPair = () => store.decrement(pk, pair.windowEnd);
      const pairRule = pairSlot(pair, policy);
      if (pairRule) {
        const slot = await store.takeSlot(slotKey(pk, pair.windowEnd), now(), pairRule);
        if (!slot.taken) {
          await giveBackPair();
          throw new Throttled(TOO_MANY_LOGINS, retryAt(slot.nextAt, pairRule) - now());
        }
      }
      const ik = ipKey(address);
      const byIp = await store.increment(ik, now(), policy.windowMs, 0);
      const giveBackIp = () => store.decrement(ik, byIp.windowEnd);
      const ipRule = ipSlot(byIp, policy);
      if (ipRule) {
        const slot = await store.takeSlot(slotKey(ik, byIp.windowEnd), now(), ipRule);
        if (!slot.taken) {
          // the pair's slot, if this request took one, stays spent: a slot cannot be handed back
          // without racing the next taker, and only this account from this address waits longer
          await giveBackIp();
          await giveBackPair();
          throw new Throttled(TOO_MANY_FROM_ADDRESS, retryAt(slot.nextAt, ipRule) - now());
        }
      }
      return {
        // a failure keeps both reservations: it was counted when reserved
        failed: async () => undefined,
        async succeeded() {
          await store.reset(pk);
          await giveBackIp();
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
      const key = `invitation-ip|${throttleAddress(ip)}`;
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
