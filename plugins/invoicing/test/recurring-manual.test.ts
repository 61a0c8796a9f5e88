/**
 * « Lancer maintenant » is idempotent per template, rule and occurrence (issue 11, item 18): a
 * manual run stands for the rule's latest occurrence at or before now (or a past one it names); a
 * second press — later, or at the same moment, on this process or another
 * (recurring-processes.test.ts) — answers the first run (200) and makes no invoice; the scheduler
 * and manual runs never both make one occurrence.
 */
import { expect } from 'chai';
import type { InvoiceTemplateRun } from '../schemas/index.ts';
import { createCustomer, makeEligible } from './support.ts';
import { bootDriven, createTemplate, invoicesOf, runsOf, TEMPLATES, type Driven } from './recurring-support.ts';

describe('invoicing : « Lancer maintenant » une seule fois par occurrence', function () {
  this.timeout(120_000);
  let d: Driven;
  let customers: string[];

  before(async () => {
    d = await bootDriven('2026-03-10T10:00:00.000Z');
    await makeEligible(d.k);
    customers = [];
    for (const name of ['Anne', 'Basile', 'Céline']) customers.push((await createCustomer(d.k.http, { name }))._id);
  });
  after(async () => { await d?.k.stop(); });

  const run = (templateId: string, body: Record<string, unknown>) => d.k.http.post(`${TEMPLATES}/${templateId}/run`, body);

  it('pressé deux fois : la seconde répond la première exécution (200), aucune facture de plus', async () => {
    d.setNow('2026-03-10T10:00:00.000Z');
    const t = await createTemplate(d.k.http, { saveAsDraft: false, cronRules: [{ cron: '0 8 1 * *', identifier: 'mensuel', manualOnly: true }], fk: { customers } });
    const first = await run(t._id, { identifier: 'mensuel' });
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    expect(first.body).to.include({ occurrence: '2026-03-01T07:00:00.000Z', invoiceCount: 3, manual: true, status: 'done' });
    d.setNow('2026-03-10T10:05:00.000Z');
    const second = await run(t._id, { identifier: 'mensuel' });
    expect(second.status).to.equal(200);
    expect(second.body._id).to.equal(first.body._id);
    expect(second.body.fk.invoices).to.deep.equal(first.body.fk.invoices);
    const made = await invoicesOf(d.k.http, t._id);
    expect(made).to.have.length(3);
    expect(made.map((i) => i.items[0].labelPrimary)).to.deep.equal(Array(3).fill('Abonnement mars 2026'));
    // next month's occurrence is another run
    d.setNow('2026-04-02T10:00:00.000Z');
    const april = await run(t._id, { identifier: 'mensuel' });
    expect(april.status).to.equal(201);
    expect(april.body.occurrence).to.equal('2026-04-01T06:00:00.000Z');
    expect(await invoicesOf(d.k.http, t._id)).to.have.length(6);
  });

  it('10 pressions en même temps : une seule 201, les autres répondent la même exécution', async () => {
    d.setNow('2026-04-20T10:00:00.000Z');
    const t = await createTemplate(d.k.http, { saveAsDraft: false, cronRules: [{ cron: '0 8 15 * *', identifier: 'quinzaine', manualOnly: true }], fk: { customers } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => run(t._id, { identifier: 'quinzaine' })));
    expect(answers.map((a) => a.status).sort()).to.deep.equal([...Array(9).fill(200), 201]);
    expect(new Set(answers.map((a) => a.body._id)).size).to.equal(1);
    const made = await invoicesOf(d.k.http, t._id);
    expect(made.map((i) => i.fk.receiverCustomer).sort()).to.deep.equal([...customers].sort());
    const numbers = made.map((i) => i.number!).sort((a, b) => a - b);
    expect(numbers).to.deep.equal(numbers.map((_, i) => numbers[0] + i));
  });

  it('lancée à la main puis par le planificateur (et l’inverse) : l’occurrence n’est faite qu’une fois', async () => {
    d.setNow('2026-05-01T06:00:30.000Z');
    const t = await createTemplate(d.k.http, { cronRules: [{ cron: '0 8 1 * *', identifier: 'mensuel' }], fk: { customers } });
    // created after the 1 May occurrence: the scheduler starts with June; by hand, May is the current one
    const manual = await run(t._id, { identifier: 'mensuel' });
    expect(manual.status).to.equal(201);
    expect(manual.body.occurrence).to.equal('2026-05-01T06:00:00.000Z');
    // June: the scheduler first, then a press answers its run
    await d.tick('2026-06-01T06:00:05.000Z');
    expect(await invoicesOf(d.k.http, t._id)).to.have.length(6);
    d.setNow('2026-06-01T09:00:00.000Z');
    const after = await run(t._id, { identifier: 'mensuel' });
    expect(after.status).to.equal(200);
    expect(after.body).to.include({ occurrence: '2026-06-01T06:00:00.000Z', manual: false });
    // July: a press first (the scheduler had not come yet), then the scheduler finds it done
    d.setNow('2026-07-01T06:00:01.000Z');
    expect((await run(t._id, { identifier: 'mensuel' })).status).to.equal(201);
    await d.tick('2026-07-01T06:00:10.000Z');
    const made = await invoicesOf(d.k.http, t._id);
    expect(made).to.have.length(9);
    expect((await runsOf(d.k.http, t._id)).map((r) => [r.occurrence, r.manual, r.invoiceCount])).to.deep.equal([
      ['2026-05-01T06:00:00.000Z', true, 3], ['2026-06-01T06:00:00.000Z', false, 3], ['2026-07-01T06:00:00.000Z', true, 3],
    ]);
  });

  it('une occurrence manquée de l’historique se lance en la nommant, une fois ; une date qui n’est pas de la règle est refusée (400)', async () => {
    d.setNow('2026-08-01T10:00:00.000Z');
    const t = await createTemplate(d.k.http, { cronRules: [{ cron: '0 8 * * *', identifier: 'quotidien' }], fk: { customers: [customers[0]] } });
    // a week's closure: the catch-up makes the latest day and records the others as missed
    const report = await d.tick('2026-08-06T10:00:00.000Z');
    expect(report).to.include({ failed: 0, missed: 4 });
    const missed = (await runsOf(d.k.http, t._id)).filter((r) => r.status === 'missed').map((r) => r.occurrence);
    expect(missed).to.have.length(4);
    const named = await run(t._id, { identifier: 'quotidien', occurrence: missed[0] });
    expect(named.status, JSON.stringify(named.body)).to.equal(201);
    expect(named.body).to.include({ occurrence: missed[0], status: 'done', manual: true, invoiceCount: 1 });
    expect((await run(t._id, { identifier: 'quotidien', occurrence: missed[0] })).status).to.equal(200);
    // a missed row done since is never written back to « missed »
    await d.tick('2026-08-06T10:00:30.000Z');
    const rows = await runsOf(d.k.http, t._id);
    expect(rows.find((r: InvoiceTemplateRun) => r.occurrence === missed[0])?.status).to.equal('done');
    for (const occurrence of ['2026-08-02T07:30:00.000Z', '2026-08-09T06:00:00.000Z', 'hier']) {
      const refused = await run(t._id, { identifier: 'quotidien', occurrence });
      expect(refused.status, occurrence).to.equal(400);
      if (occurrence !== 'hier') expect(refused.body.message).to.equal(`« ${occurrence} » n’est pas une date passée de la règle « quotidien » : choisissez une exécution de l’historique.`);
    }
    expect(await invoicesOf(d.k.http, t._id)).to.have.length(2);
  });
});
