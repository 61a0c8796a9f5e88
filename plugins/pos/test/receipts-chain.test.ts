/**
 * The receipts' inalterability and their place in the books (README « Inalterability », « FEC »):
 * the chain, verified by `GET /api/pos/integrity` and the platform's integrity, names every SQL
 * tampering — a changed total, a changed payment, a deleted receipt, the last one removed —; the
 * FEC of invoicing carries each receipt in the cash journal « CA », balanced, sales per VAT rate
 * and payments per mode, a refund reversed, and an invoice made from a receipt only once.
 */
import { expect } from 'chai';
import { TEST_ADMIN, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import type { CashRegister, Receipt } from '../schemas/index.ts';
import { fetchFec, parseFec, amountOf, type FecRecord } from '../../../test/support/fec.ts';
import { API, bootKernel, cash, ok } from './support.ts';
import { ELIGIBLE_COMPANY, createCustomer, openRegister, sell, updateCompany } from './receipts-support.ts';

describe('pos : chaîne des tickets et FEC', function () {
  this.timeout(90_000);
  let k: TestKernel;
  let http: TestHttp;
  let register: CashRegister;
  let now = new Date('2025-03-10T09:00:00.000Z');

  before(async () => {
    k = await bootKernel({ now: () => now });
    http = k.http;
    await updateCompany(k, ELIGIBLE_COMPANY);
    register = await openRegister(k, cash([10, 2], [5, 2], [2, 5], [1, 5], [0.5, 4], [0.2, 5], [0.1, 5]));
  });
  after(async () => { await k?.stop(); });

  const integrity = () => ok(http.get(`${API}/integrity`));
  const kernelIntegrity = async () => {
    const res = await http.get('/api/kernel/integrity');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body as { chains: { id: string; valid: boolean; firstBroken: { message: string } | null }[] };
  };

  describe('chaîne', () => {
    const receipts: Receipt[] = [];
    before(async () => {
      for (let i = 1; i <= 4; i++) {
        receipts.push(await sell(http, { cashRegisterId: register._id, items: [{ labelPrimary: `Gâteau ${i}`, inclTaxesPrice: 10 + i, vat: 5.5 }], payments: [{ mode: 'cb', amount: 10 + i }] }));
      }
    });

    it('chaîne chaque ticket au précédent ; la vérification passe et compte tickets et événements', async () => {
      const report = await integrity();
      expect(report.valid).to.equal(true);
      expect(report.checked).to.be.at.least(4 + 1);
      const chains = (await kernelIntegrity()).chains.filter((c) => c.id.startsWith('pos.'));
      expect(chains.map((c) => [c.id, c.valid])).to.deep.include.members([['pos.receipts', true], ['pos.events', true]]);
    });

    const tampered = async (sql: () => Promise<unknown>, undo: () => Promise<unknown>, number: string, message: RegExp) => {
      await sql();
      try {
        const report = await integrity();
        expect(report.valid).to.equal(false);
        expect(report.firstBroken).to.include({ kind: 'receipt', number });
        const chain = (await kernelIntegrity()).chains.find((c) => c.id === 'pos.receipts')!;
        expect(chain.valid).to.equal(false);
        expect(chain.firstBroken!.message).to.match(message);
      } finally { await undo(); }
      expect((await integrity()).valid).to.equal(true);
    };

    it('nomme un total modifié en SQL', async () => {
      const r = receipts[1];
      const stored = await k.db('pos_receipts').where('_id', r._id).first();
      await tampered(() => k.db('pos_receipts').where('_id', r._id).update({ inclTaxesPrice: 100 }),
        () => k.db('pos_receipts').where('_id', r._id).update({ inclTaxesPrice: stored.inclTaxesPrice }),
        r.numberFull!, new RegExp(`^le ticket de caisse ${r.numberFull} ne correspond plus à son empreinte`));
    });

    it('nomme un paiement modifié en SQL (les paiements sont dans l’empreinte du ticket)', async () => {
      const r = receipts[2];
      const stored = await k.db('pos_receipts').where('_id', r._id).first();
      const payments = JSON.parse(typeof stored.payments === 'string' ? stored.payments : JSON.stringify(stored.payments));
      payments[0].mode = 'cash';
      await tampered(() => k.db('pos_receipts').where('_id', r._id).update({ payments: JSON.stringify(payments) }),
        () => k.db('pos_receipts').where('_id', r._id).update({ payments: stored.payments }),
        r.numberFull!, /ne correspond plus à son empreinte/);
    });

    it('nomme un ticket supprimé en SQL, et le dernier ticket disparu', async () => {
      const middle = await k.db('pos_receipts').where('_id', receipts[1]._id).first();
      await tampered(() => k.db('pos_receipts').where('_id', middle._id).delete(), () => k.db('pos_receipts').insert(middle),
        receipts[2].numberFull!, /ne suit plus le document précédent/);
      const last = await k.db('pos_receipts').where('_id', receipts[3]._id).first();
      await tampered(() => k.db('pos_receipts').where('_id', last._id).delete(), () => k.db('pos_receipts').insert(last),
        receipts[3].numberFull!, /dernier document enregistré de la chaîne, a disparu/);
    });
  });

  describe('FEC', () => {
    let records: FecRecord[];
    let sale: Receipt;
    let refund: Receipt;
    let invoiced: Receipt;
    before(async () => {
      now = new Date('2025-06-02T10:00:00.000Z');
      const { token } = await k.login(TEST_ADMIN.email, TEST_ADMIN.password);
      http = k.http.as(token);
      // 7,80 at 5,5 % (goods) + 4 at 20 % (a service): cash 10 (change 2,20) and card 1,80
      sale = await sell(http, {
        cashRegisterId: register._id,
        items: [{ labelPrimary: 'Baguettes', quantity: 6, inclTaxesPrice: 1.3, vat: 5.5, type: 'good' }, { labelPrimary: 'Livraison', inclTaxesPrice: 4, vat: 20, type: 'service' }],
        payments: [{ mode: 'cash', amount: 10, cash: cash([10, 1]) }, { mode: 'cb', amount: 1.8 }],
      });
      refund = await ok<Receipt>(http.post(`${API}/receipts/${sale._id}/refund`, { lines: [{ uuid: sale.items[1].uuid, quantity: 1 }], payments: [{ mode: 'cb', amount: 4 }] }), 201);
      invoiced = await sell(http, { cashRegisterId: register._id, items: [{ labelPrimary: 'Pièce montée', inclTaxesPrice: 60, vat: 5.5, type: 'good' }], payments: [{ mode: 'check', amount: 60 }] });
      const customer = await createCustomer(http, { company: 'Mairie de Lyon' });
      await ok(http.post(`${API}/receipts/${invoiced._id}/invoice`, { customerId: customer._id }), 201);
      const fec = await fetchFec(http, '2025');
      expect(fec.status, JSON.stringify(fec.error)).to.equal(200);
      records = parseFec(fec.text).records;
    });

    const entry = (piece: string) => records.filter((r) => r.PieceRef === piece);
    const side = (rows: FecRecord[], account: string) => rows.filter((r) => r.CompteNum.startsWith(account))
      .reduce((s, r) => s.plus(amountOf(r.Debit)).minus(amountOf(r.Credit)), amountOf('0')).toNumber();

    it('passe chaque ticket au journal de caisse « CA », équilibré : ventes par taux, TVA collectée, paiements par moyen', () => {
      const rows = entry(`TK-${sale.numberFull}`);
      expect(new Set(rows.map((r) => r.JournalCode))).to.deep.equal(new Set(['CA']));
      expect(side(rows, '530')).to.equal(10);
      expect(side(rows, '512')).to.equal(1.8);
      // 7,80 at 5,5 %: 7,39 + 0,41; 4 at 20 %: 3,33 + 0,67
      expect(side(rows, '707')).to.equal(-7.39);
      expect(side(rows, '706')).to.equal(-3.33);
      expect(side(rows, '4457')).to.equal(-1.08);
      const debit = rows.reduce((s, r) => s.plus(amountOf(r.Debit)), amountOf('0'));
      const credit = rows.reduce((s, r) => s.plus(amountOf(r.Credit)), amountOf('0'));
      expect(debit.equals(credit)).to.equal(true);
    });

    it('passe un remboursement à l’envers ; une vente facturée une seule fois (par la caisse)', () => {
      const rows = entry(`TK-${refund.numberFull}`);
      expect(side(rows, '512')).to.equal(-4);
      expect(side(rows, '706')).to.equal(3.33);
      expect(entry(`TK-${invoiced.numberFull}`).length).to.be.greaterThan(0);
      // the invoice made from the receipt and its payment are not booked a second time
      expect(records.filter((r) => r.JournalCode === 'VE' && /Mairie de Lyon/.test(r.EcritureLib))).to.deep.equal([]);
      expect(records.filter((r) => r.PieceRef.startsWith('RC-'))).to.deep.equal([]);
    });
  });
});
