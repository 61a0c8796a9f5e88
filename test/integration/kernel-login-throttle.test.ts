/**
 * Login throttling (server/src/platform/README.md « Login throttling »), through real HTTP on SQLite
 * or DATABASE_URL (MariaDB, where requests really run in parallel), then on Redis: per (account,
 * IP) a fixed number of password checks, then waits that double — never a lock of the account for
 * everyone; per IP, past 10 × N checks, one check per slot (a 429 until it opens: never a sleep,
 * never a lock); clients counted by IPv4 address or IPv6 /64; X-Forwarded-For believed only behind
 * COMPTOIR_TRUST_PROXY, and only as far as the trusted proxies wrote it. Outcomes are asserted by
 * the answers (401 = a password check ran, 429 = it did not).
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createTestKernel, type TestKernel, type TestResponse } from '@comptoir/sdk/testing';
import { createMember, type Account } from '../support/kernel.ts';
import { sqlThrottleStore } from '../../server/src/auth/throttle-store.ts';
import { redisThrottleStore } from '../../server/src/auth/throttle-store-redis.ts';

const ATTEMPTS = 3;
const BURST = 30;
const WRONG = 'Adresse e-mail ou mot de passe incorrect.';

/** a clock the tests move (the throttle reads the kernel's clock) */
const clock = { ms: Date.UTC(2026, 10, 27, 9) };
const advance = (ms: number) => { clock.ms += ms; };

const login = (k: TestKernel, email: string, password: string, ip?: string): Promise<TestResponse> =>
  k.anonymous.post('/api/auth/login', { email, password }, ip ? { headers: { 'X-Forwarded-For': ip } } : {});

const statuses = (answers: TestResponse[]) => answers.map((a) => a.status);
const count = (answers: TestResponse[], status: number) => answers.filter((a) => a.status === status).length;

