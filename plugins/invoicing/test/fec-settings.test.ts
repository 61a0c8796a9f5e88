/**
 * What changes the FEC (SQLite and MariaDB): the chart of accounts edited per company, a fiscal
 * year that is not the calendar year (and still open), the demo company's year, the SIREN that
 * names the file; and `invoicing.accounting-entries` gathering the plugins' entries in dependency order.
 */
import { expect } from 'chai';
import { createTestKernel, TEST_ADMIN, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { CallContext, ContributedEntry } from '@comptoir/sdk';
import { contributedEntries } from '../server/services/accounting/fec.ts';
import type { Chart } from '../schemas/index.ts';
import { seedDemo } from '../server/seed.ts';
import { ledger } from './fixtures/ledger-probe/server/index.ts';
import { HEADER, LEDGER_PROBE, entryTotals, fetchFec, parseFec, pieceLines } from './fec-support.ts';
import { API, ELIGIBLE_COMPANY, PLUGINS, createCustomer, emitted, pay, updateCompany } from './support.ts';

describe('invoicing : plan comptable et exercices du FEC', function () {
  this.timeout(90_000);
  let k: TestKernel;
  let http: TestHttp;
  let now = new Date('2025-03-10T10:00:00.000Z');
  const at = async (iso: string) => {
    now = new Date(iso);
    http = k.http.as((await k.login(TEST_ADMIN.email, TEST_ADMIN.password)).token);
  };

  before(async () => {
    k = await createTestKernel({ plugins: [...PLUGINS, LEDGER_PROBE], now: () => now });
    http = k.http;
    ledger.entries = [];
    await updateCompany(k, ELIGIBLE_COMPANY);
  });
  after(async () => { await k?.stop(); });

  it('propose un plan comptable par défaut, modifiable par entreprise, et le FEC le suit', async () => {
    const customer = await createCustomer(http, { company: 'Hôtel du Parc' });
    const invoice = await emitted(http, { fk: { receiverCustomer: customer._id }, items: [{ labelPrimary: 'Séminaire', vat: 20, inclTaxesPrice: 240 }] });
    await pay(http, invoice._id, 240, 'transfer');
    const defaults = (await http.get(`${API}/accounting-settings`)).body as Chart;
    expect(defaults.accounts.filter((a) => a.role === 'vatCollected').map((a) => `${a.number} ${a.label}`)).to.deep.equal([
      '445710 TVA collectée', '4457120 TVA collectée 20 %', '4457110 TVA collectée 10 %', '4457105 TVA collectée 5,5 %', '4457102 TVA collectée 2,1 %',
    ]);
    expect(defaults.journals.map((j) => j.code)).to.deep.equal(['VE', 'AC', 'BQ', 'CA', 'OD']);

    const saved = await http.put(`${API}/accounting-settings`, {
      accounts: [
        { role: 'customer', number: '41100000', label: 'Clients France' },
        { role: 'vatCollected', vatRate: 20, number: '44571200', label: 'TVA collectée au taux normal' },
        { role: 'vatCollected', vatRate: 8.5, number: '44571085', label: 'TVA collectée 8,5 % (DOM)' },
      ],
      journals: [{ role: 'sales', code: 'VT', label: 'Ventes' }, { role: 'bank', code: 'BQ1', label: 'Crédit Agricole' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    const chart = saved.body as Chart;
    expect(chart.accounts.find((a) => a.role === 'customer')).to.deep.equal({ role: 'customer', number: '41100000', label: 'Clients France' });
    expect(chart.accounts.find((a) => a.role === 'salesServices')!.number).to.equal('706000');
    expect(chart.accounts.filter((a) => a.role === 'vatCollected').map((a) => a.number)).to.deep.equal(['445710', '44571200', '4457110', '44571085', '4457105', '4457102']);
    expect((await http.get(`${API}/accounting-settings`)).body).to.deep.equal(chart);

    const { records } = parseFec((await fetchFec(http, '2025')).text);
    const aux = `C${customer._id.toUpperCase()}`;
    expect(pieceLines(records, `FC-${invoice.numberFull}`)).to.deep.equal([`VT 41100000/${aux} 240,00 0,00`, 'VT 706000 0,00 200,00', 'VT 44571200 0,00 40,00']);
    expect(records.find((r) => r.CompteNum === '44571200')).to.include({ CompteLib: 'TVA collectée au taux normal', JournalLib: 'Ventes' });
    expect(records.filter((r) => r.JournalCode === 'BQ1').map((r) => r.CompteNum)).to.deep.equal(['512000', '41100000']);

    // back to the defaults: an empty chart
    expect((await http.put(`${API}/accounting-settings`, { accounts: [], journals: [] })).body).to.deep.equal(defaults);
  });

  it('refuse (400) un plan comptable incohérent, sans rien changer', async () => {
    const before = (await http.get(`${API}/accounting-settings`)).body;
    const refused = async (body: unknown, field: string) => {
      const res = await http.put(`${API}/accounting-settings`, body);
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).to.include(field);
    };
    await refused({ accounts: [{ role: 'customer', number: 'ABC', label: 'Clients' }], journals: [] }, 'accounts.0.number');
    await refused({ accounts: [{ role: 'client', number: '411000', label: 'Clients' }], journals: [] }, 'accounts.0.role');
    await refused({ accounts: [{ role: 'bank', vatRate: 20, number: '512000', label: 'Banque' }], journals: [] }, 'accounts.0.vatRate');
    await refused({ accounts: [{ role: 'bank', number: '512000', label: 'Banque' }, { role: 'bank', number: '512100', label: 'Banque 2' }], journals: [] }, 'accounts.1');
    await refused({ accounts: [], journals: [{ role: 'sales', code: 'BQ', label: 'Ventes' }, { role: 'bank', code: 'BQ', label: 'Banque' }] }, 'journals.1.code');
    await refused({ accounts: [], journals: [{ role: 'sales', code: 've', label: 'Ventes' }] }, 'journals.0.code');
    await refused({ accounts: [] }, 'journals');
    expect((await http.get(`${API}/accounting-settings`)).body).to.deep.equal(before);
  });

  it('suit l’exercice de l’entreprise (1er juillet – 30 juin), et dit qu’un exercice en cours donne un fichier provisoire', async () => {
    await at('2025-06-30T20:00:00.000Z');
    const june = await emitted(http, { items: [{ labelPrimary: 'Juin', vat: 20, inclTaxesPrice: 12 }] });
    await at('2025-07-01T08:00:00.000Z');
    const july = await emitted(http, { items: [{ labelPrimary: 'Juillet', vat: 20, inclTaxesPrice: 24 }] });
    await at('2026-02-01T08:00:00.000Z');
    const february = await emitted(http, { items: [{ labelPrimary: 'Février', vat: 20, inclTaxesPrice: 36 }] });
    await updateCompany(k, { fiscalYears: [
      { name: 'Exercice 2024-2025', startDate: '2024-07-01T00:00:00.000Z', endDate: '2025-06-30T23:59:59.999Z' },
      { name: 'Exercice 2025-2026', startDate: '2025-06-30T22:00:00.000Z', endDate: '2026-06-30T21:59:59.999Z' },
    ] }, http);
    const fec = await fetchFec(http, '2026');
    expect(fec.status, JSON.stringify(fec.error)).to.equal(200);
    expect(fec.headers.get('content-disposition')).to.equal('attachment; filename="123456782FEC20260630.txt"');
    expect(fec.headers.get('x-fec-fiscal-year')).to.equal('2025-07-01/2026-06-30');
    expect(fec.headers.get('x-fec-closed')).to.equal('false');
    const pieces = new Set(parseFec(fec.text).records.map((r) => r.PieceRef));
    expect([june, july, february].map((d) => pieces.has(`FC-${d.numberFull}`))).to.deep.equal([false, true, true]);
    const summary = (await http.get(`${API}/fec/summary`, { query: { fiscalYear: '2026' } })).body;
    expect(summary.fiscalYear).to.deep.include({ name: 'Exercice 2025-2026', closed: false, firstDay: '2025-07-01', lastDay: '2026-06-30' });
    const previous = await fetchFec(http, '2025');
    expect(previous.headers.get('content-disposition')).to.equal('attachment; filename="123456782FEC20250630.txt"');
    expect(new Set(parseFec(previous.text).records.map((r) => r.PieceRef)).has(`FC-${june.numberFull}`)).to.equal(true);
    // a year the company never declared: 404, in French, naming fiscalYear (not an empty file)
    const never = await fetchFec(http, '2031');
    expect(never.status).to.equal(404);
    expect(never.error).to.deep.equal({
      status: 404, code: 'NOT_FOUND', details: [{ field: 'fiscalYear', message: 'exercice inconnu' }],
      message: 'Aucun exercice ne se clôt en 2031 : cette année n’a pas encore commencé.',
    });
    expect(never.headers.get('content-disposition')).to.equal(null);
    expect((await http.get(`${API}/fec/summary`, { query: { fiscalYear: '2031' } })).status).to.equal(404);
    // nor the calendar year 2024, which would take the first half of the exercise 2024-2025
    expect((await fetchFec(http, '2024')).error!.message).to.equal('Aucun exercice de l’entreprise ne se clôt en 2024, et l’année civile 2024 chevauche l’exercice du 01/07/2024 au 30/06/2025 déclaré dans la fiche de l’entreprise.');
    // a declared exercise with nothing in it: the header alone
    await updateCompany(k, { fiscalYears: [{ name: 'Exercice 2031', startDate: '2031-01-01T00:00:00.000Z', endDate: '2031-12-31T23:59:59.999Z' }] }, http);
    const empty = await fetchFec(http, '2031');
    expect([empty.status, empty.text, empty.headers.get('x-fec-closed')]).to.deep.equal([200, `${HEADER}\r\n`, 'false']);
    await updateCompany(k, { fiscalYears: [] }, http);
  });

  it('refuse (409) le FEC d’une entreprise sans SIREN : il nomme le fichier', async () => {
    await updateCompany(k, { siren: '' }, http);
    try {
      const fec = await fetchFec(http, '2025');
      expect(fec.status).to.equal(409);
      expect(fec.error!.details).to.deep.equal([{ field: 'siren', message: '9 chiffres attendus' }]);
    } finally {
      await updateCompany(k, { siren: '123 456 782' }, http);
    }
    expect((await fetchFec(http, '2025')).headers.get('content-disposition')).to.equal('attachment; filename="123456782FEC20251231.txt"');
  });

  it('rassemble les écritures des plugins dans l’ordre des dépendances, pour l’entreprise active', async () => {
    ledger.entries = [{
      journal: 'OD', date: '2026-01-15', pieceRef: 'OD-1', pieceDate: '2026-01-15', label: 'Frais bancaires',
      lines: [{ account: '627000', accountLabel: 'Services bancaires', debit: '12.00' }, { account: 'bank', credit: '12.00' }],
    }];
    try {
      const entries = await k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) =>
        contributedEntries(ctx, { start: '2025-12-31T23:00:00.000Z', end: '2026-12-31T23:00:00.000Z' }), 'invoicing') as ContributedEntry[];
      const sources = entries.map((e) => e.source);
      expect(sources.at(-1)).to.equal('ledger-probe');
      expect(sources.indexOf('ledger-probe')).to.equal(sources.lastIndexOf('invoicing') + 1);
      const { records } = parseFec((await fetchFec(http, '2026')).text);
      expect(records.filter((r) => r.PieceRef === 'OD-1').map((r) => `${r.JournalCode} ${r.JournalLib} ${r.CompteNum} ${r.CompteLib}`))
        .to.deep.equal(['OD Opérations diverses 627000 Services bancaires', 'OD Opérations diverses 512000 Banque']);
    } finally {
      ledger.entries = [];
    }
  });

  it('équilibre le FEC de l’année de l’entreprise de démonstration', async () => {
    await at('2026-05-04T09:30:00.000Z');
    const res = await http.post('/api/kernel/companies', { name: 'Boulangerie Martin SARL' });
    const demo = k.http.as(http.token, res.body._id);
    await updateCompany(k, { ...ELIGIBLE_COMPANY, siren: '987654324', siret: '98765432400019', vatNumber: 'FR14987654324' }, demo);
    await k.kernel.asSystem(res.body._id, (ctx: CallContext) => seedDemo(ctx), 'invoicing');
    const fec = await fetchFec(demo, '2026');
    expect(fec.headers.get('content-disposition')).to.equal('attachment; filename="987654324FEC20261231.txt"');
    const { header, records } = parseFec(fec.text);
    expect(header).to.equal(HEADER);
    expect(new Set(records.map((r) => r.JournalCode))).to.deep.equal(new Set(['VE', 'BQ']));
    expect(records.filter((r) => r.JournalCode === 'VE').map((r) => r.PieceRef)).to.have.length.greaterThan(4);
    for (const [num, t] of entryTotals(records)) expect(t.debit.toFixed(2), `écriture ${num}`).to.equal(t.credit.toFixed(2));
    // every emitted document and every payment of the demo is a link of its chain, all intact
    const emittedCount = (await demo.get(`${API}/invoices`, { query: { filters: { number: { mode: 'exists', value: true } } } })).body.count as number;
    const paymentCount = (await demo.get(`${API}/payments`)).body.count as number;
    expect(emittedCount).to.be.greaterThan(4);
    expect((await demo.get(`${API}/integrity`)).body).to.deep.equal({ valid: true, checked: emittedCount + paymentCount, firstBroken: null });
  });
});
