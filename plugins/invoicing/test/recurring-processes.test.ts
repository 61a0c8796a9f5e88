/**
 * « Recurring runs fire once under two processes » (issue 6): the test's kernel and a second kernel
 * process (processes/scheduler-process.ts) on the same database fire the same occurrences at the
 * same instant; then a process is killed in the middle of a run and the occurrence is done once by
 * the other. Emitted invoices make any double visible twice: in the count and in the numbers.
 */
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { createCustomer, makeEligible } from './support.ts';
import { bootDriven, createTemplate, invoicesOf, runsOf, type Driven } from './recurring-support.ts';

interface Report { done: number; failed: number; taken: number; missed: number }

interface SecondProcess {
  child: ChildProcess;
  tick(iso: string): Promise<Report>;
  /** sets its clock, and serves HTTP: its address */
  serve(iso: string): Promise<string>;
  exited: Promise<NodeJS.Signals | number | null>;
}

async function startSecond(d: Driven, env: Record<string, string> = {}): Promise<SecondProcess> {
  const { config } = d.k.kernel;
  const child = fork(path.join(import.meta.dirname, 'processes/scheduler-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATA_DIR: config.dataDir, ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}), LOG_LEVEL: process.env.SECOND_LOG_LEVEL ?? 'silent', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('the second kernel did not start within 60 s')), 60_000);
    child.once('message', () => { clearTimeout(t); resolve(); });
    child.once('exit', (code) => { clearTimeout(t); reject(new Error(`the second kernel exited (${code})`)); });
  });
  const tick = (iso: string) => new Promise<Report>((resolve, reject) => {
    child.once('message', (m: { report?: Report; error?: string }) => (m.report ? resolve(m.report) : reject(new Error(m.error))));
    child.send({ tick: iso });
  });
  const ask = <T>(msg: object, key: string) => new Promise<T>((resolve, reject) => {
    child.once('message', (m: Record<string, unknown>) => (m[key] !== undefined ? resolve(m[key] as T) : reject(new Error(String(m.error)))));
    child.send(msg);
  });
  const serve = async (iso: string) => {
    await ask({ now: iso }, 'now');
    return ask<string>({ listen: true }, 'url');
  };
  return { child, tick, serve, exited };
}