describe('kernel: login throttling', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let victim: Account;

  before(async function () {
    k = await createTestKernel({ now: () => new Date(clock.ms), env: { COMPTOIR_LOGIN_ATTEMPTS: String(ATTEMPTS), COMPTOIR_TRUST_PROXY: '1' } });
    victim = await createMember(k, 'victime@exemple.fr');
  });
  after(async function () { await k?.stop(); });

  it(`${BURST} wrong passwords at once for one account from one IP: exactly ${ATTEMPTS} password checks run`, async function () {
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => login(k, victim.email, `faux-${i}`, '203.0.113.10')));
    expect(count(answers, 401), JSON.stringify(statuses(answers))).to.equal(ATTEMPTS);
    expect(count(answers, 429)).to.equal(BURST - ATTEMPTS);
    for (const a of answers.filter((x) => x.status === 401)) expect(a.body.message).to.equal(WRONG);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).to.deep.include({ code: 'RATE_LIMITED', message: 'Trop de tentatives de connexion. Réessayez dans 30 secondes.' });
    expect(refused.headers.get('retry-after')).to.equal('30');
  });

  it('meanwhile the rightful user signs in from another IP at once', async function () {
    const res = await login(k, victim.email, victim.password, '198.51.100.7');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  });

  it('from the attacked IP, the right password waits its turn (30 s), then gets in: a delay, not a lock', async function () {
    const early = await login(k, victim.email, victim.password, '203.0.113.10');
    expect(early.status).to.equal(429);
    advance(30_000);
    const res = await login(k, victim.email, victim.password, '203.0.113.10');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    // a success forgets the pair: three free checks again
    const again = [];
    for (let i = 0; i < ATTEMPTS; i++) again.push(await login(k, victim.email, `encore-${i}`, '203.0.113.10'));
    expect(statuses(again)).to.deep.equal(Array(ATTEMPTS).fill(401));
  });

  it('past the free checks, each further one opens after a wait twice as long (30 s, 60 s, 120 s…)', async function () {
    const u = await createMember(k, 'patiente@exemple.fr');
    const ip = '203.0.113.20';
    for (let i = 0; i < ATTEMPTS; i++) expect((await login(k, u.email, `faux-${i}`, ip)).status).to.equal(401);
    expect((await login(k, u.email, 'faux', ip)).status).to.equal(429);
    advance(30_000);
    expect((await login(k, u.email, 'faux', ip)).status, 'the 4th check, 30 s later').to.equal(401);
    advance(59_000);
    const waiting = await login(k, u.email, 'faux', ip);
    expect(waiting.status).to.equal(429);
    expect(waiting.body.message).to.equal('Trop de tentatives de connexion. Réessayez dans 1 seconde.');
    advance(1_000);
    expect((await login(k, u.email, u.password, ip)).status, 'the 5th check, 60 s after the 4th').to.equal(200);
  });

  it('waiting long earns no extra checks: 10 wrong passwords at once, 4 minutes after the free ones ran out, run exactly one', async function () {
    const u = await createMember(k, 'rattrapage@exemple.fr');
    const ip = '203.0.113.25';
    for (let i = 0; i < ATTEMPTS; i++) expect((await login(k, u.email, `faux-${i}`, ip)).status).to.equal(401);
    // 30 s + 60 s + 120 s of turns have gone by: one slot is open, not three
    advance(4 * 60_000);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => login(k, u.email, `encore-${i}`, ip)));
    expect(count(burst, 401), JSON.stringify(statuses(burst))).to.equal(1);
    expect(count(burst, 429)).to.equal(9);
    expect(burst.find((a) => a.status === 429)!.body.message).to.equal('Trop de tentatives de connexion. Réessayez dans 1 minute.');
  });

  it('the window restarts the count (COMPTOIR_LOGIN_WINDOW, 15 minutes)', async function () {
    const u = await createMember(k, 'fenetre@exemple.fr');
    const ip = '203.0.113.30';
    for (let i = 0; i < ATTEMPTS; i++) await login(k, u.email, `faux-${i}`, ip);
    expect((await login(k, u.email, 'faux', ip)).status).to.equal(429);
    advance(15 * 60_000);
    expect((await login(k, u.email, 'faux', ip)).status).to.equal(401);
  });

  it('an unknown e-mail is counted exactly like a known one (no hint that it exists)', async function () {
    const ip = '203.0.113.40';
    const unknown = [];
    for (let i = 0; i <= ATTEMPTS; i++) unknown.push(await login(k, 'personne@exemple.fr', 'faux', ip));
    expect(statuses(unknown)).to.deep.equal([...Array(ATTEMPTS).fill(401), 429]);
  });

  it(`one IP over many accounts: ${ATTEMPTS * 10} checks freely, then one per slot — a burst of 40 runs exactly ${ATTEMPTS * 10 + 1}`, async function () {
    const ip = '203.0.113.50';
    // 40 different accounts (no pair is limited): the IP's threshold, then its first slot
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(k, `rafale-${i}@exemple.fr`, `faux-${i}`, ip)));
    expect(count(burst, 401), JSON.stringify(statuses(burst))).to.equal(ATTEMPTS * 10 + 1);
    expect(count(burst, 429)).to.equal(40 - ATTEMPTS * 10 - 1);
    const refused = burst.find((a) => a.status === 429)!;
    expect(refused.body).to.deep.include({ code: 'RATE_LIMITED', message: 'Trop de tentatives de connexion depuis cette adresse. Réessayez dans 1 seconde.' });
    expect(refused.headers.get('retry-after')).to.equal('1');
  });

  it('past the threshold, 20 parallel wrong passwords from that IP run no check before the slot opens, then exactly one; the gap grows by 1 s', async function () {
    const ip = '203.0.113.50';
    const early = await Promise.all(Array.from({ length: 20 }, (_, i) => login(k, `tot-${i}@exemple.fr`, 'faux', ip)));
    expect(count(early, 429), JSON.stringify(statuses(early))).to.equal(20);
    advance(1000);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => login(k, `ensuite-${i}@exemple.fr`, 'faux', ip)));
    expect(count(burst, 401), JSON.stringify(statuses(burst))).to.equal(1);
    expect(count(burst, 429)).to.equal(19);
    for (const a of burst.filter((x) => x.status === 429)) {
      expect(a.body.message).to.equal('Trop de tentatives de connexion depuis cette adresse. Réessayez dans 2 secondes.');
      expect(a.headers.get('retry-after')).to.equal('2');
    }
  });

  it('from that IP the right password gets the next slot (a wait, never a lock); from another IP it gets in at once', async function () {
    const member = await createMember(k, 'bureau@exemple.fr');
    const ip = '203.0.113.50';
    expect((await login(k, member.email, member.password, '198.51.100.8')).status, 'a fresh IP is never held back').to.equal(200);
    const waiting = await login(k, member.email, member.password, ip);
    expect(waiting.status).to.equal(429);
    advance(2000);
    const res = await login(k, member.email, member.password, ip);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  });

  it('counts IPv6 clients by their /64 network, and an IPv4-mapped address as its IPv4 address', async function () {
    const u = await createMember(k, 'ipv6@exemple.fr');
    for (const ip of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff:1:2:3']) {
      expect((await login(k, u.email, 'faux', ip)).status, ip).to.equal(401);
    }
    expect((await login(k, u.email, 'faux', '2001:db8:5:6:abcd::9')).status, 'another address of the same /64').to.equal(429);
    expect((await login(k, u.email, u.password, '2001:db8:5:7::1')).status, 'another /64').to.equal(200);
    const v = await createMember(k, 'mappee@exemple.fr');
    for (let i = 0; i < ATTEMPTS; i++) expect((await login(k, v.email, 'faux', '203.0.113.77')).status).to.equal(401);
    expect((await login(k, v.email, 'faux', '::ffff:203.0.113.77')).status).to.equal(429);
  });

  it('the slots are atomic: of 40 requests asking one slot at once, exactly one takes it', async function () {
    const store = sqlThrottleStore(k.db);
    const key = `essai-fente|${randomBytes(4).toString('hex')}`;
    const rule = { opensAt: clock.ms, gapMs: 5000, growth: 'double' as const, maxGapMs: 60_000, expiresAt: clock.ms + 60_000 };
    const answers = await Promise.all(Array.from({ length: 40 }, () => store.takeSlot(key, clock.ms, rule)));
    expect(answers.filter((a) => a.taken)).to.have.length(1);
    expect(new Set(answers.map((a) => a.nextAt))).to.deep.equal(new Set([clock.ms + 5000]));
    // the next opens 5 s later, then 10 s after that one (the gaps double)
    expect((await store.takeSlot(key, clock.ms + 4999, rule)).taken).to.equal(false);
    expect(await store.takeSlot(key, clock.ms + 5000, rule)).to.deep.equal({ taken: true, nextAt: clock.ms + 15_000 });
  });

  it('believes only the address the trusted proxy wrote: a client prepending addresses changes nothing', async function () {
    const u = await createMember(k, 'usurpation@exemple.fr');
    for (let i = 0; i < ATTEMPTS; i++) {
      expect((await login(k, u.email, 'faux', `10.0.0.${i}, 203.0.113.60`)).status).to.equal(401);
    }
    expect((await login(k, u.email, 'faux', '10.9.9.9, 203.0.113.60')).status).to.equal(429);
  });

  it('the counters are atomic: 40 increments at once of one key number 1 to 40, stamped once', async function () {
    const store = sqlThrottleStore(k.db);
    const key = `essai|${randomBytes(4).toString('hex')}`;
    const counters = await Promise.all(Array.from({ length: 40 }, () => store.increment(key, clock.ms, 60_000, 10)));
    expect(counters.map((c) => c.count).sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 40 }, (_, i) => i + 1));
    const stamped = counters.filter((c) => c.count >= 10).map((c) => c.lockedAt);
    expect(new Set(stamped)).to.deep.equal(new Set([clock.ms]));
    expect(counters.filter((c) => c.count < 10).every((c) => c.lockedAt === null)).to.equal(true);
    // nothing stored in clear
    const rows = await k.db('kernel_throttle').select('throttleKey');
    expect(JSON.stringify(rows)).to.not.include('exemple.fr').and.not.include('203.0.113');
  });

  it('the invitation-link throttle holds under a burst too: exactly COMPTOIR_LOGIN_ATTEMPTS wrong keys are looked up', async function () {
    const ip = '203.0.113.70';
    const answers = await Promise.all(Array.from({ length: 20 }, () => k.anonymous.post('/api/kernel/invitations/check', { key: 'B'.repeat(43) }, { headers: { 'X-Forwarded-For': ip } })));
    expect(count(answers, 404), JSON.stringify(statuses(answers))).to.equal(ATTEMPTS);
    expect(count(answers, 429)).to.equal(20 - ATTEMPTS);
    expect(answers.find((a) => a.status === 429)!.body.message).to.match(/^Trop de liens d’invitation incorrects depuis cette adresse\. Réessayez dans \d+ (secondes?|minutes?)\.$/);
  });
});

