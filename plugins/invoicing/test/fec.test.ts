/**
 * The FEC of a year like the demo's (SQLite and MariaDB): several customers, VAT at 20, 10 and
 * 5.5 %, goods and services, a company not subject to VAT on one invoice, a credit note, partial
 * payments by card, transfer and cash, a refund, and a plugin contributing its own entries
 * through `journalEntries`. The file has the exact header and column order of invoicing README « FEC », CR LF
 * records, AAAAMMJJ dates, decimal commas, ISO 8859-15 bytes, the legal file name; every entry
 * balances, and so does the file; documents of other years stay out.
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { TEST_ADMIN, createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { ledger } from './fixtures/ledger-probe/server/index.ts';
import { HEADER, LEDGER_PROBE, amountOf, entryTotals, fetchFec, parseFec, pieceLines } from './fec-support.ts';
import { API, BUYER_ADDRESS, ELIGIBLE_COMPANY, PLUGINS, createCustomer, emit, emitted, pay, updateCompany } from './support.ts';


/** A sales document's PieceRef: its number after the series code FC (invoicing README « FEC », Piece references). */
const ref = (d: Invoice) => `FC-${d.numberFull}`;

const purchase = (date: string, pieceRef: string, credit = '527.50') => ({
  journal: 'purchases', date, pieceRef, pieceDate: date, label: `Facture Moulins de Savoie ${pieceRef}`,
  lines: [
    { account: 'purchasesGoods', debit: '500.00' },
    { account: 'vatDeductible', vatRate: 5.5, debit: '27.50' },
    { account: 'supplier', auxiliary: { number: 'FMOULINS', label: 'Moulins de Savoie' }, credit },
  ],
});

