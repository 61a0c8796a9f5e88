/**
 * Purchases in the FEC of invoicing (SQLite and MariaDB): a company that sells (an invoice emitted
 * and paid by card) and buys — a purchase at two rates paid by transfer, a supplier's credit note
 * refunded in cash, an online order not linked to any purchase paid by card, an order linked to
 * its purchase (booked once, through the purchase), a purchase of the year before. The file holds
 * the purchases journal (AC) with exact lines, the payments in BQ and CA on the suppliers'
 * subsidiary accounts, every entry and the whole file balance, and the summary lists AC.
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { TEST_ADMIN, createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { ExternalPurchase, Purchase } from '../schemas/index.ts';
import type { Invoice } from '@comptoir/plugin-invoicing/contract';
import type { Payment } from '@comptoir/schemas';
// the FEC is invoicing's: its tests' readers of the file and its eligible company
import { amountOf, entryTotals, fetchFec, parseFec, pieceLines, type FecRecord } from '../../../test/support/fec.ts';
import { ELIGIBLE_COMPANY, createCustomer, emitted, pay as payInvoice, updateCompany } from '../../../test/support/sales.ts';
import { API, PLUGINS, createExternal, createProvider, createPurchase, ok } from './support.ts';

describe('purchases : écritures dans le FEC', function () {
  this.timeout(90_000);
  let k: TestKernel;
  let http: TestHttp;
  let now = new Date('2025-01-15T09:00:00.000Z');
  let sale: Invoice;
  const doc: Record<string, Purchase> = {};
  const order: Record<string, ExternalPurchase> = {};
  const aux: Record<string, string> = {};

  /** Moves the clock (the session is opened again: sessions last 180 days of that clock). */
  async function at(iso: string) {
    now = new Date(iso);
    const { token } = await k.login(TEST_ADMIN.email, TEST_ADMIN.password);
    http = k.http.as(token);
  }
  const payPurchase = (id: string, amount: number, mode: string, date: string) => ok<Purchase>(http.post(`${API}/purchases/${id}/payments`, { amount, mode, date }));
  const fec2025 = async () => {
    const fec = await fetchFec(http, '2025');
    expect(fec.status, JSON.stringify(fec.error)).to.equal(200);
    return parseFec(fec.text).records;
  };
  /**
   * The lines of the one entry of that piece, which has that label. With the default numbering (no
   * prefixes) invoice and purchase 0000001, and payment 1 of each kind, all exist: the series code
   * before each number keeps their references apart (`FC-`, `RC-`, `FF-`, `RF-`, `CL-`, `RL-`).
   */
  const entryLines = (records: FecRecord[], pieceRef: string, label: string) => {
    const nums = new Set(records.filter((r) => r.PieceRef === pieceRef && r.EcritureLib === label).map((r) => r.EcritureNum));
    expect(nums.size, `${pieceRef} « ${label} »`).to.equal(1);
    return pieceLines(records.filter((r) => nums.has(r.EcritureNum)), pieceRef);
  };
  const purchaseRef = (p: Purchase) => `FF-${p.numberFull}`;
  const paymentRef = (p: Payment) => `${p.source === 'external-purchase' ? 'RL' : 'RF'}-${p.numberFull}`;
  const paymentsOf = async (path: string) => (await ok<{ data: Payment[] }>(http.get(`${API}/${path}/payments`))).data;

  before(async () => {
    k = await createTestKernel({ plugins: PLUGINS, now: () => now });
    http = k.http;
    await updateCompany(k, ELIGIBLE_COMPANY);
    const hotel = await createCustomer(http, { company: 'Hôtel du Parc' });
    sale = await emitted(http, { fk: { receiverCustomer: hotel._id }, items: [{ labelPrimary: 'Croissants', quantity: 100, vat: 5.5, exclTaxesPrice: 0.95, type: 'good' }] });
    await at('2025-01-20T09:00:00.000Z');
    await payInvoice(http, sale._id, sale.inclTaxesPrice, 'cb');

    const mill = await createProvider(http, { company: 'Moulin de la Vallée' });
    const packaging = await createProvider(http, { company: 'Emballages du Rhône' });
    aux.mill = `F${mill._id.toUpperCase()}`;
    aux.packaging = `F${packaging._id.toUpperCase()}`;

    doc.lastYear = await createPurchase(http, {
      fk: { provider: mill._id }, invoiceNumber: 'MV-2024-977', date: '2024-12-31T22:30:00.000Z', vatCalculationMethod: 'rounded-lines',
      items: [{ labelPrimary: 'Farine T65', quantity: 1, vat: 5.5, exclTaxesPrice: 18.5, type: 'good' }],
    });
    await at('2025-02-05T09:00:00.000Z');
    doc.flour = await createPurchase(http, {
      fk: { provider: mill._id }, invoiceNumber: 'MV-0412', date: '2025-02-03T11:00:00.000Z', vatCalculationMethod: 'rounded-lines',
      items: [
        { labelPrimary: 'Farine T65 (sac de 25 kg)', quantity: 12, vat: 5.5, exclTaxesPrice: 18.5, type: 'good' },
        { labelPrimary: 'Livraison', quantity: 1, vat: 20, exclTaxesPrice: 25 },
      ],
    });
    await at('2025-02-12T09:00:00.000Z');
    doc.flour = await payPurchase(doc.flour._id, doc.flour.inclTaxesPrice, 'transfer', '2025-02-10T10:00:00.000Z');

    await at('2025-03-02T09:00:00.000Z');
    doc.credit = await createPurchase(http, {
      fk: { provider: mill._id }, invoiceNumber: 'MV-AV-0031', date: '2025-03-01T11:00:00.000Z', vatCalculationMethod: 'rounded-lines',
      items: [{ labelPrimary: 'Farine T65 (sac abîmé)', quantity: -2, vat: 5.5, exclTaxesPrice: 18.5, type: 'good' }],
    });
    await at('2025-03-06T09:00:00.000Z');
    doc.credit = await payPurchase(doc.credit._id, doc.credit.inclTaxesPrice, 'cash', '2025-03-05T15:00:00.000Z');

    await at('2025-04-02T09:00:00.000Z');
    order.unlinked = await createExternal(http, {
      shop: 'Matériel Pâtissier Pro', orderNumber: 'CMD-557301', orderDate: '2025-04-02T08:00:00.000Z', inclTaxesDeliveryPrice: 6.9, vatAmount: 5.3,
      items: [{ label: 'Thermomètre de cuisson', quantity: 1, vat: 20, inclTaxesPrice: 24.9 }],
      paymentModes: [{ paymentMode: 'cb', amount: 31.8, date: '2025-04-02T08:05:00.000Z' }],
    });

    await at('2025-05-12T09:00:00.000Z');
    doc.boxes = await createPurchase(http, {
      fk: { provider: packaging._id }, invoiceNumber: 'ER-25-1187', date: '2025-05-10T09:00:00.000Z', forResale: true, vatCalculationMethod: 'rounded-lines',
      items: [{ labelPrimary: 'Boîtes à gâteaux (lot de 100)', quantity: 2, vat: 20, exclTaxesPrice: 45, type: 'good' }],
    });
    order.linked = await createExternal(http, {
      shop: 'Emballages du Rhône (boutique en ligne)', orderNumber: 'CMD-88', orderDate: '2025-05-09T18:00:00.000Z', fk: { purchases: [doc.boxes._id] },
      items: [{ label: 'Boîtes à gâteaux (lot de 100)', quantity: 2, vat: 20, inclTaxesPrice: 54 }],
      paymentModes: [{ paymentMode: 'cb', amount: 108, date: '2025-05-09T18:01:00.000Z' }],
    });
    await at('2026-01-15T09:00:00.000Z');
  });
  after(async () => { await k?.stop(); });

  it('écrit l’achat à deux taux au journal des achats : charges, TVA déductible par taux, 401 du fournisseur', async () => {
    const records = await fec2025();
    expect(doc.flour).to.include({ inclTaxesPrice: 264.21, recoverableVatAmount: 17.21, status: 'paid' });
    expect(entryLines(records, purchaseRef(doc.flour), 'Facture fournisseur MV-0412 Moulin de la Vallée')).to.deep.equal([
      'AC 606000 222,00 0,00', 'AC 4456605 12,21 0,00', 'AC 604000 25,00 0,00', 'AC 4456620 5,00 0,00', `AC 401000/${aux.mill} 0,00 264,21`,
    ]);
    const supplier = records.find((r) => r.PieceRef === purchaseRef(doc.flour) && r.CompteNum === '401000' && r.JournalCode === 'AC')!;
    expect(supplier).to.include({
      JournalLib: 'Journal des achats', CompteLib: 'Fournisseurs', CompAuxLib: 'Moulin de la Vallée',
      EcritureDate: '20250203', PieceDate: '20250203', ValidDate: '20250205', EcritureLib: 'Facture fournisseur MV-0412 Moulin de la Vallée',
    });
    expect(records.find((r) => r.CompteNum === '606000')!.CompteLib).to.equal('Achats non stockés de matières et fournitures');
    expect(records.filter((r) => !['411000', '401000'].includes(r.CompteNum)).every((r) => r.CompAuxNum === '' && r.CompAuxLib === '')).to.equal(true);
  });

  it('écrit l’avoir fournisseur à l’envers, et son remboursement en espèces en caisse', async () => {
    const records = await fec2025();
    expect(doc.credit).to.include({ inclTaxesPrice: -39.04, paidAmount: -39.04, unpaidAmount: 0 });
    expect(entryLines(records, purchaseRef(doc.credit), 'Avoir fournisseur MV-AV-0031 Moulin de la Vallée'))
      .to.deep.equal(['AC 606000 0,00 37,00', 'AC 4456605 0,00 2,04', `AC 401000/${aux.mill} 39,04 0,00`]);
    const [refund] = await paymentsOf(`purchases/${doc.credit._id}`);
    const label = 'Remboursement Espèces facture fournisseur MV-AV-0031 Moulin de la Vallée';
    expect(entryLines(records, paymentRef(refund), label)).to.deep.equal([`CA 401000/${aux.mill} 0,00 39,04`, 'CA 530000 39,04 0,00']);
    expect(records.find((r) => r.EcritureLib === label)).to.include({ JournalLib: 'Caisse', EcritureDate: '20250305', ValidDate: '20250306' });
  });

  it('écrit le virement au fournisseur en banque, sur son sous-compte', async () => {
    const records = await fec2025();
    const [transfer] = await paymentsOf(`purchases/${doc.flour._id}`);
    const label = 'Règlement Virement facture fournisseur MV-0412 Moulin de la Vallée';
    expect(entryLines(records, paymentRef(transfer), label)).to.deep.equal([`BQ 401000/${aux.mill} 264,21 0,00`, 'BQ 512000 0,00 264,21']);
    expect(records.find((r) => r.EcritureLib === label)).to.include({ JournalLib: 'Banque', EcritureDate: '20250210', ValidDate: '20250212' });
  });

  it('écrit l’achat en ligne sans achat lié en « Fournisseurs divers », payé par carte en banque', async () => {
    const records = await fec2025();
    expect(order.unlinked.totals).to.include({ inclTaxesPrice: 31.8, exclTaxesPrice: 26.5 });
    expect(entryLines(records, 'CL-CMD-557301', 'Achat en ligne Matériel Pâtissier Pro CMD-557301')).to.deep.equal(['AC 606000 26,50 0,00', 'AC 4456620 5,30 0,00', 'AC 401000/FDIVERS 0,00 31,80']);
    expect(records.find((r) => r.PieceRef === 'CL-CMD-557301' && r.CompAuxNum === 'FDIVERS')).to.include({
      CompAuxLib: 'Fournisseurs divers', CompteLib: 'Fournisseurs', EcritureDate: '20250402', ValidDate: '20250402',
    });
    const [card] = await paymentsOf(`external-purchases/${order.unlinked._id}`);
    expect(entryLines(records, paymentRef(card), 'Règlement Carte bancaire achat en ligne Matériel Pâtissier Pro CMD-557301'))
      .to.deep.equal(['BQ 401000/FDIVERS 31,80 0,00', 'BQ 512000 0,00 31,80']);
  });

  it('n’écrit qu’une fois l’achat en ligne lié : par son achat ; son paiement va au fournisseur de l’achat', async () => {
    const records = await fec2025();
    expect(entryLines(records, purchaseRef(doc.boxes), 'Facture fournisseur ER-25-1187 Emballages du Rhône'))
      .to.deep.equal(['AC 607000 90,00 0,00', 'AC 4456620 18,00 0,00', `AC 401000/${aux.packaging} 0,00 108,00`]);
    expect(records.some((r) => r.PieceRef === 'CL-CMD-88' || r.EcritureLib.startsWith('Achat en ligne Emballages'))).to.equal(false);
    const [card] = await paymentsOf(`external-purchases/${order.linked._id}`);
    const label = 'Règlement Carte bancaire achat en ligne Emballages du Rhône (boutique en ligne) CMD-88';
    expect(entryLines(records, paymentRef(card), label)).to.deep.equal([`BQ 401000/${aux.packaging} 108,00 0,00`, 'BQ 512000 0,00 108,00']);
    expect(records.find((r) => r.EcritureLib === label && r.CompteNum === '401000')!.CompAuxLib).to.equal('Emballages du Rhône');
  });

  it('garde les ventes, laisse dehors l’achat de l’exercice précédent (au jour de Paris)', async () => {
    const records = await fec2025();
    const total = sale.inclTaxesPrice.toFixed(2).replace('.', ',');
    expect(records.filter((r) => r.JournalCode === 'VE').map((r) => `${r.CompteNum} ${r.Debit} ${r.Credit}`)).to.deep.equal([
      `411000 ${total} 0,00`, `707000 0,00 ${sale.exclTaxesPrice.toFixed(2).replace('.', ',')}`, `4457105 0,00 ${sale.vatAmount.toFixed(2).replace('.', ',')}`,
    ]);
    expect(records.filter((r) => r.JournalCode === 'BQ' && r.CompteNum === '411000').map((r) => r.Credit)).to.deep.equal([total]);
    expect(records.some((r) => r.EcritureLib.includes('MV-2024-977'))).to.equal(false);
    const before = parseFec((await fetchFec(http, '2024')).text).records;
    expect(entryLines(before, purchaseRef(doc.lastYear), 'Facture fournisseur MV-2024-977 Moulin de la Vallée')).to.deep.equal(['AC 606000 18,50 0,00', 'AC 4456605 1,02 0,00', `AC 401000/${aux.mill} 0,00 19,52`]);
    expect(before.find((r) => r.EcritureLib.includes('MV-2024-977'))!.EcritureDate).to.equal('20241231');
  });

  it('donne à chaque pièce une référence que nulle autre n’a, d’un journal à l’autre (numérotation sans préfixe)', async () => {
    const records = await fec2025();
    const entriesOf = new Map<string, Set<string>>();
    for (const r of records) entriesOf.set(r.PieceRef, (entriesOf.get(r.PieceRef) ?? new Set()).add(r.EcritureNum));
    for (const [ref, nums] of entriesOf) expect(nums.size, ref).to.equal(1);
    // the numbers the series share, told apart by their code: the invoice and the purchase 0000002,
    // payment 1 of an invoice, of a purchase and of an online order, all in the bank journal
    expect(sale.numberFull).to.equal('0000001');
    expect([...entriesOf.keys()].filter((ref) => /^[A-Z]{2}-0*[12]$/.test(ref)).sort())
      .to.deep.equal(['FC-0000001', 'FF-0000002', 'RC-1', 'RF-1', 'RF-2', 'RL-1', 'RL-2']);
    expect(new Set(records.filter((r) => /^R[CFL]-1$/.test(r.PieceRef)).map((r) => r.JournalCode))).to.deep.equal(new Set(['BQ']));
  });

  it('équilibre chaque écriture et le fichier ; le résumé liste le journal des achats et ses totaux', async () => {
    const records = await fec2025();
    const totals = entryTotals(records);
    for (const [num, t] of totals) expect(t.debit.toFixed(2), `écriture ${num}`).to.equal(t.credit.toFixed(2));
    const all = records.reduce((s, r) => ({ d: s.d.plus(amountOf(r.Debit)), c: s.c.plus(amountOf(r.Credit)) }), { d: new Decimal(0), c: new Decimal(0) });
    expect(all.d.toFixed(2)).to.equal(all.c.toFixed(2));

    const summary = await ok<{ entries: number; debit: string; credit: string; journals: { code: string; label: string; entries: number; debit: string; credit: string }[] }>(
      http.get('/api/invoicing/fec/summary', { query: { fiscalYear: '2025' } }),
    );
    expect(summary.journals.map((j) => j.code).sort()).to.deep.equal(['AC', 'BQ', 'CA', 'VE']);
    // 264,21 + 39,04 (the credit note, reversed) + 31,80 + 108,00
    expect(summary.journals.find((j) => j.code === 'AC')).to.deep.equal({ code: 'AC', label: 'Journal des achats', entries: 4, debit: '443.05', credit: '443.05' });
    expect(summary.journals.find((j) => j.code === 'CA')).to.deep.include({ entries: 1, debit: '39.04' });
    // the sale's card payment, the transfer, the two orders' cards
    expect(summary.journals.find((j) => j.code === 'BQ')).to.deep.include({ entries: 4, debit: new Decimal(sale.inclTaxesPrice).plus(264.21).plus(31.8).plus(108).toFixed(2) });
    expect(summary).to.include({ entries: totals.size, debit: all.d.toFixed(2), credit: all.c.toFixed(2) });
  });
});
