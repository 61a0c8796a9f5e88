/**
 * The scheduler's plan (server/src/jobs/plan.ts) and the cron reading of @comptoir/sdk/schedule,
 * without a database: which occurrence is due, catch-up latest / each / none, retries and backoff,
 * `every` slots, and Paris time across both DST changes.
 */
import { expect } from 'chai';
import { cronOf, cronProblem, latestOccurrence, nextOccurrences, occurrencesBetween } from '@comptoir/sdk/schedule';
import { planRuns, nextAttemptAt, type LastClaim, type PlanInput } from '../src/jobs/plan.ts';

const at = (iso: string) => new Date(iso);
const iso = (ds: Date[]) => ds.map((x) => x.toISOString());
const base = (over: Partial<PlanInput>): PlanInput => ({
  cron: '0 8 * * *', since: at('2026-01-01T00:00:00Z'), now: at('2026-01-05T12:00:00Z'), catchUp: 'latest', maxAttempts: 5, ...over,
});

describe('jobs : lecture des expressions cron (Europe/Paris)', () => {
  it('8 h à Paris toute l’année : 07:00 UTC en hiver, 06:00 UTC en été', () => {
    expect(iso(nextOccurrences('0 8 1 * *', at('2026-02-15T00:00:00Z'), 3))).to.deep.equal([
      '2026-03-01T07:00:00.000Z', '2026-04-01T06:00:00.000Z', '2026-05-01T06:00:00.000Z',
    ]);
  });

  it('passage à l’heure d’été : 2 h 30 n’existe pas, la règle part à 3 h ; une règle « toutes les 30 min de 2 h » saute le trou', () => {
    expect(iso(occurrencesBetween('30 2 * * *', at('2026-03-28T00:00:00Z'), at('2026-03-30T23:00:00Z')))).to.deep.equal([
      '2026-03-28T01:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z',
    ]);
    expect(iso(occurrencesBetween('*/30 2 * * *', at('2026-03-28T12:00:00Z'), at('2026-03-30T12:00:00Z')))).to.deep.equal([
      '2026-03-30T00:00:00.000Z', '2026-03-30T00:30:00.000Z',
    ]);
  });

  it('retour à l’heure d’hiver : 2 h 30 arrive deux fois, la règle part une fois', () => {
    expect(iso(occurrencesBetween('30 2 * * *', at('2026-10-24T00:00:00Z'), at('2026-10-26T12:00:00Z')))).to.deep.equal([
      '2026-10-24T00:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z',
    ]);
  });

  it('la dernière occurrence compte l’instant lui-même ; les expressions illisibles ou impossibles sont dites en français', () => {
    expect(latestOccurrence('0 8 1 * *', at('2026-02-01T07:00:00.000Z'))?.toISOString()).to.equal('2026-02-01T07:00:00.000Z');
    expect(latestOccurrence('0 8 1 * *', at('2026-02-01T06:59:59.999Z'))?.toISOString()).to.equal('2026-01-01T07:00:00.000Z');
    expect(cronProblem('0 8 1 * *')).to.equal(null);
    expect(cronProblem('0 8 L * *')).to.equal(null);
    expect(cronProblem('0 8 30 2 *')).to.equal('cette expression ne se produit jamais');
    expect(cronProblem('')).to.match(/^une expression cron est attendue/);
    expect(cronProblem('0 25 * * *')).to.match(/^expression cron illisible/);
    expect(() => cronOf('chaque mois')).to.throw();
  });
});

describe('jobs : occurrences à lancer', () => {
  it('latest : la plus récente après une panne, les plus anciennes notées manquées ; rien avant `since` ni deux fois', () => {
    const plan = planRuns(base({}));
    expect(plan.runs.map((r) => [r.occurrence.toISOString(), iso(r.missed)])).to.deep.equal([
      ['2026-01-05T07:00:00.000Z', ['2026-01-01T07:00:00.000Z', '2026-01-02T07:00:00.000Z', '2026-01-03T07:00:00.000Z', '2026-01-04T07:00:00.000Z']],
    ]);
    expect(planRuns(base({ since: at('2026-01-05T07:00:00Z') })).runs).to.deep.equal([]);
    const done: LastClaim = { occurrence: at('2026-01-05T07:00:00Z'), status: 'done', attempts: 1, nextAttemptAt: null };
    expect(planRuns(base({ last: done })).runs).to.deep.equal([]);
  });

  it('each : toutes, de la plus ancienne à la plus récente ; none : seulement dans les 5 minutes, les autres manquées', () => {
    expect(planRuns(base({ catchUp: 'each' })).runs.map((r) => r.occurrence.getUTCDate())).to.deep.equal([1, 2, 3, 4, 5]);
    const late = planRuns(base({ catchUp: 'none' }));
    expect(late.runs).to.deep.equal([]);
    expect(late.missedOnly).to.have.length(5);
    const onTime = planRuns(base({ catchUp: 'none', now: at('2026-01-05T07:04:00Z') }));
    expect(onTime.runs.map((r) => r.occurrence.toISOString())).to.deep.equal(['2026-01-05T07:00:00.000Z']);
  });

  it('une occurrence en échec est reprise après le délai, jusqu’au nombre d’essais ; latest la laisse pour une plus récente, each non', () => {
    const failed: LastClaim = { occurrence: at('2026-01-05T07:00:00Z'), status: 'failed', attempts: 1, nextAttemptAt: at('2026-01-05T07:01:00Z') };
    expect(planRuns(base({ last: failed, now: at('2026-01-05T07:00:30Z') })).runs).to.deep.equal([]);
    expect(planRuns(base({ last: failed, now: at('2026-01-05T07:01:00Z') })).runs.map((r) => r.retry)).to.deep.equal([true]);
    expect(planRuns(base({ last: { ...failed, attempts: 5 }, now: at('2026-01-05T09:00:00Z') })).runs).to.deep.equal([]);
    const nextDay = at('2026-01-06T07:30:00Z');
    expect(planRuns(base({ last: failed, now: nextDay })).runs.map((r) => r.occurrence.toISOString())).to.deep.equal(['2026-01-06T07:00:00.000Z']);
    expect(planRuns(base({ last: failed, now: nextDay, catchUp: 'each' })).runs.map((r) => r.occurrence.toISOString())).to.deep.equal(['2026-01-05T07:00:00.000Z']);
    expect(nextAttemptAt(at('2026-01-05T07:00:00Z'), 2, 5)?.toISOString()).to.equal('2026-01-05T07:05:00.000Z');
    expect(nextAttemptAt(at('2026-01-05T07:00:00Z'), 5, 5)).to.equal(null);
  });

  it('every : le créneau en cours, une fois', () => {
    const input = base({ cron: undefined, every: 300, now: at('2026-01-05T12:07:00Z') });
    expect(planRuns(input).runs.map((r) => r.occurrence.toISOString())).to.deep.equal(['2026-01-05T12:05:00.000Z']);
    const last: LastClaim = { occurrence: at('2026-01-05T12:05:00Z'), status: 'done', attempts: 1, nextAttemptAt: null };
    expect(planRuns({ ...input, last }).runs).to.deep.equal([]);
  });
});