describe('invoicing : FEC d’un exercice', function () {
  this.timeout(90_000);
  let k: TestKernel;
  let http: TestHttp;
  let now = new Date('2024-12-15T10:00:00.000Z');
  const doc: Record<string, Invoice> = {};
  const customers: Record<string, string> = {};

  /** Moves the clock (the session is opened again: sessions last 180 days of that clock). */
  async function at(iso: string) {
    now = new Date(iso);
    const { token } = await k.login(TEST_ADMIN.email, TEST_ADMIN.password);
    http = k.http.as(token);
  }

  before(async () => {
    k = await createTestKernel({ plugins: [...PLUGINS, LEDGER_PROBE], now: () => now });
    http = k.http;
    await updateCompany(k, ELIGIBLE_COMPANY);
    customers.hotel = (await createCustomer(http, { company: 'Hôtel du Parc' }))._id;
    customers.cafe = (await createCustomer(http, { company: 'Café Œuvre – Élan' }))._id;
    customers.julie = (await createCustomer(http, { firstname: 'Julie', name: 'Bernard' }))._id;
    const to = (who: string) => ({ fk: { receiverCustomer: customers[who] } });

    doc.before = await emitted(http, { ...to('hotel'), items: [{ labelPrimary: 'Galettes', vat: 5.5, inclTaxesPrice: 24, type: 'good' }] });
    await at('2025-01-10T10:00:00.000Z');
    doc.mixed = await emitted(http, {
      ...to('hotel'),
      items: [
        { labelPrimary: 'Croissants', quantity: 100, vat: 5.5, exclTaxesPrice: 0.95, type: 'good' },
        { labelPrimary: 'Pains au chocolat', quantity: 50, vat: 5.5, exclTaxesPrice: 1.1, type: 'good' },
        { labelPrimary: 'Livraison', vat: 20, exclTaxesPrice: 15 },
        { labelPrimary: 'Service traiteur', vat: 10, exclTaxesPrice: 200 },
        { labelPrimary: 'Plateaux repas', quantity: 3, vat: 10, exclTaxesPrice: 12.5, type: 'good' },
      ],
    });
    await at('2025-01-20T09:00:00.000Z');
    await pay(http, doc.mixed._id, 100, 'cb');
    await at('2025-02-03T15:00:00.000Z');
    doc.simple = await emitted(http, { ...to('cafe'), items: [{ labelPrimary: 'Formation | hygiène', vat: 20, inclTaxesPrice: 120 }] });
    await pay(http, doc.simple._id, 50, 'cash');
    await at('2025-02-10T08:00:00.000Z');
    await pay(http, doc.mixed._id, doc.mixed.inclTaxesPrice - 100, 'transfer');
    // 5 € too much in cash (confirmed, issue 11), given back at once
    expect((await http.post(`${API}/invoices/${doc.simple._id}/payments`, { amount: 75, mode: 'cash', confirmOverpayment: true })).status).to.equal(200);
    await pay(http, doc.simple._id, -5, 'cash');
    await at('2025-03-15T11:00:00.000Z');
    doc.rounded = await emitted(http, {
      ...to('julie'), vatCalculationMethod: 'rounded-lines',
      items: [{ labelPrimary: 'Pièce montée', vat: 5.5, inclTaxesPrice: 180, type: 'good' }, { labelPrimary: 'Montage sur place', vat: 20, exclTaxesPrice: 33.33 }],
    });
    doc.walkIn = await emitted(http, {
      receiver: { company: 'Kermesse de l’école', invoicingAddress: BUYER_ADDRESS }, subjectToVAT: false,
      items: [{ labelPrimary: 'Brioches', quantity: 20, exclTaxesPrice: 2.35, type: 'good' }, { labelPrimary: 'Animation', exclTaxesPrice: 80 }],
    });
    await at('2025-04-01T07:00:00.000Z');
    const draft = await http.post(`${API}/invoices/${doc.rounded._id}/credit`, { items: [doc.rounded.items[1].uuid] });
    doc.credit = await emit(http, draft.body._id);
    // 23:30 in Paris on 31 December: still 2025; 00:30 on 1 January: 2026
    await at('2025-12-31T22:30:00.000Z');
    doc.lastDay = await emitted(http, { ...to('julie'), items: [{ labelPrimary: 'Bûche', vat: 5.5, inclTaxesPrice: 42, type: 'good' }] });
    await at('2025-12-31T23:30:00.000Z');
    doc.nextYear = await emitted(http, { ...to('julie'), items: [{ labelPrimary: 'Galette', vat: 5.5, inclTaxesPrice: 24, type: 'good' }] });
    await at('2026-03-01T10:00:00.000Z');
    ledger.entries = [purchase('2025-05-05', 'MS-2025-118'), purchase('2026-02-01', 'MS-2026-007')];
  });
  after(async () => { await k?.stop(); });

  it('répond le fichier : nom légal, texte ISO 8859-15, exercice clos', async () => {
    const fec = await fetchFec(http, '2025');
    expect(fec.status, JSON.stringify(fec.error)).to.equal(200);
    expect(fec.headers.get('content-type')).to.equal('text/plain; charset=ISO-8859-15');
    expect(fec.headers.get('content-disposition')).to.equal('attachment; filename="123456782FEC20251231.txt"');
    expect(fec.headers.get('x-fec-fiscal-year')).to.equal('2025-01-01/2025-12-31');
    expect(fec.headers.get('x-fec-closed')).to.equal('true');
    // Œ is one byte (0xBC) in ISO 8859-15, é is 0xE9; nothing is UTF-8; the dash is written plain
    expect(fec.bytes.includes(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0xbc]))).to.equal(true);
    expect(fec.bytes.includes(Buffer.from([0xc3, 0xa9]))).to.equal(false);
    expect(fec.text).to.include('Café Œuvre - Élan');
    expect(fec.bytes.every((b) => b !== 0)).to.equal(true);
  });

  it('a l’en-tête exact, 18 champs par ligne séparés par |, des lignes CR LF, des dates AAAAMMJJ et des virgules décimales', async () => {
    const { text } = await fetchFec(http, '2025');
    expect(text.split('\r\n')[0]).to.equal(HEADER);
    expect(text.replace(/\r\n/g, '')).to.not.match(/[\r\n]/);
    const { header, records } = parseFec(text);
    expect(header).to.equal(HEADER);
    expect(records.length).to.be.greaterThan(20);
    for (const r of records) {
      expect(r.EcritureDate).to.match(/^2025\d{4}$/);
      expect(r.PieceDate).to.match(/^\d{8}$/);
      expect(r.ValidDate).to.match(/^\d{8}$/);
      expect(r.Debit).to.match(/^\d+,\d{2}$/);
      expect(r.Credit).to.match(/^\d+,\d{2}$/);
      expect(r.CompteNum).to.match(/^\d{3}/);
      expect(r.CompteLib).to.not.equal('');
      expect([r.EcritureLet, r.DateLet, r.Montantdevise, r.Idevise]).to.deep.equal(['', '', '', '']);
    }
    // the separator inside a label is replaced, never written
    expect(records.filter((r) => r.PieceRef === ref(doc.simple)).every((r) => r.EcritureLib.startsWith(`Facture ${doc.simple.numberFull}`))).to.equal(true);
  });

  it('équilibre chaque écriture et le fichier, numérotées sans trou dans l’ordre de validation', async () => {
    const { records } = parseFec((await fetchFec(http, '2025')).text);
    const totals = entryTotals(records);
    for (const [num, t] of totals) expect(t.debit.toFixed(2), `écriture ${num}`).to.equal(t.credit.toFixed(2));
    expect([...totals.keys()]).to.deep.equal(Array.from({ length: totals.size }, (_, i) => String(i + 1)));
    const all = records.reduce((s, r) => ({ d: s.d.plus(amountOf(r.Debit)), c: s.c.plus(amountOf(r.Credit)) }), { d: new Decimal(0), c: new Decimal(0) });
    expect(all.d.toFixed(2)).to.equal(all.c.toFixed(2));
    const order = records.map((r) => r.ValidDate);
    expect(order).to.deep.equal([...order].sort());
  });

  it('écrit les ventes : 411 du client en sous-compte, 706/707 par nature, TVA collectée par taux', async () => {
    const { records } = parseFec((await fetchFec(http, '2025')).text);
    const cafe = `C${customers.cafe.toUpperCase()}`;
    expect(pieceLines(records, ref(doc.simple))).to.deep.equal([`VE 411000/${cafe} 120,00 0,00`, 'VE 706000 0,00 100,00', 'VE 4457120 0,00 20,00']);
    const sale = records.find((r) => r.PieceRef === ref(doc.simple) && r.CompteNum === '411000')!;
    expect(sale).to.include({ JournalLib: 'Journal des ventes', CompteLib: 'Clients', CompAuxLib: 'Café Œuvre - Élan', EcritureDate: '20250203', PieceDate: '20250203', ValidDate: '20250203' });
    expect(records.filter((r) => !['411000', '401000'].includes(r.CompteNum)).every((r) => r.CompAuxNum === '' && r.CompAuxLib === '')).to.equal(true);

    // per rate: VAT as computed on the invoice, sales split by nature, the customer for the total
    const mixed = records.filter((r) => r.PieceRef === ref(doc.mixed));
    const sum = (account: string, side: 'Debit' | 'Credit') => mixed.filter((r) => r.CompteNum === account).reduce((s, r) => s.plus(amountOf(r[side])), new Decimal(0)).toFixed(2);
    const vat = Object.fromEntries(doc.mixed.vatDetails.map((d) => [d.vat, d]));
    expect(sum('411000', 'Debit')).to.equal(doc.mixed.inclTaxesPrice.toFixed(2));
    expect(sum('4457105', 'Credit')).to.equal(vat[5.5].amount.toFixed(2));
    expect(sum('4457110', 'Credit')).to.equal(vat[10].amount.toFixed(2));
    expect(sum('4457120', 'Credit')).to.equal(vat[20].amount.toFixed(2));
    expect(sum('707000', 'Credit')).to.equal(new Decimal(vat[5.5].totalExclTaxes).plus(37.5).toFixed(2));
    expect(sum('706000', 'Credit')).to.equal(new Decimal(vat[20].totalExclTaxes).plus(vat[10].totalExclTaxes).minus(37.5).toFixed(2));

    // not subject to VAT: no VAT line; a receiver who is not a customer: « Clients divers »
    expect(pieceLines(records, ref(doc.walkIn))).to.deep.equal(['VE 411000/CDIVERS 127,00 0,00', 'VE 707000 0,00 47,00', 'VE 706000 0,00 80,00']);
    expect(records.find((r) => r.CompAuxNum === 'CDIVERS')).to.include({ CompAuxLib: 'Clients divers', EcritureLib: `Facture ${doc.walkIn.numberFull} Kermesse de l'école` });
  });

  it('écrit l’avoir à l’envers, sans écriture pour les compensations', async () => {
    const { records } = parseFec((await fetchFec(http, '2025')).text);
    const julie = `C${customers.julie.toUpperCase()}`;
    const credited = doc.credit;
    expect(credited.inclTaxesPrice).to.be.lessThan(0);
    expect(pieceLines(records, ref(credited))).to.deep.equal([
      `VE 411000/${julie} 0,00 ${(-credited.inclTaxesPrice).toFixed(2).replace('.', ',')}`,
      `VE 706000 ${(-credited.exclTaxesPrice).toFixed(2).replace('.', ',')} 0,00`,
      `VE 4457120 ${(-credited.vatAmount).toFixed(2).replace('.', ',')} 0,00`,
    ]);
    expect(records.find((r) => r.PieceRef === ref(credited))!.EcritureLib).to.match(/^Avoir /);
    const compensations = (await http.get(`${API}/payments`, { query: { filters: { mode: { mode: 'eq', value: 'credit-compensation' } } } })).body.data;
    expect(compensations).to.have.length(2);
    expect(records.filter((r) => r.JournalCode !== 'VE' && r.EcritureLib.includes(doc.rounded.numberFull!))).to.have.length(0);
  });

  it('écrit les règlements : carte et virement en banque, espèces en caisse, remboursement à l’envers', async () => {
    const { records } = parseFec((await fetchFec(http, '2025')).text);
    const payments = (await http.get(`${API}/payments`, { query: { sort: { field: 'number', ascending: true } } })).body.data;
    const [card, cash, transfer, cash2, refund] = payments.map((p: { numberFull: string }) => `RC-${p.numberFull}`);
    const hotel = `C${customers.hotel.toUpperCase()}`;
    const cafe = `C${customers.cafe.toUpperCase()}`;
    expect(pieceLines(records, card)).to.deep.equal(['BQ 512000 100,00 0,00', `BQ 411000/${hotel} 0,00 100,00`]);
    const rest = (doc.mixed.inclTaxesPrice - 100).toFixed(2).replace('.', ',');
    expect(pieceLines(records, transfer)).to.deep.equal([`BQ 512000 ${rest} 0,00`, `BQ 411000/${hotel} 0,00 ${rest}`]);
    expect(pieceLines(records, cash)).to.deep.equal(['CA 530000 50,00 0,00', `CA 411000/${cafe} 0,00 50,00`]);
    expect(pieceLines(records, cash2)).to.deep.equal(['CA 530000 75,00 0,00', `CA 411000/${cafe} 0,00 75,00`]);
    expect(pieceLines(records, refund)).to.deep.equal(['CA 530000 0,00 5,00', `CA 411000/${cafe} 5,00 0,00`]);
    const label = records.find((r) => r.PieceRef === card)!;
    expect(label).to.include({ JournalLib: 'Banque', EcritureDate: '20250120', ValidDate: '20250120' });
    expect(label.EcritureLib).to.equal(`Règlement Carte bancaire facture ${doc.mixed.numberFull} Hôtel du Parc`);
    expect(records.find((r) => r.PieceRef === refund)!.EcritureLib).to.match(/^Remboursement Espèces/);
  });

  it('laisse dehors les documents des autres exercices (au jour de Paris)', async () => {
    const { records } = parseFec((await fetchFec(http, '2025')).text);
    const pieces = new Set(records.map((r) => r.PieceRef));
    expect(pieces.has(ref(doc.lastDay))).to.equal(true);
    expect(records.find((r) => r.PieceRef === ref(doc.lastDay))!.EcritureDate).to.equal('20251231');
    expect(pieces.has(ref(doc.before))).to.equal(false);
    expect(pieces.has(ref(doc.nextYear))).to.equal(false);
    const next = parseFec((await fetchFec(http, '2026')).text).records;
    expect(next.find((r) => r.PieceRef === ref(doc.nextYear))!.EcritureDate).to.equal('20260101');
    expect(next.some((r) => r.PieceRef === ref(doc.lastDay))).to.equal(false);
  });

  it('reprend les écritures d’un autre plugin (journalEntries), rôles traduits par le plan comptable', async () => {
    ledger.calls = [];
    const { records } = parseFec((await fetchFec(http, '2025')).text);
    expect(ledger.calls).to.deep.equal([{ companyId: k.admin.companyId, period: { start: '2024-12-31T23:00:00.000Z', end: '2025-12-31T23:00:00.000Z' } }]);
    expect(pieceLines(records, 'MS-2025-118')).to.deep.equal(['AC 607000 500,00 0,00', 'AC 4456605 27,50 0,00', 'AC 401000/FMOULINS 0,00 527,50']);
    expect(records.find((r) => r.PieceRef === 'MS-2025-118')).to.include({ JournalLib: 'Journal des achats', EcritureDate: '20250505', CompAuxNum: '', CompteLib: 'Achats de marchandises' });
    expect(records.some((r) => r.PieceRef === 'MS-2026-007')).to.equal(false);
  });

  it('refuse (409) une écriture déséquilibrée en nommant la pièce, et ne produit rien', async () => {
    const saved = ledger.entries;
    try {
      ledger.entries = [...saved, purchase('2025-06-06', 'MS-2025-204', '520.00')];
      const fec = await fetchFec(http, '2025');
      expect(fec.status).to.equal(409);
      expect(fec.error!.code).to.equal('CONFLICT');
      expect(fec.error!.message).to.equal('Export FEC impossible : l’écriture de la pièce « MS-2025-204 » (ledger-probe) n’est pas équilibrée : débit 527,50 €, crédit 520,00 €. Aucun fichier n’a été produit.');
      expect(fec.error!.details[0]).to.deep.equal({ field: 'pieceRef', message: 'MS-2025-204 : n’est pas équilibrée : débit 527,50 €, crédit 520,00 €' });
      expect(fec.headers.get('content-disposition')).to.equal(null);
      ledger.entries = [...saved, { ...purchase('2025-06-06', 'MS-2025-205'), lines: [{ account: 'purchasesGoods', debit: '1e3' }, { account: 'bank', credit: '1000' }] }];
      expect((await fetchFec(http, '2025')).error!.message).to.include('« MS-2025-205 » (ledger-probe) a un montant illisible à la ligne 1');
      ledger.entries = [...saved, { ...purchase('2025-06-06', 'MS-2025-206'), lines: [{ account: 'frais', debit: '10' }, { account: 'bank', credit: '10' }] }];
      expect((await fetchFec(http, '2025')).error!.message).to.include('« MS-2025-206 » (ledger-probe) nomme un compte inconnu (« frais »)');
    } finally {
      ledger.entries = saved;
    }
  });

  it('refuse (400) un exercice mal écrit, en nommant fiscalYear', async () => {
    for (const bad of [undefined, '', 'abcd', '25', '20255', '0999']) {
      const fec = await fetchFec(http, bad);
      expect(fec.status, String(bad)).to.equal(400);
      expect(fec.error!.details).to.deep.equal([{ field: 'fiscalYear', message: 'année sur quatre chiffres attendue' }]);
      expect(fec.error!.message).to.include('« fiscalYear »');
    }
  });

  it('résume le fichier pour l’écran : période, nom, écritures et totaux par journal', async () => {
    const res = await http.get(`${API}/fec/summary`, { query: { fiscalYear: '2025' } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const { records } = parseFec((await fetchFec(http, '2025')).text);
    expect(res.body).to.include({ fileName: '123456782FEC20251231.txt', entries: entryTotals(records).size, lines: records.length });
    expect(res.body.debit).to.equal(res.body.credit);
    expect(res.body.fiscalYear).to.deep.include({ year: 2025, firstDay: '2025-01-01', lastDay: '2025-12-31', closed: true });
    expect(res.body.journals.map((j: { code: string }) => j.code).sort()).to.deep.equal(['AC', 'BQ', 'CA', 'VE']);
  });
});
