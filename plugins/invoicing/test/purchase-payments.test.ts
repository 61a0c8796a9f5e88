/**
 * The service « Achats » records its payments through (`invoicing.purchasePayments`): one counter
 * and one hash chain per kind (purchases, external purchases), beside the invoice payments' own.
 */
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Payment } from '@comptoir/schemas';
import { purchasePaymentsService, type PurchasePaymentsService } from '../server/services/purchase-payments.ts';
import { paymentHash } from '../server/services/emission/hash-chain.ts';
import { bootKernel, invoiceOf, makeEligible, pay } from './support.ts';

const PURCHASE = '65f0c0ffee0000000000b001';
const ORDER = '65f0c0ffee0000000000b002';
const PROVIDER = '65f0c0ffee0000000000b003';

describe('invoicing : paiements des achats (service exporté)', function () {
  this.timeout(30000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  const run = <T>(fn: (s: PurchasePaymentsService) => Promise<T> | T) =>
    k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => fn(purchasePaymentsService(ctx)), 'invoicing') as Promise<T>;

  it('numérote chaque sorte avec son compteur et la chaîne à part', async () => {
    await makeEligible(k);
    await pay(k.http, (await invoiceOf(k.http, 50))._id, 20);
    const first = await run((s) => s.recordFor({ purchase: PURCHASE, provider: PROVIDER }, { amount: 120, mode: 'transfer', date: '2026-03-01T10:00:00.000Z' }));
    const second = await run((s) => s.recordFor({ purchase: PURCHASE }, { amount: -20 }));
    const order = await run((s) => s.recordFor({ externalPurchase: ORDER }, { amount: 48.8, mode: 'paypal' }));
    expect([first.number, second.number, order.number]).to.deep.equal([1, 2, 1]);
    expect(first).to.include({ source: 'purchase', mode: 'transfer', amount: 120, date: '2026-03-01T10:00:00.000Z' });
    expect(first.fk).to.include({ purchase: PURCHASE, provider: PROVIDER, invoice: null, customer: null });
    expect(second).to.include({ mode: 'cb' });
    expect(order).to.include({ source: 'external-purchase' });
    expect(order.fk).to.include({ externalPurchase: ORDER, purchase: null, provider: null });
    expect(first.hash).to.equal(paymentHash(null, first));
    expect(second.hash).to.equal(paymentHash(first.hash!, second));
    expect(order.hash).to.equal(paymentHash(null, order));
    const listed = await run((s) => s.listFor({ purchase: PURCHASE }));
    expect(listed.map((p: Payment) => p._id)).to.deep.equal([first._id, second._id]);
    // the invoice payments' chain goes on at its own number
    const invoice = await invoiceOf(k.http, 30);
    await pay(k.http, invoice._id, 30);
    const invoicePayments = (await k.http.get('/api/invoicing/payments', { query: { filters: { source: { mode: 'eq', value: 'invoice' } } } })).body.data as Payment[];
    expect(invoicePayments.map((p) => p.number).sort()).to.deep.equal([1, 2]);
  });

  it('liste les paiements des achats d’une période, fin exclue, sans ceux des factures', async () => {
    const at = (date: string) => run((s) => s.recordFor({ externalPurchase: ORDER }, { amount: 10, date }));
    const inside = [await at('2025-02-28T23:00:00.000Z'), await at('2025-03-31T21:59:59.999Z')];
    await at('2025-02-28T22:59:59.999Z');
    await at('2025-03-31T22:00:00.000Z');
    const early = await run((s) => s.recordFor({ purchase: PURCHASE }, { amount: 5, date: '2025-03-02T10:00:00.000Z' }));
    const listed = await run((s) => s.listInPeriod({ start: '2025-02-28T23:00:00.000Z', end: '2025-03-31T22:00:00.000Z' }));
    expect(listed.map((p) => p._id)).to.deep.equal([inside[0]._id, early._id, inside[1]._id]);
    const always = { start: '2000-01-01T00:00:00.000Z', end: '2100-01-01T00:00:00.000Z' };
    const all = await run((s) => s.listInPeriod(always));
    expect(all.map((p) => p.source).sort()).to.deep.equal([...Array(5).fill('external-purchase'), ...Array(3).fill('purchase')]);
    const other = await k.http.post('/api/kernel/companies', { name: 'Autre SARL' });
    const elsewhere = await k.kernel.asSystem(other.body._id, async (ctx: CallContext) => purchasePaymentsService(ctx).listInPeriod(always), 'invoicing');
    expect(elsewhere).to.deep.equal([]);
  });

  it('refuse un montant nul ou en fractions de centime, en nommant le champ, avant d’écrire', async () => {
    const count = async () => Number(((await k.db('invoicing_payments').count({ n: '*' }).first()) as { n: unknown }).n);
    const before = await count();
    for (const [input, prefix, field] of [[{ amount: 0 }, '', 'amount'], [{ amount: 1.005 }, 'payments.2.', 'payments.2.amount'], [{ amount: 5, date: '2016-12-31T23:59:60Z' }, 'paymentModes.0.', 'paymentModes.0.date']] as const) {
      let error: { status?: number; details?: { field: string }[] } = {};
      try { await run((s) => s.recordFor({ purchase: PURCHASE }, input)); } catch (e) { error = e as typeof error; }
      expect(error.status).to.equal(400);
      try { await run((s) => s.check(input, prefix)); } catch (e) { error = e as typeof error; }
      expect(error.details?.[0].field).to.equal(field);
    }
    expect(await count()).to.equal(before);
  });
});
