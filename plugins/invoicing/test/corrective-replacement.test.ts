/**
 * A corrected sale counts once (issue 13, README « Corrective invoice »), on SQLite and MariaDB:
 * emitting a corrective invoice settles its source by a compensation naming it (numbered, hashed),
 * marks it replaced, moves the customer's balance and the catalogue's sold counts; the home page's
 * revenue, the « Factures » list totals and the FEC say the same for a period with a corrective;
 * the unpaid figures leave the replaced invoice out; a source paid in part, one already replaced,
 * and payments or credit notes of a replaced invoice are refused in French; ten emissions of
 * correctives of one invoice at once replace it once.
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { parisEndOf, parisStartOf } from '@comptoir/sdk/commerce';
import { TEST_ADMIN, createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { DashboardView, WidgetFigure } from '@comptoir/sdk';
import type { Payment } from '@comptoir/schemas';
import type { Invoice } from '../schemas/index.ts';
import { alreadyReplaced, correctiveOfPaidInvoice, replacedNoCredit, replacedNoPayment } from '../server/messages.ts';
import { listTotalsOf, totalsQuery } from '../client/src/invoices/listTotals.ts';
import { documentMail } from '../server/services/sending/send-mail.ts';

/** The list filters of « Statut » (client/src/invoices/invoiceStatus.ts), written here as the screen sends them. */
const NOT_REPLACED = { replacedBy: { mode: 'exists', value: false } };
const STATE_FILTERS = {
  unpaid: { numberFull: { mode: 'exists', value: true }, inclTaxesPrice: { mode: 'gt', value: 0 }, unpaidAmount: { mode: 'gt', value: 0 }, ...NOT_REPLACED },
  replaced: { replacedBy: { mode: 'exists', value: true } },
  paid: { numberFull: { mode: 'exists', value: true }, status: { mode: 'eq', value: 'paid' }, ...NOT_REPLACED },
};
import { amountOf, fetchFec, parseFec, type FecRecord } from './fec-support.ts';
import { API, ELIGIBLE_COMPANY, PLUGINS, createCustomer, emit, emitted, pay, tableCounts, updateCompany } from './support.ts';

type Answer = { status: number; body: { message?: string } & Record<string, unknown> };

/** Σ credit − Σ debit of the sales accounts (706, 707): the revenue the books hold. */
const fecRevenue = (records: FecRecord[]) => records.filter((r) => /^70[67]/.test(r.CompteNum))
  .reduce((s, r) => s.plus(amountOf(r.Credit)).minus(amountOf(r.Debit)), new Decimal(0)).toFixed(2);

