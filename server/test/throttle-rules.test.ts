/**
 * The rules of login and invitation-link throttling over plain counters (server/src/auth/
 * throttle-rules.ts): free checks, then one check per slot, the gaps doubling (a pair) or growing
 * by a second (an IP), the French waits.
 */
import { expect } from 'chai';
import {
  frenchWait, gapAfter, ipSlot, keyDecision, loginPolicy, pairSlot, retryAt, takeSlot, type Counter, type SlotRule, type SlotState,
} from '../src/auth/throttle-rules.ts';

const P = loginPolicy(10, 900);
const T0 = Date.UTC(2026, 10, 27, 9);
const MIN = 60_000;
const counter = (count: number, lockedAt: number | null, windowEnd = T0 + 15 * MIN): Counter => ({ count, lockedAt, windowEnd });

describe('throttle rules: the policy of COMPTOIR_LOGIN_ATTEMPTS / WINDOW', function () {
  it('gives 10 free checks per 15 minutes, a first wait of 30 s, an IP threshold of 100 checks', function () {
    expect(P).to.deep.equal({
      attempts: 10, windowMs: 15 * MIN, firstDelayMs: 30_000, ipThreshold: 100, ipStepMs: 1000, ipMaxDelayMs: 10_000,
    });
  });

  it('keeps the first wait between 1 s and the window', function () {
    expect(loginPolicy(3, 10).firstDelayMs).to.equal(1000);
    expect(loginPolicy(3, 1).firstDelayMs).to.equal(1000);
    expect(loginPolicy(3, 86400).firstDelayMs).to.equal(2_880_000);
  });
});

/** Slots taken one after the other, each as soon as it opens: the gaps between them, in seconds. */
function gapsOf(rule: SlotRule, n: number): number[] {
  let state: SlotState | null = null;
  let now = rule.opensAt;
  const gaps: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = takeSlot(state, now, rule);
    expect(r.taken).to.equal(true);
    gaps.push((r.state.nextAt - now) / 1000);
    state = r.state;
    now = r.state.nextAt;
  }
  return gaps;
}

describe('throttle rules: password checks of one account from one IP', function () {
  it('lets the first `attempts` checks run freely (no slot)', function () {
    for (let n = 1; n <= 10; n++) expect(pairSlot(counter(n, n === 10 ? T0 : null), P)).to.equal(null);
  });

  it('past them, one check per slot: the first 30 s after the free ones ran out, then waits that double, never longer than the window', function () {
    const rule = pairSlot(counter(11, T0), P)!;
    expect(rule).to.deep.equal({ opensAt: T0 + 30_000, gapMs: 60_000, growth: 'double', maxGapMs: 15 * MIN, expiresAt: T0 + 15 * MIN });
    expect(gapsOf(rule, 6)).to.deep.equal([60, 120, 240, 480, 900, 900]);
  });

  it('refuses a check before its slot opens, with the opening as the time to come back', function () {
    const rule = pairSlot(counter(11, T0), P)!;
    expect(takeSlot(null, T0 + 29_999, rule)).to.deep.equal({ taken: false, state: { nextAt: T0 + 30_000, taken: 0 } });
    const first = takeSlot(null, T0 + 30_000, rule);
    expect(first).to.deep.equal({ taken: true, state: { nextAt: T0 + 90_000, taken: 1 } });
    // a second request at the same instant finds the slot taken: never two checks in one slot
    expect(takeSlot(first.state, T0 + 30_000, rule).taken).to.equal(false);
    // a slot taken late opens the next one a full gap later: waiting longer earns no extra checks
    expect(takeSlot(first.state, T0 + 10 * MIN, rule).state.nextAt).to.equal(T0 + 10 * MIN + 120_000);
  });

  it('sends the refused back no later than the end of the window, when the counter starts again', function () {
    const rule = pairSlot(counter(15, T0, T0 + 5 * MIN), P)!;
    expect(retryAt(T0 + 8 * MIN, rule)).to.equal(T0 + 5 * MIN);
    expect(retryAt(T0 + 2 * MIN, rule)).to.equal(T0 + 2 * MIN);
  });
});

describe('throttle rules: password checks from one IP', function () {
  it('are free up to the threshold, then one per slot: the first at once, then 1 s, 2 s, 3 s… 10 s at most', function () {
    expect(ipSlot(counter(100, null), P)).to.equal(null);
    const rule = ipSlot(counter(101, null), P)!;
    expect(rule).to.deep.equal({ opensAt: 0, gapMs: 1000, growth: 'linear', maxGapMs: 10_000, expiresAt: T0 + 15 * MIN });
    expect(takeSlot(null, T0, rule).taken).to.equal(true);
    expect(gapsOf({ ...rule, opensAt: T0 }, 12)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]);
  });

  it('computes the gap after a slot from the slots taken before it', function () {
    expect([0, 1, 2, 40].map((n) => gapAfter(n, { gapMs: 1000, growth: 'double', maxGapMs: 1e15 }))).to.deep.equal([1000, 2000, 4000, 2 ** 30 * 1000]);
    expect([0, 1, 9, 50].map((n) => gapAfter(n, { gapMs: 1000, growth: 'linear', maxGapMs: 10_000 }))).to.deep.equal([1000, 2000, 10_000, 10_000]);
  });
});

describe('throttle rules: invitation links', function () {
  it('allows `attempts` failed uses per window, then refuses until the window ends', function () {
    expect(keyDecision(counter(3, null), 3)).to.deep.equal({ allowed: true });
    expect(keyDecision(counter(4, null), 3)).to.deep.equal({ allowed: false, retryAt: T0 + 15 * MIN });
  });
});

describe('throttle rules: the wait in French', function () {
  it('counts seconds under a minute, minutes above, rounded up', function () {
    expect(frenchWait(0)).to.equal('1 seconde');
    expect(frenchWait(1500)).to.equal('2 secondes');
    expect(frenchWait(59_000)).to.equal('59 secondes');
    expect(frenchWait(60_000)).to.equal('1 minute');
    expect(frenchWait(61_000)).to.equal('2 minutes');
    expect(frenchWait(15 * MIN)).to.equal('15 minutes');
  });
});
