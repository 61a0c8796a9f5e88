/**
 * The job scheduler's log (server/src/jobs/scheduler.ts): two schedulers on one database stand for
 * two kernel processes ticking at the same instant. Their pino lines say who claimed the
 * occurrence and who was skipped, when the run started and ended, which occurrences the catch-up
 * passed over, and which attempt failed — each with the job, the occurrence and the process.
 */
import os from 'node:os';
import { expect } from 'chai';
import { pino } from 'pino';
import type { CallContext, JobDefinition } from '@comptoir/sdk';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createScheduler, type Scheduler, type SystemCall } from '../src/jobs/scheduler.ts';
import { writeTransactionConfig } from '../src/db/connect.ts';

interface Line { level: number; msg: string; event?: string; job?: string; key?: string; occurrence?: string; attempt?: number; pid?: number; host?: string; missed?: string[]; ms?: number; err?: { message: string } }

/** a pino logger whose lines are kept, parsed */
function captured(): { lines: Line[]; log: pino.Logger } {
  const lines: Line[] = [];
  return { lines, log: pino({ level: 'info', base: undefined }, { write: (s: string) => { lines.push(JSON.parse(s)); } }) };
}

const T0 = new Date('2026-03-02T06:00:00.000Z');
/** two days later at 08:30 UTC: the 08:00 (Paris) occurrences of the 2nd and the 3rd have passed */
const NOW = new Date('2026-03-03T08:30:00.000Z');

describe('job scheduler: one log line per claim, skip and run, naming the process', function () {
  let k: TestKernel;
  let runs = 0;
  const jobs: JobDefinition[] = [
    { name: 'rapport', cron: '0 8 * * *', run: async () => { runs += 1; await new Promise((r) => setTimeout(r, 30)); } },
    { name: 'panne', cron: '0 8 * * *', run: async () => { throw new Error('serveur distant en panne'); } },
  ];

  before(async function () { k = await createTestKernel(); });
  after(async function () { await k?.stop(); });

  function process_(log: pino.Logger): Scheduler {
    const systemCall: SystemCall = (_companyId, _pluginId, _now, fn) =>
      k.db.transaction((trx) => fn({} as CallContext, trx), writeTransactionConfig(k.db));
    return createScheduler({
      db: k.db, log, clock: { now: () => T0 }, systemCall, intervalMs: 0,
      jobs: jobs.map((def) => ({ pluginId: 'essai', def, name: `essai.${def.name}` })),
    });
  }

  it('logs the claim won by one process and lost by the other, the run, the occurrences passed over and a failure', async function () {
    const a = captured();
    const b = captured();
    const [ra, rb] = await Promise.all([process_(a.log).tick(NOW), process_(b.log).tick(NOW)]);
    expect(runs).to.equal(1);
    expect(ra.done + rb.done).to.equal(1);
    const all = [...a.lines, ...b.lines];
    const jobLines = all.filter((l) => l.job === 'essai.rapport');
    for (const l of all) expect([l.pid, l.host], l.msg).to.deep.equal([process.pid, os.hostname()]);

    const occurrence = '2026-03-03T07:00:00.000Z';
    const won = jobLines.filter((l) => l.event === 'claim-won');
    expect(won).to.have.length(1);
    expect(won[0]).to.deep.include({ job: 'essai.rapport', key: '', occurrence, attempt: 1, msg: 'job occurrence claimed' });
    const winner = a.lines.includes(won[0]) ? a.lines : b.lines;
    const loser = winner === a.lines ? b.lines : a.lines;
    expect(winner.filter((l) => l.job === 'essai.rapport').map((l) => l.event)).to.deep.equal(['claim-won', 'run-start', 'run-end', 'missed']);
    const end = winner.find((l) => l.event === 'run-end')!;
    expect(end).to.deep.include({ occurrence, attempt: 1, msg: 'job run done' });
    expect(end.ms).to.be.a('number').and.at.least(20);
    expect(winner.find((l) => l.event === 'missed')!.missed).to.deep.equal(['2026-03-02T07:00:00.000Z']);
    // the other process planned the same occurrence, found it claimed, and says so
    expect(loser.filter((l) => l.job === "essai.rapport"), JSON.stringify(loser)).to.have.length(1);
    expect(loser.find((l) => l.job === "essai.rapport")!.event, JSON.stringify(loser)).to.equal("claim-lost");
    expect(loser.find((l) => l.job === 'essai.rapport')).to.deep.include({ event: 'claim-lost', occurrence, msg: 'job occurrence taken by another run: skipped' });

    const failed = all.filter((l) => l.job === 'essai.panne' && l.event === 'run-failed');
    expect(failed.length).to.be.at.least(1);
    expect(failed[0]).to.deep.include({ level: 50, occurrence, attempt: 1, msg: 'job run failed' });
    expect(failed[0].err!.message).to.equal('serveur distant en panne');
  });

  it('logs nothing for a round with nothing due', async function () {
    const c = captured();
    const report = await process_(c.log).tick(NOW);
    expect(report.done).to.equal(0);
    expect(c.lines.filter((l) => l.job === 'essai.rapport')).to.deep.equal([]);
  });
});
