/**
 * The FEC of corrected sales and of the parties (SQLite and MariaDB): a corrective invoice
 * reverses its source in the books and books itself, so revenue, VAT and receivables count the
 * sale once — in its year, across two years, after a credit note, after a corrective of a
 * corrective; references unique across journals; one subsidiary account per customer, renamed or
 * not; « Clients divers » only for a receiver who is not a customer; a year the company never had
 * is a French 404. invoicing README « FEC ».
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { TEST_ADMIN, createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { amountOf, entryTotals, fetchFec, parseFec, type FecRecord } from './fec-support.ts';
import { API, BUYER_ADDRESS, ELIGIBLE_COMPANY, PLUGINS, createCustomer, emit, emitted, pay, updateCompany } from './support.ts';

const ref = (d: Invoice) => `FC-${d.numberFull}`;
const euros = (n: number | Decimal) => new Decimal(n).toFixed(2);

/** Σ credit − Σ debit of the accounts starting so (706/707: revenue; 44571: VAT collected), Σ debit − Σ credit for 411. */
function balance(records: FecRecord[], prefix: string, aux?: string): string {
  const lines = records.filter((r) => r.CompteNum.startsWith(prefix) && (aux === undefined || r.CompAuxNum === aux));
  const net = lines.reduce((s, r) => s.plus(amountOf(r.Credit)).minus(amountOf(r.Debit)), new Decimal(0));
  return euros(prefix.startsWith('411') ? net.negated() : net);
}
const revenue = (records: FecRecord[]) => euros(new Decimal(balance(records, '706')).plus(balance(records, '707')));

