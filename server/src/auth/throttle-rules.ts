/**
 * The rules of login and invitation-link throttling, as plain functions over counters (tested in
 * server/test/throttle-rules.test.ts); the counters themselves live in a ThrottleStore
 * (throttle-store.ts). The rules in words: server/src/kernel/README.md « Login throttling ».
 *
 * A counter counts events of one key (an account and an IP, or an IP) within a fixed window that
 * starts with its first event; `lockedAt` is when it reached the number of free attempts.
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
  /** failed logins from one IP per window after which every answer to that IP is delayed */
  ipThreshold: number;
  /** the delay grows by this much per failure past `ipThreshold`… */
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
 * When the password check numbered `ordinal` (1 = the first of the window) may run: at once for the
 * first `attempts` ones; then `firstDelayMs` after the free ones ran out, and each next one after
 * a wait twice as long as the previous (capped at the window). Null: at once.
 */
export function checkOpensAt(ordinal: number, lockedAt: number | null, p: ThrottlePolicy): number | null {
  const extra = ordinal - p.attempts;
  if (extra <= 0 || lockedAt === null) return null;
  let at = lockedAt;
  let wait = p.firstDelayMs;
  for (let i = 0; i < extra; i++) {
    at += Math.min(p.windowMs, wait);
    if (wait < p.windowMs) wait *= 2;
  }
  return at;
}

export type Decision = { allowed: true } | { allowed: false; retryAt: number };

/**
 * May the password check that made the pair's counter `c` run at `now`? Refused, it may be tried
 * again at `retryAt`: when its turn opens, or when the window restarts, whichever comes first.
 */
export function pairDecision(c: Counter, now: number, p: ThrottlePolicy): Decision {
  const opens = checkOpensAt(c.count, c.lockedAt, p);
  if (opens === null || now >= opens) return { allowed: true };
  return { allowed: false, retryAt: Math.min(opens, c.windowEnd) };
}

/** How long an answer to an IP with `failures` failed logins in the window waits before anything. */
export function ipDelayMs(failures: number, p: ThrottlePolicy): number {
  if (failures < p.ipThreshold) return 0;
  return Math.min(p.ipMaxDelayMs, p.ipStepMs * (failures - p.ipThreshold + 1));
}

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
