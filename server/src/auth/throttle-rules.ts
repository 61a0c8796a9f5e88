/**
 * The rules of login and invitation-link throttling, as plain functions over counters (tested in
 * server/test/throttle-rules.test.ts); the counters themselves live in a ThrottleStore
 * (throttle-store.ts). The rules in words: server/src/platform/README.md « Login throttling ».
 *
 * A counter counts events of one key (an account and an IP, or an IP) within a fixed window that
 * starts with its first event; `lockedAt` is when it reached the number of free attempts. Past its
 * free events a counter hands out slots (`SlotRule`): one check at a time, never in parallel.
 */

export interface Counter {
  /** events in the window, this one included */
  count: number;
  /** when the window ends and the counter starts again from nothing (ms) */
  windowEnd: number;
  /** when `count` first reached the free attempts (ms), or null */
  lockedAt: number | null;
}

export interface ThrottlePolicy {
  /** password checks an (account, IP) pair gets freely per window (COMPTOIR_LOGIN_ATTEMPTS) */
  attempts: number;
  /** COMPTOIR_LOGIN_WINDOW, in ms */
  windowMs: number;
  /** the wait before the first check past `attempts`; it doubles at each further one, at most `windowMs` */
  firstDelayMs: number;
  /** password checks from one IP per window (failed, or running) after which they run one at a time */
  ipThreshold: number;
  /** the gap between two of them grows by this much at each one… */
  ipStepMs: number;
  /** …up to this */
  ipMaxDelayMs: number;
}

/** The policy of COMPTOIR_LOGIN_ATTEMPTS and COMPTOIR_LOGIN_WINDOW (defaults 10 and 900 s). */
export function loginPolicy(attempts: number, windowSeconds: number): ThrottlePolicy {
  const windowMs = windowSeconds * 1000;
  return {
    attempts,
    windowMs,
    // 30 s for the default 15 minutes: 30 s, 1 min, 2 min, 4 min, 8 min, then the window restarts
    firstDelayMs: Math.min(windowMs, Math.max(1000, Math.round(windowMs / 30))),
    // an office behind one address holds many people: ten times an account's allowance
    ipThreshold: attempts * 10,
    ipStepMs: 1000,
    ipMaxDelayMs: 10_000,
  };
}

/**
 * A slot: past its free checks, a counter lets one check through at a time, each one opening the
 * next a gap later. The stores take it atomically (`ThrottleStore.takeSlot`: one conditional
 * statement, or one Lua script), so requests arriving together never share a slot: one runs, the
 * others are refused with the time it opens — nobody sleeps, so a burst cannot wait out a delay
 * in parallel.
 */
export interface SlotRule {
  /** when the first slot opens (ms) */
  opensAt: number;
  /** the gap after the first slot taken (ms)… */
  gapMs: number;
  /** …then doubling at each slot taken, or growing by `gapMs` each time… */
  growth: 'double' | 'linear';
  /** …never more than this */
  maxGapMs: number;
  /** the slot is forgotten after this (ms): the end of its counter's window */
  expiresAt: number;
}

/** What a store keeps of a slot: when the next one opens, and how many were taken. */
export interface SlotState { nextAt: number; taken: number }

/** The gap that follows the slot taken when `taken` slots were taken before it. */
export function gapAfter(taken: number, r: Pick<SlotRule, 'gapMs' | 'growth' | 'maxGapMs'>): number {
  const factor = r.growth === 'double' ? 2 ** Math.min(taken, 30) : taken + 1;
  return Math.min(r.maxGapMs, r.gapMs * factor);
}

/**
 * One request asks the slot at `now` (`state` null: never asked in this window). The stores do
 * exactly this, atomically; it is written here once, tested directly.
 */
export function takeSlot(state: SlotState | null, now: number, r: SlotRule): { taken: boolean; state: SlotState } {
  const current = state ?? { nextAt: r.opensAt, taken: 0 };
  if (current.nextAt > now) return { taken: false, state: current };
  return { taken: true, state: { nextAt: now + gapAfter(current.taken, r), taken: current.taken + 1 } };
}

/**
 * The slot of an (account, IP) pair whose counter is `c`, or null while its checks are free (the
 * first `attempts` of the window). Past them, the first extra check opens `firstDelayMs` after the
 * free ones ran out (`lockedAt`), and each check taken opens the next one twice as long after
 * the previous wait (30 s, 1 min, 2 min…), never more than the window.
 */
export function pairSlot(c: Counter, p: ThrottlePolicy): SlotRule | null {
  if (c.count <= p.attempts) return null;
  const lockedAt = c.lockedAt ?? c.windowEnd - p.windowMs;
  return { opensAt: lockedAt + p.firstDelayMs, gapMs: 2 * p.firstDelayMs, growth: 'double', maxGapMs: p.windowMs, expiresAt: c.windowEnd };
}

/**
 * The slot of an IP whose counter of failed (or running) password checks is `c`, or null under
 * the threshold. Past it, one check at a time: the first at once, then 1 s more after each one
 * taken (1 s, 2 s, 3 s…), 10 s at most. Never a lock: the right password gets its turn.
 */
export function ipSlot(c: Counter, p: ThrottlePolicy): SlotRule | null {
  if (c.count <= p.ipThreshold) return null;
  return { opensAt: 0, gapMs: p.ipStepMs, growth: 'linear', maxGapMs: p.ipMaxDelayMs, expiresAt: c.windowEnd };
}

/** When a refused check may come back: its slot's opening, or the window's end if that comes first. */
export function retryAt(nextAt: number, rule: SlotRule): number {
  return Math.min(nextAt, rule.expiresAt);
}

export type Decision = { allowed: true } | { allowed: false; retryAt: number };

/** Invitation links: `attempts` wrong uses per IP per window, then refused until the window ends. */
export function keyDecision(c: Counter, attempts: number): Decision {
  return c.count <= attempts ? { allowed: true } : { allowed: false, retryAt: c.windowEnd };
}

/** « 30 secondes », « 1 minute », « 4 minutes »: the wait, rounded up, as a French user reads it. */
export function frenchWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} seconde${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
}
