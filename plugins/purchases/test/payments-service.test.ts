/**
 * The payments service of « Achats » (`services/payments/payments.ts`, owned here since issue 12; invoicing
 * kept it before): one counter and one hash chain per kind (purchases, external purchases), beside
 * invoicing's invoice payments, which go on with their own counter and chain.
 */
import { expect } from 'chai';
import { kernelServices, paymentHash, type CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Payment } from '@comptoir/schemas';
import { purchasePaymentsService, type PurchasePaymentsService } from '../server/services/payments/payments.ts';
import { bootKernel, createExternal, createProvider, createPurchase } from './support.ts';

describe('achats : service des paiements d’achats', function () {
  this.timeout(30000);
  let k: TestKernel;
  let PURCHASE: string;
  let ORDER: string;
  let PROVIDER: string;
  before(async () => {
    k = await bootKernel();
    PROVIDER = (await createProvider(k.http, { company: 'Moulins de Provence SARL' }))._id;
    PURCHASE = (await createPurchase(k.http, { fk: { provider: PROVIDER } }))._id;
    ORDER = (await createExternal(k.http))._id;
  });
  after(async () => { await k?.stop(); });

  const run = <T>(fn: (s: PurchasePaymentsService) => Promise<T> | T) =>
    k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => fn(purchasePaymentsService(ctx)), 'purchases') as Promise<T>;

  it('numérote chaque sorte avec son compteur et la chaîne à part', async () => {
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
    // invoicing's counter and list are untouched: its invoice payments go on at their own number
    const next = await k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => ctx.use(kernelServices.numbering).preview('paymentInvoice'), 'purchases');
    expect(next.number).to.equal(1);
    expect((await k.http.get('/api/invoicing/payments')).body.data).to.deep.equal([]);
    // and the purchases' payments are listed by their owner
    const own = (await k.http.get('/api/purchases/payments', { query: { sort: { field: 'number', ascending: true } } })).body.data as Payment[];
    expect(own.map((p) => p._id).sort()).to.deep.equal([first._id, second._id, order._id].sort());
  });

  it('liste les paiements des achats d’une période, fin exclue, sans ceux des factures', async () => {
    const at = (date: string) => run((s) => s.recordFor({ externalPurchase: ORDER }, { amount: 10, date }));
    const inside = [await at('2025-02-28T23:00:00.000Z'), await at('2025-03-31T21:59:59.999Z')];
    await at('2025-02-28T22:59:59.999Z');
    await at('2025-03-31T22:00:00.000Z');
    const early = await run((s) => s.recordFor({ purchase: PURCHASE }, { amount: 5, date: '2025-03-02T10:00:00.000Z' }));
    const listed = await run((s) => s.listInPeriod({ start: '2025-02-28T23:00:00.000Z', end: '2025-03-31T22:00:00.000Z' }));
    expect(listed.map((p: Payment) => p._id)).to.deep.equal([inside[0]._id, early._id, inside[1]._id]);
    const always = { start: '2000-01-01T00:00:00.000Z', end: '2100-01-01T00:00:00.000Z' };
    const all = await run((s) => s.listInPeriod(always));
    expect(all.map((p: Payment) => p.source).sort()).to.deep.equal([...Array(5).fill('external-purchase'), ...Array(3).fill('purchase')]);
    const other = await k.http.post('/api/kernel/companies', { name: 'Autre SARL' });
    const elsewhere = await k.kernel.asSystem(other.body._id, async (ctx: CallContext) => purchasePaymentsService(ctx).listInPeriod(always), 'purchases');
    expect(elsewhere).to.deep.equal([]);
  });

  it('refuse un montant nul ou en fractions de centime, en nommant le champ, avant d’écrire', async () => {
    const count = async () => Number(((await k.db('purchases_payments').count({ n: '*' }).first()) as { n: unknown }).n);
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
