/**
 * The payments of purchases and of external purchases have their own hash chains (kept by this
 * plugin since issue 12, one per source, each with its head): `GET /api/purchases/integrity` walks
 * them. Each test changes stored rows through SQL, sees the verifier name the payment touched, puts
 * the rows back and sees the chains whole again (SQLite and MariaDB). The move of the rows recorded
 * by invoicing before is tested in payments-move.test.ts.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Payment } from '@comptoir/schemas';
import { bootKernel, createExternal, createProvider, createPurchase, ok, pay } from './support.ts';

type Row = Record<string, unknown>;
const INTEGRITY = '/api/purchases/integrity';

describe('achats : intégrité des chaînes de paiements d’achats contre les modifications en base', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let purchasePayments: Payment[];
  let externalPayments: Payment[];

  const summary = async () => ok<{ valid: boolean; checked: number; firstBroken: null | { kind: string; _id: string; number: string } }>(k.http.get(INTEGRITY));
  const named = (kind: string, p: Payment) => ({ kind, _id: p._id, number: p.numberFull! });
  const heads = async () => (await k.db('purchases_chain_heads').where('fk_company', k.admin.companyId).orderBy('chain'))
    .map((h: Row) => [h.chain, h.lastId, Number(h.lastNumber), h.lastNumberFull, h.lastHash]);

  /** Tampers, expects the payment named, restores, expects every chain whole again. */
  async function caught(tamper: () => Promise<() => Promise<unknown>>, expected: { kind: string; _id: string; number: string }) {
    const restore = await tamper();
    try {
      const answer = await summary();
      expect(answer.valid).to.equal(false);
      expect(answer.firstBroken).to.deep.equal(expected);
    } finally {
      await restore();
    }
    expect(await summary()).to.include({ valid: true });
  }
  const changing = (id: string, changes: Row) => async () => {
    const original: Row = await k.db('purchases_payments').where('_id', id).first();
    await k.db('purchases_payments').where('_id', id).update(changes);
    return () => k.db('purchases_payments').where('_id', id).update(Object.fromEntries(Object.keys(changes).map((c) => [c, original[c]])));
  };
  const deleting = (id: string) => async () => {
    const original: Row = await k.db('purchases_payments').where('_id', id).first();
    await k.db('purchases_payments').where('_id', id).delete();
    return () => k.db('purchases_payments').insert(original);
  };

  before(async () => {
    k = await bootKernel();
    const provider = await createProvider(k.http, { company: 'Moulins de Provence SARL' });
    const first = await createPurchase(k.http, { fk: { provider: provider._id } });
    const second = await createPurchase(k.http, { fk: { provider: provider._id }, items: [{ labelPrimary: 'Beurre AOP (carton de 10 kg)', quantity: 2, vat: 5.5, exclTaxesPrice: 89.9 }] });
    await ok(pay(k.http, `purchases/${first._id}`, 30, 'transfer'));
    await ok(pay(k.http, `purchases/${second._id}`, 50, 'check'));
    await ok(pay(k.http, `purchases/${first._id}`, 20.5, 'cash'));
    const order = await createExternal(k.http);
    await ok(pay(k.http, `external-purchases/${order._id}`, 10, 'cb'));
    await ok(pay(k.http, `external-purchases/${order._id}`, 14.9, 'cb'));
    const all = (await ok<{ data: Payment[] }>(k.http.get('/api/purchases/payments', { query: { sort: { field: 'number', ascending: true }, pagination: { quantity: 100 } } }))).data;
    purchasePayments = all.filter((p) => p.source === 'purchase');
    externalPayments = all.filter((p) => p.source === 'external-purchase');
    expect(purchasePayments).to.have.length(3);
    expect(externalPayments).to.have.length(2);
  });
  after(async () => { await k?.stop(); });

  it('vérifie intactes les deux chaînes, dont les têtes sont tenues à chaque paiement', async () => {
    expect(await summary()).to.deep.equal({ valid: true, checked: 5, firstBroken: null });
    const last = (list: Payment[]) => list.at(-1)!;
    expect(await heads()).to.deep.equal([
      ['external-purchase-payment', last(externalPayments)._id, last(externalPayments).number, last(externalPayments).numberFull, last(externalPayments).hash],
      ['purchase-payment', last(purchasePayments)._id, last(purchasePayments).number, last(purchasePayments).numberFull, last(purchasePayments).hash],
    ]);
  });

  it('voit le montant d’un paiement d’achat modifié', () => caught(
    changing(purchasePayments[1]._id, { amount: 5 }), named('purchase-payment', purchasePayments[1])));

  it('voit la date et le mode d’un paiement d’achat en ligne modifiés', async () => {
    await caught(changing(externalPayments[0]._id, { date: '2020-01-01T00:00:00.000Z' }), named('external-purchase-payment', externalPayments[0]));
    await caught(changing(externalPayments[0]._id, { mode: 'cash' }), named('external-purchase-payment', externalPayments[0]));
  });

  it('voit un paiement d’achat rattaché à un autre achat', () => caught(
    changing(purchasePayments[0]._id, { fk_purchase: purchasePayments[1].fk.purchase }), named('purchase-payment', purchasePayments[0])));

  it('voit un paiement supprimé au milieu, et le dernier supprimé (nommé par la tête de chaîne)', async () => {
    await caught(deleting(purchasePayments[1]._id), named('purchase-payment', purchasePayments[2]));
    await caught(deleting(externalPayments[1]._id), named('external-purchase-payment', externalPayments[1]));
  });

  it('voit la tête d’une de ces chaînes supprimée', async () => {
    const head: { _id: string } & Row = await k.db('purchases_chain_heads').where({ fk_company: k.admin.companyId, chain: 'purchase-payment' }).first();
    await caught(async () => {
      await k.db('purchases_chain_heads').where('_id', head._id).delete();
      return () => k.db('purchases_chain_heads').insert(head);
    }, named('purchase-payment', purchasePayments[2]));
  });

  it('laisse intactes les chaînes de la facturation, qui ne comptent plus ces paiements', async () => {
    expect(await ok(k.http.get('/api/invoicing/integrity'))).to.deep.equal({ valid: true, checked: 0, firstBroken: null });
  });
});