describe('invoicing : FEC des factures corrigées et des comptes de tiers', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let http: TestHttp;
  let now = new Date('2024-11-05T10:00:00.000Z');
  const doc: Record<string, Invoice> = {};
  const customers: Record<string, string> = {};
  const aux = (who: string) => `C${customers[who].toUpperCase()}`;

  async function at(iso: string) {
    now = new Date(iso);
    http = k.http.as((await k.login(TEST_ADMIN.email, TEST_ADMIN.password)).token);
  }
  const records = async (year: string) => {
    const fec = await fetchFec(http, year);
    expect(fec.status, JSON.stringify(fec.error)).to.equal(200);
    return parseFec(fec.text).records;
  };
  /** A corrective invoice of `source` with these lines (and customer), emitted. */
  async function corrective(source: Invoice, body: Record<string, unknown>): Promise<Invoice> {
    const draft = await http.post(`${API}/invoices/${source._id}/corrective`);
    expect(draft.status, JSON.stringify(draft.body)).to.equal(201);
    const edited = await http.put(`${API}/invoices/${draft.body._id}`, body);
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    return emit(http, draft.body._id);
  }

  before(async () => {
    k = await createTestKernel({ plugins: PLUGINS, now: () => now });
    http = k.http;
    await updateCompany(k, ELIGIBLE_COMPANY);
    customers.hotel = (await createCustomer(http, { company: 'Hôtel du Parc' }))._id;
    customers.cafe = (await createCustomer(http, { company: 'Café des Arts' }))._id;
    customers.town = (await createCustomer(http, { company: 'Mairie du 2e' }))._id;
    const to = (who: string) => ({ fk: { receiverCustomer: customers[who] } });

    await at('2025-02-03T10:00:00.000Z');
    // wrong quantity: 100 croissants and a delivery, unpaid (an invoice paid in part is corrected by a
    // credit note and a new invoice: README « Corrective invoice »); corrected to 80 croissants, on
    // which the hotel pays 50 € at once
    doc.source = await emitted(http, { ...to('hotel'), items: [
      { labelPrimary: 'Croissants', quantity: 100, vat: 5.5, exclTaxesPrice: 2, type: 'good' },
      { labelPrimary: 'Livraison', vat: 20, exclTaxesPrice: 15 },
    ] });
    // a walk-in customer, with no record, paying cash: the payment « 1 »
    doc.walkIn = await emitted(http, { receiver: { company: 'Kermesse de l’école', invoicingAddress: BUYER_ADDRESS }, items: [{ labelPrimary: 'Brioches', quantity: 10, vat: 5.5, exclTaxesPrice: 2, type: 'good' }] });
    await pay(http, doc.walkIn._id, doc.walkIn.inclTaxesPrice, 'cash');
    await at('2025-02-10T10:00:00.000Z');
    doc.corrective = await corrective(doc.source, { items: [
      { labelPrimary: 'Croissants', quantity: 80, vat: 5.5, exclTaxesPrice: 2, type: 'good' },
      { labelPrimary: 'Livraison', vat: 20, exclTaxesPrice: 15 },
    ] });
    await pay(http, doc.corrective._id, 50, 'transfer');

    // billed to the wrong customer, credited in part first, then corrected to the right one
    await at('2025-03-03T10:00:00.000Z');
    doc.wrongCustomer = await emitted(http, { ...to('cafe'), items: [
      { labelPrimary: 'Buffet', quantity: 20, vat: 10, exclTaxesPrice: 10, type: 'good' },
      { labelPrimary: 'Service', vat: 20, exclTaxesPrice: 100 },
    ] });
    const credit = await http.post(`${API}/invoices/${doc.wrongCustomer._id}/credit`, { items: [doc.wrongCustomer.items[1].uuid] });
    expect(credit.status, JSON.stringify(credit.body)).to.equal(201);
    doc.credit = await emit(http, credit.body._id);
    await at('2025-03-04T10:00:00.000Z');
    doc.rightCustomer = await corrective(doc.wrongCustomer, { ...to('town'), items: [
      { labelPrimary: 'Buffet', quantity: 20, vat: 10, exclTaxesPrice: 10, type: 'good' },
    ] });
    await pay(http, doc.rightCustomer._id, doc.rightCustomer.inclTaxesPrice, 'check');

    // a corrective of a corrective: the last one stands
    await at('2025-04-01T10:00:00.000Z');
    doc.first = await emitted(http, { ...to('hotel'), items: [{ labelPrimary: 'Galettes', quantity: 10, vat: 5.5, exclTaxesPrice: 20, type: 'good' }] });
    doc.second = await corrective(doc.first, { items: [{ labelPrimary: 'Galettes', quantity: 12, vat: 5.5, exclTaxesPrice: 20, type: 'good' }] });
    doc.third = await corrective(doc.second, { items: [{ labelPrimary: 'Galettes', quantity: 11, vat: 5.5, exclTaxesPrice: 20, type: 'good' }] });


    // corrected the next year: the source stays in its year, the reversal goes to the corrective's
    await at('2025-12-20T10:00:00.000Z');
    doc.december = await emitted(http, { ...to('cafe'), items: [{ labelPrimary: 'Bûches', quantity: 10, vat: 5.5, exclTaxesPrice: 30, type: 'good' }] });
    await at('2026-01-12T10:00:00.000Z');
    doc.january = await corrective(doc.december, { items: [{ labelPrimary: 'Bûches', quantity: 8, vat: 5.5, exclTaxesPrice: 30, type: 'good' }] });
    await at('2026-02-01T10:00:00.000Z');
  });
  after(async () => { await k?.stop(); });

  it('contre-passe la facture remplacée et passe la corrective, dans une seule écriture équilibrée de la pièce corrective', async () => {
    const all = await records('2025');
    const lines = all.filter((r) => r.PieceRef === ref(doc.corrective));
    expect(new Set(lines.map((r) => r.EcritureNum)).size).to.equal(1);
    expect(lines.map((r) => `${r.CompteNum}${r.CompAuxNum ? `/${r.CompAuxNum}` : ''} ${r.Debit} ${r.Credit}`)).to.deep.equal([
      // the source, reversed: 100 × 2 € at 5,5 % and 15 € at 20 %
      `411000/${aux('hotel')} 0,00 229,00`, '707000 200,00 0,00', '4457105 11,00 0,00', '706000 15,00 0,00', '4457120 3,00 0,00',
      // the corrective: 80 × 2 €
      `411000/${aux('hotel')} 186,80 0,00`, '707000 0,00 160,00', '4457105 0,00 8,80', '706000 0,00 15,00', '4457120 0,00 3,00',
    ]);
    expect(lines[0].EcritureLib).to.equal(`Annulation facture ${doc.source.numberFull} (annulée et remplacée par la facture ${doc.corrective.numberFull})`);
    expect(lines.at(-1)!.EcritureLib).to.equal(`Facture corrective ${doc.corrective.numberFull} Hôtel du Parc (annule et remplace la facture ${doc.source.numberFull})`);
    expect(lines.every((r) => r.JournalCode === 'VE' && r.EcritureDate === '20250210' && r.PieceDate === '20250210')).to.equal(true);
    // the source keeps its own entry, on its day
    expect(all.filter((r) => r.PieceRef === ref(doc.source)).map((r) => r.EcritureDate)).to.have.length(5).and.to.satisfy((d: string[]) => d.every((x) => x === '20250203'));
    for (const [num, t] of entryTotals(all)) expect(t.debit.toFixed(2), `écriture ${num}`).to.equal(t.credit.toFixed(2));
  });

  it('compte la vente une fois : chiffre d’affaires, TVA collectée et créances de l’exercice', async () => {
    const all = await records('2025');
    // what stands: the corrective invoices, the invoices nobody corrected, their credit notes
    const standing = [doc.corrective, doc.rightCustomer, doc.third, doc.walkIn, doc.december];
    const sum = (pick: (d: Invoice) => number) => euros(standing.reduce((s, d) => s.plus(pick(d)), new Decimal(0)));
    expect(revenue(all)).to.equal(sum((d) => d.exclTaxesPrice));
    expect(balance(all, '44571')).to.equal(sum((d) => d.vatAmount));
    const paid = new Decimal(50).plus(doc.rightCustomer.inclTaxesPrice).plus(doc.walkIn.inclTaxesPrice);
    expect(balance(all, '411')).to.equal(euros(new Decimal(sum((d) => d.inclTaxesPrice)).minus(paid)));
    // per customer: the hotel owes its two corrective invoices less its payment
    expect(balance(all, '411', aux('hotel'))).to.equal(euros(new Decimal(doc.corrective.inclTaxesPrice).plus(doc.third.inclTaxesPrice).minus(50)));
  });

  it('ne contre-passe que ce que l’avoir a laissé, sur le client de la facture remplacée ; la corrective va au bon client', async () => {
    const all = await records('2025');
    // the café: its invoice, the credit note of the service, the reversal of the rest — nothing left
    expect(balance(all, '411', aux('cafe'))).to.equal(euros(doc.december.inclTaxesPrice));
    expect(balance(all, '411', aux('town'))).to.equal('0.00');
    const lines = all.filter((r) => r.PieceRef === ref(doc.rightCustomer));
    expect(lines.filter((r) => r.CompteNum === '411000').map((r) => `${r.CompAuxNum} ${r.Debit} ${r.Credit}`)).to.deep.equal([
      `${aux('cafe')} 0,00 220,00`, `${aux('town')} 220,00 0,00`,
    ]);
    expect(lines.some((r) => r.CompteNum === '706000' || r.CompteNum === '4457120')).to.equal(false);
  });

  it('corrige sur deux exercices : la facture dans le sien, l’annulation et la corrective dans le suivant', async () => {
    const last = await records('2025');
    expect(balance(last.filter((r) => r.PieceRef === ref(doc.december)), '707')).to.equal('300.00');
    expect(last.some((r) => r.PieceRef === ref(doc.january))).to.equal(false);
    const next = await records('2026');
    expect(next.filter((r) => r.PieceRef === ref(doc.january)).map((r) => `${r.CompteNum} ${r.Debit} ${r.Credit}`)).to.deep.equal([
      '411000 0,00 316,50', '707000 300,00 0,00', '4457105 16,50 0,00', '411000 253,20 0,00', '707000 0,00 240,00', '4457105 0,00 13,20',
    ]);
    // over the two years, the sale of 240 € counted once
    expect(euros(new Decimal(balance(last.filter((r) => r.PieceRef === ref(doc.december)), '707')).plus(revenue(next)))).to.equal('240.00');
  });

  it('donne à chaque pièce une référence propre à sa série, d’un journal à l’autre', async () => {
    const all = await records('2025');
    const entriesOf = new Map<string, Set<string>>();
    for (const r of all) entriesOf.set(r.PieceRef, (entriesOf.get(r.PieceRef) ?? new Set()).add(r.EcritureNum));
    for (const [piece, nums] of entriesOf) expect(nums.size, piece).to.equal(1);
    const payments = (await http.get(`${API}/payments`, { query: { filters: { mode: { mode: 'in', value: ['transfer', 'check', 'cash'] } } } })).body.data as { numberFull: string }[];
    expect(payments).to.have.length(3);
    for (const p of payments) expect(entriesOf.has(`RC-${p.numberFull}`), p.numberFull).to.equal(true);
    expect([...entriesOf.keys()].every((piece) => /^(FC|RC)-/.test(piece))).to.equal(true);
    // the payment « 1 » and the invoice « 0000001 » of the default numbering
    expect(entriesOf.has('RC-1') && entriesOf.has('FC-0000001')).to.equal(true);
  });

  it('garde un compte auxiliaire par client, même renommé ; « Clients divers » pour le seul client de passage', async () => {
    const renamed = await http.put(`/api/contacts/customers/${customers.hotel}`, { company: 'Grand Hôtel du Parc' });
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    await at('2026-02-02T10:00:00.000Z');
    const after = await emitted(http, { fk: { receiverCustomer: customers.hotel }, items: [{ labelPrimary: 'Pains', vat: 5.5, exclTaxesPrice: 10, type: 'good' }] });
    await pay(http, after._id, after.inclTaxesPrice, 'cb');
    for (const year of ['2025', '2026']) {
      const all = await records(year);
      const customerLines = all.filter((r) => r.CompteNum === '411000');
      // one number per name and one name per number
      const namesOf = new Map<string, Set<string>>();
      const numbersOf = new Map<string, Set<string>>();
      for (const r of customerLines) {
        namesOf.set(r.CompAuxNum, (namesOf.get(r.CompAuxNum) ?? new Set()).add(r.CompAuxLib));
        numbersOf.set(r.CompAuxLib, (numbersOf.get(r.CompAuxLib) ?? new Set()).add(r.CompAuxNum));
      }
      for (const [n, names] of namesOf) expect([...names], `${year} ${n}`).to.have.length(1);
      for (const [name, numbers] of numbersOf) expect([...numbers], `${year} ${name}`).to.have.length(1);
      expect([...namesOf.get(aux('hotel'))!]).to.deep.equal(['Grand Hôtel du Parc']);
      // only the walk-in customer's sale and payment are on the generic account
      const generic = customerLines.filter((r) => r.CompAuxNum === 'CDIVERS').map((r) => `${r.JournalCode} ${r.PieceRef.slice(0, 3)}`).sort();
      expect(generic).to.deep.equal(year === '2025' ? ['CA RC-', 'VE FC-'] : []);
      expect(customerLines.filter((r) => r.PieceRef === ref(doc.walkIn)).map((r) => r.CompAuxNum)).to.deep.equal(year === '2025' ? ['CDIVERS'] : []);
    }
    const lines = (await records('2026')).filter((r) => r.CompAuxNum === aux('hotel'));
    expect(new Set(lines.map((r) => r.JournalCode))).to.deep.equal(new Set(['VE', 'BQ']));
  });

  it('répond 404 en français pour un exercice que l’entreprise n’a jamais eu, sans fichier', async () => {
    const refused = async (year: string, message: string) => {
      const fec = await fetchFec(http, year);
      expect(fec.status, year).to.equal(404);
      expect(fec.error).to.deep.equal({ status: 404, code: 'NOT_FOUND', message, details: [{ field: 'fiscalYear', message: 'exercice inconnu' }] });
      expect(fec.headers.get('content-disposition')).to.equal(null);
      const summary = await http.get(`${API}/fec/summary`, { query: { fiscalYear: year } });
      expect([summary.status, summary.body.message]).to.deep.equal([404, message]);
    };
    // the company was created in 2024 (the test's clock), declares no fiscal year: calendar years
    await refused('2027', 'Aucun exercice ne se clôt en 2027 : cette année n’a pas encore commencé.');
    await refused('1990', 'Aucun exercice ne se clôt en 1990 : l’entreprise a été créée en 2024 et aucune écriture n’est datée de 1990.');
    // its first year, with nothing in it, and the current one: files
    expect((await fetchFec(http, '2024')).status).to.equal(200);
    expect((await fetchFec(http, '2026')).headers.get('x-fec-closed')).to.equal('false');
  });
});
