/**
 * Recurring invoices end to end, time driven by the kernel's clock and `scheduler.tick(now)`:
 * templates and their checks, scheduled runs (drafts and emitted invoices, INVOICE_MONTH /
 * INVOICE_YEAR, the event), manual-only rules, `useLastInvoiceAsTemplate`, catch-up after an
 * outage, a failing occurrence retried, and the coming runs across a DST change.
 */
import { expect } from 'chai';
import type { Invoice } from '../schemas/index.ts';
import { invoiceHash } from '../server/services/emission/hash-chain.ts';
import { API, createCustomer, makeEligible, otherCompany } from './support.ts';
import { bootDriven, createTemplate, invoicesOf, runsOf, TEMPLATES, type Driven } from './recurring-support.ts';

describe('invoicing : factures récurrentes', function () {
  let d: Driven;
  let alice: string;
  let bruno: string;

  before(async () => {
    d = await bootDriven('2026-01-15T10:00:00.000Z');
    alice = (await createCustomer(d.k.http, { name: 'Martin', firstname: 'Alice' }))._id;
    bruno = (await createCustomer(d.k.http, { company: 'Café Bruno', name: 'Bruno' }))._id;
  });
  after(async () => { await d?.k.stop(); });

  /** each test leaves no template behind: the next ticks concern its own only */
  const cleanUp = async (...ids: string[]) => {
    for (const id of ids) expect((await d.k.http.delete(`${TEMPLATES}/${id}`)).status).to.equal(204);
  };

  it('crée un modèle avec les valeurs par défaut de la spec, les totaux d’une facture et le départ de chaque règle', async () => {
    d.setNow('2026-01-15T10:00:00.000Z');
    const t = await createTemplate(d.k.http, { cronRules: [{ cron: ' 0 8 1 * * ' }], fk: { customers: [alice] } });
    expect(t).to.include({ name: 'Abonnement', useLastInvoiceAsTemplate: false, saveAsDraft: true, autoSendByEmail: false, inclTaxesPrice: 36, exclTaxesPrice: 30 });
    expect(t.cronRules).to.deep.equal([{
      cron: '0 8 1 * *', identifier: 'regle-1', manualOnly: false, overrideCustomerGroups: false, overrideCustomers: false,
      customers: [], customerGroups: [], since: '2026-01-15T10:00:00.000Z',
    }]);
    // a change of name keeps the rule's start; a change of cron moves it
    d.setNow('2026-01-16T10:00:00.000Z');
    const renamed = (await d.k.http.put(`${TEMPLATES}/${t._id}`, { name: 'Abonnement mensuel', cronRules: [{ cron: '0 8 1 * *', identifier: 'regle-1' }] })).body;
    expect(renamed.cronRules[0].since).to.equal('2026-01-15T10:00:00.000Z');
    const moved = (await d.k.http.put(`${TEMPLATES}/${t._id}`, { cronRules: [{ cron: '0 9 1 * *', identifier: 'regle-1' }] })).body;
    expect(moved.cronRules[0].since).to.equal('2026-01-16T10:00:00.000Z');
    await cleanUp(t._id);
  });

  it('refuse une règle illisible, trop fréquente ou en double, un client ou un groupe inconnu (400 nommant le champ, rien d’enregistré)', async () => {
    const before = (await d.k.http.get(TEMPLATES)).body.count;
    const cases: [Record<string, unknown>, string][] = [
      [{ cronRules: [{ cron: '0 8 32 * *' }] }, 'cronRules.0.cron'],
      [{ cronRules: [{ cron: 'tous les mois' }] }, 'cronRules.0.cron'],
      [{ cronRules: [{ cron: '0 8 30 2 *' }] }, 'cronRules.0.cron'],
      [{ cronRules: [{ cron: '*/5 * * * *' }] }, 'cronRules.0.cron'],
      [{ cronRules: [{ cron: '0 8 1 * *', identifier: 'mensuel' }, { cron: '0 8 15 * *', identifier: 'mensuel' }] }, 'cronRules.1.identifier'],
      [{ fk: { customers: [alice, '0123456789abcdef01234567'] } }, 'fk.customers.1'],
      [{ fk: { customerGroups: ['0123456789abcdef01234567'] } }, 'fk.customerGroups.0'],
      [{ cronRules: [{ cron: '0 8 1 * *', customers: ['0123456789abcdef01234567'] }] }, 'cronRules.0.customers.0'],
      [{ name: '   ' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await d.k.http.post(TEMPLATES, { name: 'Mauvais', ...body });
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(res.body.details.map((x: { field: string }) => x.field), JSON.stringify(res.body)).to.include(field);
      expect(res.body.message).to.match(/[a-zé]/);
    }
    const establishmentGroup = await d.k.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.establishments', name: 'Boutiques' });
    const wrong = await d.k.http.post(TEMPLATES, { name: 'Mauvais', fk: { customerGroups: [establishmentGroup.body._id] } });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.message).to.equal('Le groupe « Boutiques » n’est pas un groupe de clients.');
    expect((await d.k.http.get(TEMPLATES)).body.count).to.equal(before);
  });

  it('à chaque occurrence, un brouillon par client, mentions remplacées au mois de l’occurrence, une seule fois, et l’événement', async () => {
    d.setNow('2026-01-15T10:00:00.000Z');
    const events: { payload: unknown }[] = [];
    const off = d.k.kernel.events.on('invoicing.invoice.generated', (e: { payload: unknown }) => { events.push(e); });
    try {
      const t = await createTemplate(d.k.http, {
        cronRules: [{ cron: '0 8 1 * *', identifier: 'mensuel' }], fk: { customers: [alice, bruno] },
        items: [{ labelPrimary: 'Abonnement INVOICE_MONTH INVOICE_YEAR', labelSecondary: 'Période : INVOICE_MONTH', vat: 20, exclTaxesPrice: 30 }],
      });
      // created on the 15th: the 1st of January is before the rule, nothing is due
      await d.tick('2026-01-20T12:00:00.000Z');
      expect(await invoicesOf(d.k.http, t._id)).to.have.length(0);
      // 8 h in Paris on 1 February is 07:00 UTC
      await d.tick('2026-02-01T06:59:59.000Z');
      expect(await invoicesOf(d.k.http, t._id)).to.have.length(0);
      const report = await d.tick('2026-02-01T07:00:00.000Z');
      expect(report).to.include({ done: 1, failed: 0 });
      const made = await invoicesOf(d.k.http, t._id);
      expect(made.map((i) => i.fk.receiverCustomer)).to.deep.equal([alice, bruno]);
      for (const i of made) {
        expect(i).to.not.have.property('numberFull');
        expect(i.items[0]).to.include({ labelPrimary: 'Abonnement février 2026', labelSecondary: 'Période : février' });
        expect(i.fk.invoiceTemplateId).to.equal(t._id);
        expect(i.inclTaxesPrice).to.equal(36);
        expect(i.date).to.equal('2026-02-01T07:00:00.000Z');
      }
      expect(made[1].receiver).to.include({ company: 'Café Bruno' });
      // the same occurrence never runs twice
      await d.tick('2026-02-01T07:00:30.000Z');
      await d.tick('2026-02-10T07:00:30.000Z');
      expect(await invoicesOf(d.k.http, t._id)).to.have.length(2);
      const runs = await runsOf(d.k.http, t._id);
      expect(runs.map((r) => [r.identifier, r.occurrence, r.status, r.invoiceCount, r.manual])).to.deep.equal([
        ['mensuel', '2026-02-01T07:00:00.000Z', 'done', 2, false],
      ]);
      expect(runs[0].fk.invoices).to.deep.equal(made.map((i) => i._id));
      for (let i = 0; i < 50 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(events.map((e) => e.payload)).to.deep.equal(made.map((i) => ({ _id: i._id, templateId: t._id, autoSendByEmail: false })));
      await cleanUp(t._id);
    } finally { off(); }
  });

  it('saveAsDraft false : les factures sont émises, numérotées à la suite et chaînées ; autoSendByEmail passe dans l’événement', async () => {
    await makeEligible(d.k);
    d.setNow('2026-02-15T10:00:00.000Z');
    const events: { payload: { autoSendByEmail: boolean } }[] = [];
    const off = d.k.kernel.events.on('invoicing.invoice.generated', (e: (typeof events)[number]) => { events.push(e); });
    try {
      const t = await createTemplate(d.k.http, { saveAsDraft: false, autoSendByEmail: true, cronRules: [{ cron: '0 8 1 * *' }], fk: { customers: [alice, bruno] } });
      await d.tick('2026-03-01T07:05:00.000Z');
      const made = await invoicesOf(d.k.http, t._id);
      expect(made).to.have.length(2);
      expect(made.map((i) => i.number)).to.deep.equal([made[0].number, made[0].number! + 1]);
      expect(made[0].items[0].labelPrimary).to.equal('Abonnement mars 2026');
      expect(made[1].hash).to.equal(invoiceHash(made[0].hash!, made[1]));
      for (let i = 0; i < 50 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(events.map((e) => e.payload.autoSendByEmail)).to.deep.equal([true, true]);
      await cleanUp(t._id);
    } finally { off(); }
  });

  it('une règle « manuelle seulement » ne part jamais seule : « Lancer maintenant » la lance, et elle n’est pas dans les prochaines exécutions', async () => {
    d.setNow('2026-03-02T10:00:00.000Z');
    const t = await createTemplate(d.k.http, { cronRules: [{ cron: '0 8 * * *', identifier: 'a-la-demande', manualOnly: true }], fk: { customers: [alice] } });
    await d.tick('2026-03-05T10:00:00.000Z');
    expect(await invoicesOf(d.k.http, t._id)).to.have.length(0);
    const upcoming = (await d.k.http.get(`${TEMPLATES}/upcoming`)).body.data;
    expect(upcoming.filter((u: { template: string }) => u.template === t._id)).to.have.length(0);
    const unknown = await d.k.http.post(`${TEMPLATES}/${t._id}/run`, { identifier: 'inconnue' });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.message).to.equal('Ce modèle n’a pas de règle « inconnue ».');
    const run = await d.k.http.post(`${TEMPLATES}/${t._id}/run`, { identifier: 'a-la-demande' });
    expect(run.status, JSON.stringify(run.body)).to.equal(201);
    // the rule's latest occurrence (8 h in Paris), not the instant of the press (issue 11: pressed twice, it runs once)
    expect(run.body).to.include({ status: 'done', manual: true, invoiceCount: 1, occurrence: '2026-03-05T07:00:00.000Z' });
    const made = await invoicesOf(d.k.http, t._id);
    expect(made.map((i) => i.items[0].labelPrimary)).to.deep.equal(['Abonnement mars 2026']);
    await cleanUp(t._id);
  });

  it('useLastInvoiceAsTemplate : la facture suivante reprend la dernière du client (quantité modifiée), libellés du modèle remis au mois', async () => {
    d.setNow('2026-03-06T10:00:00.000Z');
    const t = await createTemplate(d.k.http, {
      useLastInvoiceAsTemplate: true, cronRules: [{ cron: '0 8 1 * *' }], fk: { customers: [alice] },
      items: [
        { labelPrimary: 'Abonnement INVOICE_MONTH INVOICE_YEAR', vat: 20, exclTaxesPrice: 30 },
        { labelPrimary: 'Option INVOICE_MONTH', vat: 20, exclTaxesPrice: 5 },
      ],
    });
    await d.tick('2026-04-01T06:00:00.000Z');
    const [april] = await invoicesOf(d.k.http, t._id);
    expect(april.items.map((l) => l.labelPrimary)).to.deep.equal(['Abonnement avril 2026', 'Option avril']);
    // the owner changes April's draft: 3 months of subscription, and a label of their own
    const items = april.items.map((l, i) => (i === 0 ? { ...l, quantity: 3 } : { ...l, labelPrimary: 'Option spéciale' }));
    expect((await d.k.http.put(`${API}/invoices/${april._id}`, { items })).status).to.equal(200);
    await d.tick('2026-05-01T06:00:00.000Z');
    const may = (await invoicesOf(d.k.http, t._id))[1] as Invoice;
    expect(may.items.map((l) => [l.labelPrimary, l.quantity])).to.deep.equal([['Abonnement mai 2026', 3], ['Option spéciale', 1]]);
    expect(may.inclTaxesPrice).to.equal(114);
    expect(may).to.not.have.property('numberFull');
    await cleanUp(t._id);
  });

  it('après une panne, seule la dernière occurrence manquée part ; les autres sont « manquées » dans l’historique', async () => {
    d.setNow('2026-05-02T10:00:00.000Z');
    const t = await createTemplate(d.k.http, { cronRules: [{ cron: '0 7 * * *', identifier: 'quotidien' }], fk: { customers: [bruno] } });
    const report = await d.tick('2026-05-06T12:00:00.000Z');
    expect(report).to.include({ done: 1, missed: 3 });
    expect(await invoicesOf(d.k.http, t._id)).to.have.length(1);
    const runs = await runsOf(d.k.http, t._id);
    expect(runs.map((r) => [r.occurrence, r.status])).to.deep.equal([
      ['2026-05-03T05:00:00.000Z', 'missed'], ['2026-05-04T05:00:00.000Z', 'missed'],
      ['2026-05-05T05:00:00.000Z', 'missed'], ['2026-05-06T05:00:00.000Z', 'done'],
    ]);
    await cleanUp(t._id);
  });

  it('une occurrence en échec ne fait aucune facture ni numéro, est notée avec la raison, et repart après le délai', async () => {
    d.setNow('2026-05-07T10:00:00.000Z');
    const other = await otherCompany(d.k, 'Jeune Pousse SAS');
    const carl = (await createCustomer(other, { name: 'Carl' }))._id;
    const t = await createTemplate(other, { saveAsDraft: false, cronRules: [{ cron: '0 8 1 * *' }], fk: { customers: [carl] } });
    const report = await d.tick('2026-06-01T06:00:00.000Z');
    expect(report).to.include({ failed: 1, done: 0 });
    expect(await invoicesOf(other, t._id)).to.have.length(0);
    let runs = await runsOf(other, t._id);
    expect(runs).to.have.length(1);
    expect(runs[0]).to.include({ status: 'failed', attempts: 1 });
    expect(runs[0].lastError).to.match(/^Impossible d’émettre la facture : il manque à l’entreprise/);

    await makeEligible(d.k, other);
    // retried one minute after the failure, not before
    expect(await d.tick('2026-06-01T06:00:30.000Z')).to.include({ done: 0, failed: 0 });
    expect(await d.tick('2026-06-01T06:01:00.000Z')).to.include({ done: 1, failed: 0 });
    const made = await invoicesOf(other, t._id);
    expect(made.map((i) => i.numberFull)).to.deep.equal(['0000001']);
    runs = await runsOf(other, t._id);
    expect(runs.map((r) => [r.status, r.attempts, r.invoiceCount])).to.deep.equal([['done', 2, 1]]);
    await d.tick('2026-06-01T07:00:00.000Z');
    expect(await invoicesOf(other, t._id)).to.have.length(1);
    expect((await other.delete(`${TEMPLATES}/${t._id}`)).status).to.equal(204);
  });

  it('prochaines exécutions : dates à Paris de part et d’autre du changement d’heure, avec le nombre de clients', async () => {
    d.setNow('2026-06-02T10:00:00.000Z');
    const t = await createTemplate(d.k.http, { name: 'Loyer', cronRules: [{ cron: '30 2 * * 0', identifier: 'dimanche' }], fk: { customers: [alice, bruno] } });
    // a rule created now starts now: the coming runs before the fall-back night of 25 October
    const res = await d.k.http.get(`${TEMPLATES}/upcoming`, { query: { from: '2026-10-17T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const mine = res.body.data.filter((u: { template: string }) => u.template === t._id);
    // 2 h 30 in Paris: 00:30 UTC in summer time, once on the night 2 h 30 happens twice, 01:30 UTC after
    expect(mine.map((u: { occurrence: string }) => u.occurrence)).to.deep.equal([
      '2026-10-18T00:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-11-01T01:30:00.000Z',
    ]);
    expect(mine[0]).to.include({ templateName: 'Loyer', identifier: 'dimanche', customerCount: 2, saveAsDraft: true, inclTaxesPrice: 36 });
    for (const query of [{ from: 'hier' }, { from: '2026-01-01T00:00:00.000Z', to: '2027-06-01T00:00:00.000Z' }, { from: '2026-06-01T00:00:00.000Z', to: '2026-05-01T00:00:00.000Z' }]) {
      const bad = await d.k.http.get(`${TEMPLATES}/upcoming`, { query });
      expect(bad.status, JSON.stringify(query)).to.equal(400);
    }
    await cleanUp(t._id);
  });
});