describe('invoicing : factures récurrentes sous deux processus', function () {
  this.timeout(120_000);
  let d: Driven;
  let templateId: string;
  let customers: string[];
  const open: SecondProcess[] = [];

  before(async () => {
    d = await bootDriven('2026-01-15T10:00:00.000Z');
    await makeEligible(d.k);
    customers = [];
    for (const name of ['Arnaud', 'Béatrice', 'Chloé', 'Damien', 'Élodie']) customers.push((await createCustomer(d.k.http, { name }))._id);
    templateId = (await createTemplate(d.k.http, { saveAsDraft: false, cronRules: [{ cron: '0 8 1 * *' }], fk: { customers } }))._id;
  });
  after(async () => {
    for (const p of open) if (p.child.connected) p.child.disconnect();
    await Promise.all(open.map((p) => p.exited));
    await d?.k.stop();
  });

  it('la même occurrence lancée par les deux processus au même instant : une facture par client, numéros sans trou ni doublon', async () => {
    const b = await startSecond(d);
    open.push(b);
    const months = ['2026-02-01T07:00:00.000Z', '2026-03-01T07:00:00.000Z', '2026-04-01T06:00:00.000Z'];
    for (const [i, at] of months.entries()) {
      d.setNow(at);
      const [ra, rb] = await Promise.all([d.tick(at), b.tick(at)]);
      expect(ra.failed + rb.failed, JSON.stringify({ ra, rb })).to.equal(0);
      expect(ra.done + rb.done, JSON.stringify({ ra, rb })).to.equal(1);
      const made = await invoicesOf(d.k.http, templateId);
      expect(made).to.have.length(5 * (i + 1));
    }
    const made = await invoicesOf(d.k.http, templateId);
    const byMonth = new Map<string, string[]>();
    for (const inv of made) byMonth.set(inv.items[0].labelPrimary, [...(byMonth.get(inv.items[0].labelPrimary) ?? []), inv.fk.receiverCustomer!]);
    // the list is sorted by date then number, and both processes write at the same instant: order is not the point
    expect([...byMonth.keys()]).to.have.members(['Abonnement février 2026', 'Abonnement mars 2026', 'Abonnement avril 2026']);
    for (const list of byMonth.values()) expect([...list].sort()).to.deep.equal([...customers].sort());
    expect(made.map((i) => i.number).sort((x, y) => x! - y!)).to.deep.equal(Array.from({ length: 15 }, (_, i) => i + 1));
    expect((await runsOf(d.k.http, templateId)).map((r) => [r.status, r.invoiceCount])).to.deep.equal([['done', 5], ['done', 5], ['done', 5]]);
  });

  it('un processus tué au milieu d’une exécution : rien n’en reste, l’autre processus la fait une fois', async () => {
    const crashing = await startSecond(d, { CRASH_ON_INVOICE_WRITE: '1' });
    open.push(crashing);
    const at = '2026-05-01T06:00:00.000Z';
    d.setNow(at);
    crashing.child.send({ tick: at });
    expect(await crashing.exited).to.equal('SIGKILL');
    // its claim and its first invoice were in one transaction: both gone
    expect(await invoicesOf(d.k.http, templateId)).to.have.length(15);
    const claims = await d.k.db('kernel_job_runs').where({ job: 'invoicing.recurring-invoices', occurrence: at });
    expect(claims).to.have.length(0);

    expect(await d.tick('2026-05-01T06:00:20.000Z')).to.include({ done: 1, failed: 0 });
    expect(await d.tick('2026-05-01T06:05:00.000Z')).to.include({ done: 0, failed: 0 });
    const may = (await invoicesOf(d.k.http, templateId)).filter((i) => i.items[0].labelPrimary === 'Abonnement mai 2026');
    expect(may.map((i) => i.fk.receiverCustomer).sort()).to.deep.equal([...customers].sort());
    expect(may.map((i) => i.number).sort((x, y) => x! - y!)).to.deep.equal([16, 17, 18, 19, 20]);
    const runs = await runsOf(d.k.http, templateId);
    expect(runs.map((r) => [r.occurrence, r.status])).to.deep.include([at, 'done']);
    expect(runs).to.have.length(4);
  });

  it('« Lancer maintenant » pressé sur les deux processus au même instant (5 fois chacun) : une seule exécution, une facture par client', async () => {
    const b = await startSecond(d);
    open.push(b);
    const at = '2026-06-20T10:00:00.000Z';
    d.setNow(at);
    const url = await b.serve(at);
    const t = await createTemplate(d.k.http, { saveAsDraft: false, cronRules: [{ cron: '0 8 15 * *', identifier: 'a-la-main', manualOnly: true }], fk: { customers } });
    const headers = { authorization: `Bearer ${d.k.admin.token}`, 'at-company': d.k.admin.companyId, 'content-type': 'application/json' };
    const viaSecond = () => fetch(`${url}/api/invoicing/invoice-templates/${t._id}/run`, { method: 'POST', headers, body: JSON.stringify({ identifier: 'a-la-main' }) })
      .then(async (r) => ({ status: r.status, body: await r.json() as { _id: string; occurrence: string } }));
    const viaFirst = () => d.k.http.post(`/api/invoicing/invoice-templates/${t._id}/run`, { identifier: 'a-la-main' });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? viaSecond() : viaFirst())));
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).to.deep.equal([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body._id)).size).to.equal(1);
    // the rule's occurrence of 15 June at 8 h in Paris, the same on both processes
    expect(answers[0].body.occurrence).to.equal('2026-06-15T06:00:00.000Z');
    const made = (await invoicesOf(d.k.http, t._id));
    expect(made.map((i) => i.fk.receiverCustomer).sort()).to.deep.equal([...customers].sort());
    const numbers = made.map((i) => i.number!).sort((x, y) => x - y);
    expect(numbers).to.deep.equal(numbers.map((_, i) => numbers[0] + i));
    expect((await runsOf(d.k.http, t._id)).map((r) => [r.status, r.manual, r.invoiceCount])).to.deep.equal([['done', true, 5]]);
    b.child.disconnect();
  });
});