describe('invoicing : une facture corrective remplace sa facture, la vente compte une fois', function () {
  this.timeout(180_000);
  let k: TestKernel;
  let http: TestHttp;
  let clock = new Date('2026-01-10T09:00:00.000Z');
  const customers: Record<string, string> = {};
  const items: Record<string, string> = {};

  async function at(iso: string) {
    clock = new Date(iso);
    http = k.http.as((await k.login(TEST_ADMIN.email, TEST_ADMIN.password)).token);
  }
  const get = async (id: string) => (await http.get(`${API}/invoices/${id}`)).body as Invoice;
  const paymentsOf = async (id: string) => (await http.get(`${API}/payments`, {
    query: { filters: { 'fk.invoice': { mode: 'eq', value: id } }, sort: { field: 'number', ascending: true } },
  })).body.data as Payment[];
  const balance = async (who: string) => (await http.get(`/api/contacts/customers/${customers[who]}`)).body.balance as number;
  const sold = async (what: string) => (await http.get(`/api/catalogue/items/${items[what]}`)).body.salesCount as number;
  const correctiveDraft = async (source: Invoice, body?: Record<string, unknown>): Promise<Invoice> => {
    const draft = await http.post(`${API}/invoices/${source._id}/corrective`);
    expect(draft.status, JSON.stringify(draft.body)).to.equal(201);
    if (!body) return draft.body;
    const edited = await http.put(`${API}/invoices/${draft.body._id}`, body);
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    return edited.body;
  };
  const integrity = async () => (await http.get(`${API}/integrity`)).body;
  const croissants = (quantity: number) => ({ labelPrimary: 'Croissant', itemId: items.croissant, quantity, vat: 5.5, exclTaxesPrice: 2, type: 'good' });
  const delivery = () => ({ labelPrimary: 'Livraison', itemId: items.delivery, quantity: 1, vat: 20, exclTaxesPrice: 50 });

  before(async () => {
    k = await createTestKernel({ plugins: PLUGINS, now: () => clock });
    http = k.http;
    await updateCompany(k, ELIGIBLE_COMPANY);
    customers.hotel = (await createCustomer(http, { company: 'Hôtel du Parc' }))._id;
    customers.cafe = (await createCustomer(http, { company: 'Café des Arts' }))._id;
    customers.town = (await createCustomer(http, { company: 'Mairie du 2e' }))._id;
    for (const [key, body] of Object.entries({
      croissant: { name: 'Croissant', vat: 5.5, exclTaxesPrice: 2, type: 'good' },
      delivery: { name: 'Livraison', vat: 20, exclTaxesPrice: 50, type: 'service' },
    })) {
      const res = await http.post('/api/catalogue/items', body);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      items[key] = res.body._id;
    }
  });
  after(async () => { await k?.stop(); });

  describe('une période avec une facture corrective', () => {
    const doc: Record<string, Invoice> = {};
    const events: Array<{ name: string; payload: Record<string, unknown> }> = [];

    before(async () => {
      // January: 100 croissants and a delivery to the hotel (250 € HT), the delivery credited;
      // 200 € HT to the café, paid
      await at('2026-01-15T10:00:00.000Z');
      doc.source = await emitted(http, { fk: { receiverCustomer: customers.hotel }, items: [croissants(100), delivery()] });
      await at('2026-01-20T10:00:00.000Z');
      doc.cafe = await emitted(http, { fk: { receiverCustomer: customers.cafe }, items: [{ labelPrimary: 'Buffet', vat: 20, exclTaxesPrice: 200 }] });
      await pay(http, doc.cafe._id, doc.cafe.inclTaxesPrice, 'transfer');
      await at('2026-01-28T10:00:00.000Z');
      const credit = await http.post(`${API}/invoices/${doc.source._id}/credit`, { items: [doc.source.items[1].uuid] });
      expect(credit.status, JSON.stringify(credit.body)).to.equal(201);
      doc.credit = await emit(http, credit.body._id);
      // February: the hotel had 80 croissants, not 100: a corrective invoice
      await at('2026-02-10T10:00:00.000Z');
      const draft = await correctiveDraft(doc.source, { items: [croissants(80)] });
      const offs = ['invoicing.invoice.replaced'].map((name) => k.kernel.events.on(name, (e: (typeof events)[number]) => { events.push(e); }));
      doc.corrective = await emit(http, draft._id);
      for (let i = 0; i < 50 && events.length < 1; i++) await new Promise((r) => setTimeout(r, 20));
      for (const off of offs) off();
      await at('2026-02-12T10:00:00.000Z');
      doc.february = await emitted(http, { fk: { receiverCustomer: customers.cafe }, items: [{ labelPrimary: 'Goûter', vat: 20, exclTaxesPrice: 30 }] });
      await at('2026-02-20T10:00:00.000Z');
    });

    it('l’émission de la corrective solde sa facture par une compensation numérotée et chaînée, qui la nomme', async () => {
      const source = await get(doc.source._id);
      // 271 € TTC, less the 60 € credit note: the corrective settles the 211 € left
      expect(source).to.include({ inclTaxesPrice: 271, paidAmount: 271, unpaidAmount: 0, status: 'paid', replacedBy: doc.corrective._id });
      const payments = await paymentsOf(source._id);
      expect(payments.map((p) => [p.mode, p.amount, p.fk.invoiceCredit])).to.deep.equal([
        ['credit-compensation', 60, doc.credit._id], ['credit-compensation', 211, doc.corrective._id],
      ]);
      const compensation = payments[1];
      expect(compensation).to.include({ direction: 'none', source: 'invoice', date: doc.corrective.date });
      expect(compensation.hash).to.match(/^[0-9a-f]{64}$/);
      expect(compensation.fk).to.include({ customer: customers.hotel });
      expect(await integrity(), 'chaînes intactes').to.include({ valid: true, firstBroken: null });
      // the corrective owes its own total; it records what it reversed of its source
      expect(doc.corrective).to.include({ inclTaxesPrice: 168.8, unpaidAmount: 168.8, status: 'emitted', reversedExclTaxesPrice: 200, reversedInclTaxesPrice: 211 });
      expect(doc.corrective.replacedBy ?? null).to.equal(null);
      expect(events.map((e) => e.payload)).to.deep.equal([{
        _id: source._id, numberFull: source.numberFull, correctiveId: doc.corrective._id, correctiveNumberFull: doc.corrective.numberFull,
      }]);
    });

    it('le solde du client et les quantités vendues suivent la corrective', async () => {
      // the hotel owes the corrective alone: 271 − 60 + 168,80 − 211
      expect(await balance('hotel')).to.equal(168.8);
      expect(await balance('cafe')).to.equal(36);
      // the corrective's 80 croissants replace the source's 100; the credited delivery stays taken back
      expect(await sold('croissant')).to.equal(80);
      expect(await sold('delivery')).to.equal(0);
    });

    it('chiffre d’affaires du tableau de bord = totaux de la liste = FEC, pour le mois de la corrective et pour l’année', async () => {
      const view = (await http.get('/api/kernel/dashboard')).body as DashboardView;
      const revenue = view.widgets.find((w) => w.id === 'invoicing.revenue')!.content!;
      const [month, year] = revenue.figures as WidgetFigure[];
      // February: the corrective's 160 € less the 200 € it reverses, and 30 €
      expect(month.value).to.equal('-10.00');
      // the year: 250 + 200 − 50 (credit note) + 160 − 200 (reversal) + 30
      expect(year.value).to.equal('390.00');
      expect(revenue.chart!.series[0].values).to.deep.equal(['400.00', '-10.00']);

      // the list each figure opens, with the request and the arithmetic of its totals line
      for (const figure of [month, year]) {
        const q = new URL(figure.link!, 'http://x').searchParams;
        const day = (iso: string) => { const [y, m, d] = iso.split('-').map(Number); return { year: y, month: m, day: d }; };
        const filters = { date: { mode: 'between', valueIsDate: true, startDate: parisStartOf(day(q.get('du')!)).toISOString(), endDate: parisEndOf(day(q.get('au')!)).toISOString() } };
        const res = await http.get(`${API}/invoices`, { query: totalsQuery(filters as never) as never });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(listTotalsOf(res.body.aggregation).exclTaxes.toFixed(2), figure.label).to.equal(figure.value);
      }

      const fec = await fetchFec(http, '2026');
      expect(fec.status, JSON.stringify(fec.error)).to.equal(200);
      const records = parseFec(fec.text).records;
      expect(fecRevenue(records)).to.equal(year.value);
      expect(fecRevenue(records.filter((r) => r.EcritureDate.startsWith('202602')))).to.equal(month.value);
      expect(fecRevenue(records.filter((r) => r.EcritureDate.startsWith('202601')))).to.equal('400.00');
    });

    it('« Reste à encaisser » et « Dont en retard » laissent la facture remplacée de côté, comme le filtre « Impayées »', async () => {
      const view = (await http.get('/api/kernel/dashboard')).body as DashboardView;
      const [unpaid, overdue] = view.widgets.find((w) => w.id === 'invoicing.receivables')!.content!.figures as WidgetFigure[];
      // the corrective (168,80 €) and February's (36 €); the source, 36 days old, would be overdue
      expect([unpaid.value, unpaid.hint]).to.deep.equal(['204.80', '2 factures impayées']);
      expect([overdue.value, overdue.hint]).to.deep.equal(['0.00', 'Aucune facture en retard']);
      const list = await http.get(`${API}/invoices`, { query: totalsQuery(STATE_FILTERS.unpaid as never) as never });
      expect([list.body.count, listTotalsOf(list.body.aggregation).unpaid]).to.deep.equal([2, 204.8]);
      const replaced = await http.get(`${API}/invoices`, { query: { filters: STATE_FILTERS.replaced } });
      expect(replaced.body.data.map((i: Invoice) => i._id)).to.deep.equal([doc.source._id]);
      const paid = await http.get(`${API}/invoices`, { query: { filters: STATE_FILTERS.paid } });
      expect(paid.body.data.map((i: Invoice) => i._id)).to.not.include(doc.source._id);
    });

    it('refuse en français les paiements, remboursements et avoirs de la facture remplacée, sans rien écrire', async () => {
      const before = await tableCounts(k);
      const source = doc.source;
      for (const amount of [10, -10]) {
        const res = await http.post(`${API}/invoices/${source._id}/payments`, { amount, mode: 'cb' });
        expect([res.status, res.body.message]).to.deep.equal([409, replacedNoPayment(source.numberFull!, doc.corrective.numberFull!)]);
      }
      const credit = await http.post(`${API}/invoices/${source._id}/credit`);
      expect([credit.status, credit.body.message]).to.deep.equal([409, replacedNoCredit(source.numberFull!, doc.corrective.numberFull!)]);
      const again = await http.post(`${API}/invoices/${source._id}/corrective`);
      expect([again.status, again.body.message]).to.deep.equal([409, alreadyReplaced(source.numberFull!, doc.corrective.numberFull!)]);
      expect(again.body.message).to.equal(`La facture ${source.numberFull} est déjà annulée et remplacée par la facture corrective ${doc.corrective.numberFull} : pour la corriger encore, faites une facture corrective de la facture ${doc.corrective.numberFull}.`);
      expect(await tableCounts(k)).to.deep.equal(before);
      // the corrective is what is paid, credited or corrected now
      expect((await http.post(`${API}/invoices/${doc.corrective._id}/corrective`)).status).to.equal(201);
    });

    it('l’e-mail d’une facture remplacée (une copie) dit qu’elle n’est plus due, pas qu’elle est réglée', () => {
      // what the mail reads of the printed document, as the sending passes it
      const printed = {
        kind: 'invoice', title: 'Facture', numberFull: 'F0000001', date: '2026-01-15T10:00:00.000Z', dueDate: '2026-02-14',
        subjectToVAT: true, inclTaxesPrice: 271, settlement: { paidAmount: 271, unpaidAmount: 0, payments: [] },
      } as unknown as Parameters<typeof documentMail>[0];
      const text = documentMail(printed, { companyName: 'Boulangerie', replacedBy: 'F0000004' }).text;
      expect(text).to.contain('Cette facture est annulée et remplacée par la facture corrective F0000004 : elle n’est plus due.');
      expect(text).to.not.contain('réglée');
      expect(documentMail(printed, { companyName: 'Boulangerie' }).text).to.contain('Cette facture est entièrement réglée : merci.');
    });
  });

  describe('les refus', () => {
    before(async () => { await at('2026-03-02T10:00:00.000Z'); });

    it('une facture payée en partie ne se remplace pas : 409 qui dit de faire un avoir puis une nouvelle facture', async () => {
      const source = await emitted(http, { fk: { receiverCustomer: customers.town }, items: [{ labelPrimary: 'Buffet', vat: 20, exclTaxesPrice: 100 }] });
      await pay(http, source._id, 50, 'check');
      const before = await tableCounts(k);
      const res = await http.post(`${API}/invoices/${source._id}/corrective`);
      expect(res.status).to.equal(409);
      expect(res.body.message).to.equal(`La facture ${source.numberFull} a déjà reçu 50,00 € de paiements : une facture corrective ne peut plus l’annuler et la remplacer. Faites un avoir de cette facture (« Créer un avoir »), puis une nouvelle facture.`);
      expect(res.body.details).to.deep.equal([{ field: 'fk.sourceInvoice', message: 'facture déjà payée' }]);
      expect(await tableCounts(k)).to.deep.equal(before);
      // refunded whole, nothing is left of the customer's money on it: it may be replaced
      await pay(http, source._id, -50, 'check');
      expect((await http.post(`${API}/invoices/${source._id}/corrective`)).status).to.equal(201);
    });

    it('un paiement arrivé entre le brouillon et l’émission de la corrective : l’émission est refusée, le numéro n’est pas pris', async () => {
      const source = await emitted(http, { fk: { receiverCustomer: customers.town }, items: [{ labelPrimary: 'Buffet', vat: 20, exclTaxesPrice: 100 }] });
      const draft = await correctiveDraft(source);
      await pay(http, source._id, 20, 'cb');
      const res = await http.post(`${API}/invoices/${draft._id}/emit`);
      expect([res.status, res.body.message]).to.deep.equal([409, correctiveOfPaidInvoice(source.numberFull!, 20)]);
      expect((await get(draft._id)).numberFull).to.equal(undefined);
      expect((await get(source._id)).replacedBy ?? null).to.equal(null);
      const next = await emitted(http, { items: [{ labelPrimary: 'Pain', vat: 5.5, exclTaxesPrice: 2 }] });
      expect(next.number).to.equal(source.number! + 1);
    });

    it('deux correctives d’une facture : la première émise la remplace, la seconde est refusée à l’émission', async () => {
      const source = await emitted(http, { fk: { receiverCustomer: customers.town }, items: [{ labelPrimary: 'Buffet', vat: 20, exclTaxesPrice: 100 }] });
      const first = await correctiveDraft(source);
      const second = await correctiveDraft(source);
      const credit = await http.post(`${API}/invoices/${source._id}/credit`);
      expect(credit.status).to.equal(201);
      const emittedFirst = await emit(http, first._id);
      const res = await http.post(`${API}/invoices/${second._id}/emit`);
      expect([res.status, res.body.message]).to.deep.equal([409, alreadyReplaced(source.numberFull!, emittedFirst.numberFull!)]);
      // a credit note drafted before the replacement is refused at its emission
      const creditEmission = await http.post(`${API}/invoices/${credit.body._id}/emit`);
      expect([creditEmission.status, creditEmission.body.message]).to.deep.equal([409, replacedNoCredit(source.numberFull!, emittedFirst.numberFull!)]);
      // a corrective of the corrective replaces it in turn
      const third = await emit(http, (await correctiveDraft(emittedFirst))._id);
      expect((await get(emittedFirst._id))).to.include({ replacedBy: third._id, unpaidAmount: 0, status: 'paid' });
      expect(third).to.include({ reversedExclTaxesPrice: 100, reversedInclTaxesPrice: 120 });
      expect(await integrity()).to.include({ valid: true, firstBroken: null });
    });

    it('la copie d’une facture remplacée ou d’une corrective ne porte rien de leur remplacement', async () => {
      const source = await emitted(http, { items: [{ labelPrimary: 'Buffet', vat: 20, exclTaxesPrice: 10 }] });
      const corrective = await emit(http, (await correctiveDraft(source))._id);
      for (const id of [source._id, corrective._id]) {
        const copy = await http.post(`${API}/invoices/${id}/duplicate`);
        expect(copy.status).to.equal(201);
        expect(copy.body).to.not.have.any.keys('replacedBy', 'reversedExclTaxesPrice', 'reversedInclTaxesPrice');
      }
      const credit = await http.post(`${API}/invoices/${corrective._id}/credit`);
      expect(credit.body).to.not.have.any.keys('replacedBy', 'reversedExclTaxesPrice', 'reversedInclTaxesPrice');
      const written = await http.post(`${API}/invoices`, { items: [{ labelPrimary: 'x', vat: 20, exclTaxesPrice: 1 }], replacedBy: source._id });
      expect(written.status).to.equal(400);
    });
  });

  describe('en même temps', () => {
    before(async () => { await at('2026-03-05T10:00:00.000Z'); });
    const N = 10;
    const parallel = (n: number, call: (i: number) => Promise<Answer>) => Promise.all(Array.from({ length: n }, (_, i) => call(i)));

    it(`${N} correctives d’une facture émises en même temps : une seule la remplace, les autres 409 en français`, async () => {
      const start = await balance('town');
      const source = await emitted(http, { fk: { receiverCustomer: customers.town }, items: [{ labelPrimary: 'Buffet', vat: 20, exclTaxesPrice: 100 }] });
      const drafts: Invoice[] = [];
      for (let i = 0; i < N; i++) drafts.push(await correctiveDraft(source, { items: [{ labelPrimary: 'Buffet', vat: 20, exclTaxesPrice: 90 - i }] }));
      const answers = await parallel(N, (i) => http.post(`${API}/invoices/${drafts[i]._id}/emit`));
      const won = answers.filter((a) => a.status === 200);
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body.message))).to.deep.equal([200, ...Array(N - 1).fill(409)]);
      const winner = won[0].body as unknown as Invoice;
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).to.equal(alreadyReplaced(source.numberFull!, winner.numberFull!));
      expect(await get(source._id)).to.include({ replacedBy: winner._id, unpaidAmount: 0, status: 'paid' });
      expect((await paymentsOf(source._id)).map((p) => [p.mode, p.amount, p.fk.invoiceCredit])).to.deep.equal([['credit-compensation', 120, winner._id]]);
      expect(await balance('town')).to.equal(new Decimal(start).plus(winner.inclTaxesPrice).toNumber());
      // the refused ones gave their number back: the next invoice follows the winner
      expect(winner.number).to.equal(source.number! + 1);
      expect((await emitted(http, { items: [{ labelPrimary: 'Pain', vat: 5.5, exclTaxesPrice: 2 }] })).number).to.equal(winner.number! + 1);
      expect(await integrity()).to.include({ valid: true, firstBroken: null });
    });

    it(`${N} requêtes en même temps, correctives et paiements de la facture : jamais remplacée et payée à la fois`, async () => {
      const source = await emitted(http, { fk: { receiverCustomer: customers.town }, items: [{ labelPrimary: 'Buffet', vat: 20, exclTaxesPrice: 100 }] });
      const drafts: Invoice[] = [];
      for (let i = 0; i < N / 2; i++) drafts.push(await correctiveDraft(source));
      const answers = await parallel(N, (i) => (i % 2 === 0
        ? http.post(`${API}/invoices/${drafts[i / 2]._id}/emit`)
        : http.post(`${API}/invoices/${source._id}/payments`, { amount: 10, mode: 'cb' })));
      expect(answers.every((a) => a.status === 200 || a.status === 409), JSON.stringify(answers.map((a) => [a.status, a.body.message]))).to.equal(true);
      const after = await get(source._id);
      const money = (await paymentsOf(source._id)).filter((p) => p.mode !== 'credit-compensation');
      const emittedCorrectives = answers.filter((a, i) => i % 2 === 0 && a.status === 200);
      if (after.replacedBy) {
        expect(money, 'remplacée : aucun paiement').to.deep.equal([]);
        expect(emittedCorrectives).to.have.length(1);
        expect(after).to.include({ unpaidAmount: 0 });
      } else {
        expect(money.length, 'payée : aucune corrective émise').to.be.greaterThan(0);
        expect(emittedCorrectives).to.have.length(0);
      }
      expect(answers.filter((a, i) => i % 2 === 1 && a.status === 200)).to.have.length(money.length);
      expect(await integrity()).to.include({ valid: true, firstBroken: null });
    });
  });
});
