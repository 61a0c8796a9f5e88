/**
 * The rules of login and invitation-link throttling over plain counters (server/src/auth/
 * throttle-rules.ts): free checks, then waits that double, the per-IP delay, the French waits.
 */
import { expect } from 'chai';
import {
  checkOpensAt, frenchWait, ipDelayMs, keyDecision, loginPolicy, pairDecision, type Counter,
} from '../src/auth/throttle-rules.ts';

const P = loginPolicy(10, 900);
const T0 = Date.UTC(2026, 10, 27, 9);
const MIN = 60_000;
const counter = (count: number, lockedAt: number | null, windowEnd = T0 + 15 * MIN): Counter => ({ count, lockedAt, windowEnd });

describe('throttle rules: the policy of COMPTOIR_LOGIN_ATTEMPTS / WINDOW', function () {
  it('gives 10 free checks per 15 minutes, a first wait of 30 s, an IP threshold of 100 failures', function () {
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

describe('throttle rules: password checks of one account from one IP', function () {
  it('lets the first `attempts` checks run at once', function () {
    for (let n = 1; n <= 10; n++) {
      expect(checkOpensAt(n, n === 10 ? T0 : null, P)).to.equal(null);
      expect(pairDecision(counter(n, n === 10 ? T0 : null), T0, P)).to.deep.equal({ allowed: true });
    }
  });

  it('opens each further check after a wait twice as long as the previous one, never longer than the window', function () {
    const opens = [11, 12, 13, 14, 15, 16, 17].map((n) => (checkOpensAt(n, T0, P)! - T0) / 1000);
    expect(opens).to.deep.equal([30, 90, 210, 450, 930, 1830, 2730]);
  });

  it('refuses the 11th check before its turn, with the turn as the time to come back', function () {
    expect(pairDecision(counter(11, T0), T0 + 29_999, P)).to.deep.equal({ allowed: false, retryAt: T0 + 30_000 });
    expect(pairDecision(counter(11, T0), T0 + 30_000, P)).to.deep.equal({ allowed: true });
    expect(pairDecision(counter(12, T0), T0 + 30_000, P)).to.deep.equal({ allowed: false, retryAt: T0 + 90_000 });
  });

  it('sends the refused back no later than the end of the window, when the counter starts again', function () {
    expect(pairDecision(counter(15, T0, T0 + 5 * MIN), T0 + MIN, P)).to.deep.equal({ allowed: false, retryAt: T0 + 5 * MIN });
  });
});

describe('throttle rules: failures from one IP', function () {
  it('delays nothing under the threshold, then one second more per failure, ten at most', function () {
    expect(ipDelayMs(0, P)).to.equal(0);
    expect(ipDelayMs(99, P)).to.equal(0);
    expect(ipDelayMs(100, P)).to.equal(1000);
    expect(ipDelayMs(104, P)).to.equal(5000);
    expect(ipDelayMs(5000, P)).to.equal(10_000);
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