describe('kernel: login throttling without COMPTOIR_TRUST_PROXY', function () {
  let k: TestKernel;
  before(async function () { k = await createTestKernel({ env: { COMPTOIR_LOGIN_ATTEMPTS: String(ATTEMPTS) } }); });
  after(async function () { await k?.stop(); });

  it('ignores X-Forwarded-For: a client cannot pick a new address for each guess', async function () {
    const u = await createMember(k, 'direct@exemple.fr');
    for (let i = 0; i < ATTEMPTS; i++) expect((await login(k, u.email, 'faux', `192.0.2.${i}`)).status).to.equal(401);
    expect((await login(k, u.email, 'faux', '192.0.2.99')).status).to.equal(429);
  });
});

describe('kernel: login throttling on Redis (REDIS_URL)', function () {
  this.timeout(120_000);
  let k: TestKernel;
  before(async function () {
    k = await createTestKernel({
      // the test's clock: a burst slower than the 1 s gap must not open a second slot meanwhile
      now: () => new Date(clock.ms),
      env: {
        COMPTOIR_LOGIN_ATTEMPTS: String(ATTEMPTS), COMPTOIR_TRUST_PROXY: '1',
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        COMPTOIR_REDIS_CHANNEL: `comptoir-test-${randomBytes(6).toString('hex')}`,
      },
    });
  });
  after(async function () { await k?.stop(); });

  it(`${BURST} wrong passwords at once: exactly ${ATTEMPTS} checks, counted in Redis (nothing in the database)`, async function () {
    const u = await createMember(k, 'redis@exemple.fr');
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => login(k, u.email, `faux-${i}`, '203.0.113.80')));
    expect(count(answers, 401), JSON.stringify(statuses(answers))).to.equal(ATTEMPTS);
    expect(count(answers, 429)).to.equal(BURST - ATTEMPTS);
    expect(await k.db('kernel_throttle').count({ n: '*' }).then((r) => Number(r[0].n))).to.equal(0);
    expect((await login(k, u.email, u.password, '198.51.100.9')).status).to.equal(200);
  });

  it('slots in Redis: a burst of 40 over many accounts from one IP runs exactly 10 × N + 1 checks; 40 takes at once, one slot', async function () {
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(k, `redis-rafale-${i}@exemple.fr`, 'faux', '203.0.113.81')));
    expect(count(burst, 401), JSON.stringify(statuses(burst))).to.equal(ATTEMPTS * 10 + 1);
    expect(burst.find((a) => a.status === 429)!.body.message).to.equal('Trop de tentatives de connexion depuis cette adresse. Réessayez dans 1 seconde.');
    const redis = redisThrottleStore({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `essai-${randomBytes(4).toString('hex')}`, fallback: sqlThrottleStore(k.db), log: k.kernel.log });
    const now = Date.now();
    const rule = { opensAt: now, gapMs: 5000, growth: 'linear' as const, maxGapMs: 60_000, expiresAt: now + 60_000 };
    const key = `essai-fente|${randomBytes(4).toString('hex')}`;
    const answers = await Promise.all(Array.from({ length: 40 }, () => redis.takeSlot(key, now, rule)));
    expect(answers.filter((a) => a.taken)).to.have.length(1);
    expect(await redis.takeSlot(key, now + 5000, rule)).to.deep.equal({ taken: true, nextAt: now + 15_000 });
    expect(await k.db('kernel_throttle').count({ n: '*' }).then((r) => Number(r[0].n))).to.equal(0);
    await redis.close();
  });

  it('while Redis cannot be reached, the database counts instead', async function () {
    const store = redisThrottleStore({ url: 'redis://127.0.0.1:1', prefix: 'panne', fallback: sqlThrottleStore(k.db), log: k.kernel.log });
    try {
      const counters = [];
      for (let i = 0; i < 3; i++) counters.push(await store.increment('panne|203.0.113.90', Date.now(), 60_000, 0));
      expect(counters.map((c) => c.count)).to.deep.equal([1, 2, 3]);
      expect(await k.db('kernel_throttle').count({ n: '*' }).then((r) => Number(r[0].n))).to.equal(1);
    } finally {
      await store.close();
    }
  });
});
