/**
 * `kernel.numbering` (platform README « Platform rules and constants », « Numbering »): counters per company and kind, formatted with prefix,
 * padding and suffix, taken inside the caller's transaction: consecutive under concurrency, given
 * back on rollback, never lowered through the company settings.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import type { CallContext, KernelNumbering, KernelCompanies } from '@comptoir/sdk';

const pluginsDir = path.resolve(import.meta.dirname, '../../plugins');
const fixture = (name: string) => path.resolve(import.meta.dirname, 'fixtures', name);
/** invoicing and its dependencies: the kinds `invoice`, `quotation`, `paymentInvoice` */
const withInvoicing = ['contacts', 'catalogue', 'invoicing'].map((p) => path.join(pluginsDir, p));
const withPurchases = [...withInvoicing, path.join(pluginsDir, 'purchases')];

describe('kernel: numbering service', function () {
  let k: TestKernel;
  before(async function () { k = await createTestKernel({ plugins: withPurchases }); });
  after(async function () { await k?.stop(); });

  const numbering = (ctx: CallContext) => ctx.resolve<KernelNumbering>('numbering');
  const take = (kind: string, existing?: number) =>
    k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => numbering(ctx).take(kind as never, existing));
  const companyPath = () => `/api/kernel/companies/${k.admin.companyId}`;

  it('starts at 1 with 7 digits for documents and 1 digit for other counters', async function () {
    expect(await take('invoice')).to.deep.equal({ number: 1, numberFull: '0000001' });
    expect(await take('invoice')).to.deep.equal({ number: 2, numberFull: '0000002' });
    expect(await take('paymentInvoice')).to.deep.equal({ number: 1, numberFull: '1' });
  });

  it('formats with prefix, padding and suffix, and keeps an existing number above 0', async function () {
    const current = (await k.http.get(companyPath())).body;
    const changed = structuredClone(current.numbering);
    changed.quotation = { next: 41, minDigits: 4, prefix: 'DE-', suffix: '/26' };
    expect((await k.http.put(companyPath(), { numbering: changed })).status).to.equal(200);
    expect(await take('quotation')).to.deep.equal({ number: 41, numberFull: 'DE-0041/26' });
    expect(await take('quotation', 7)).to.deep.equal({ number: 7, numberFull: 'DE-0007/26' });
    expect(await take('quotation', 0)).to.deep.equal({ number: 42, numberFull: 'DE-0042/26' });
    const preview = await k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => numbering(ctx).preview('quotation'));
    expect(preview).to.deep.equal({ number: 43, numberFull: 'DE-0043/26' });
  });

  it('gives 50 concurrent takers 50 consecutive numbers', async function () {
    const first = (await take('paymentExternalPurchase')).number;
    const taken = await Promise.all(Array.from({ length: 50 }, () => take('paymentExternalPurchase')));
    const numbers = taken.map((t: { number: number }) => t.number).sort((a: number, b: number) => a - b);
    expect(numbers).to.deep.equal(Array.from({ length: 50 }, (_, i) => first + 1 + i));
  });

  it('gives the number back when the taking transaction rolls back', async function () {
    const before = (await take('purchase')).number;
    let failed = false;
    try {
      await k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => {
        await numbering(ctx).take('purchase');
        throw new Error('emission failed');
      });
    } catch { failed = true; }
    expect(failed).to.equal(true);
    expect((await take('purchase')).number).to.equal(before + 1);
  });

  it('refuses a kind no loaded plugin declares with a French 400, and takes nothing', async function () {
    for (const kind of ['facture', 'zReceipt', 'order', 'toString', '__proto__']) {
      let error: { status?: number; message?: string } = {};
      try { await take(kind); } catch (e) { error = e as typeof error; }
      expect(error.status, kind).to.equal(400);
      expect(error.message, kind).to.contain('Type de numérotation inconnu');
    }
    let previewError: { status?: number } = {};
    try {
      await k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => numbering(ctx).preview('zReceipt' as never));
    } catch (e) { previewError = e as typeof previewError; }
    expect(previewError.status).to.equal(400);
    const row = await k.db('kernel_companies').select('numbering').where('_id', k.admin.companyId).first();
    const stored = typeof row.numbering === 'string' ? JSON.parse(row.numbering) : row.numbering;
    expect(stored).to.not.have.any.keys('facture', 'zReceipt', 'order');
  });

  it('refuses to lower a counter through the company settings (409), and accepts raising it', async function () {
    await take('invoice');
    const current = (await k.http.get(companyPath())).body;
    const lowered = structuredClone(current.numbering);
    lowered.invoice.next = 1;
    const res = await k.http.put(companyPath(), { numbering: lowered });
    expect(res.status).to.equal(409);
    expect(res.body.message).to.match(/ne peut pas redescendre/);
    expect((await k.http.get(companyPath())).body.numbering.invoice.next).to.equal(current.numbering.invoice.next);
    const raised = structuredClone(current.numbering);
    raised.invoice.next = 1000;
    expect((await k.http.put(companyPath(), { numbering: raised })).status).to.equal(200);
    expect((await take('invoice')).numberFull).to.equal('0001000');
  });

  it('kernel.companies answers the active company and 404 for a company the user is not in', async function () {
    const other = (await k.kernel.asSystem(null, async (ctx: CallContext) => {
      const { createCompany } = await import('../../server/src/platform/services/companies/companies.ts');
      return createCompany(ctx, { name: 'Autre SARL' }, null);
    })) as { _id: string };
    const asAdmin = <T>(fn: (c: KernelCompanies) => Promise<T>): Promise<T> =>
      k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => fn(ctx.resolve<KernelCompanies>('companies')));
    expect((await asAdmin((c) => c.current())).name).to.be.a('string');
    // the system may read any company; a member's call is checked (covered through plugin routes)
    expect((await asAdmin((c) => c.get(other._id))).name).to.equal('Autre SARL');
  });

  it('a write transaction sees what another committed after its first read (no stale snapshot behind a lock)', async function () {
    const name = () => k.db('kernel_companies').select('name').where('_id', k.admin.companyId).first();
    const original = (await name()).name;
    const seen = await k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => {
      const trx = (ctx.resolve('call') as { opts: { db: typeof k.db } }).opts.db;
      await trx('kernel_companies').select('name').where('_id', k.admin.companyId).first();
      // another connection commits meanwhile (on SQLite the single writer makes this the same view)
      if (k.db.client.config.client === 'mysql2') {
        await k.db('kernel_companies').where('_id', k.admin.companyId).update({ name: 'Renommée SARL' });
      }
      return (await trx('kernel_companies').select('name').where('_id', k.admin.companyId).first()).name;
    });
    if (k.db.client.config.client === 'mysql2') {
      expect(seen).to.equal('Renommée SARL');
      await k.db('kernel_companies').where('_id', k.admin.companyId).update({ name: original });
    } else {
      expect(seen).to.equal(original);
    }
  });
});

describe('kernel: numbering kinds declared by the plugins', function () {
  const companyPath = (k: TestKernel) => `/api/kernel/companies/${k.admin.companyId}`;

  it('the company API lists the kinds of the loaded plugins only, documents first, with their labels', async function () {
    const k = await createTestKernel({ plugins: withPurchases });
    try {
      const res = await k.http.get(companyPath(k));
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body.numbering)).to.deep.equal(['invoice', 'quotation', 'purchase', 'paymentInvoice', 'paymentPurchase', 'paymentExternalPurchase']);
      expect(res.body.nextNumbers).to.deep.equal({
        invoice: '0000001', quotation: '0000001', purchase: '0000001', paymentInvoice: '1', paymentPurchase: '1', paymentExternalPurchase: '1',
      });
      expect(res.body.numberingKinds.find((d: { kind: string }) => d.kind === 'purchase')).to.deep.equal({ kind: 'purchase', label: 'Achats', document: true, plugin: 'purchases' });
      expect(res.body.numbering.purchase).to.deep.equal({ next: 1, minDigits: 7, prefix: '', suffix: '' });
      // a new company is stored with the declared kinds and their defaults (the login answers it as stored)
      const created = await k.http.post('/api/kernel/companies', { name: 'Neuve SARL', numbering: { invoice: { prefix: 'F-' } } });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const row = await k.db('kernel_companies').select('numbering').where('_id', created.body._id).first();
      const stored = typeof row.numbering === 'string' ? JSON.parse(row.numbering) : row.numbering;
      expect(Object.keys(stored)).to.have.members(['invoice', 'quotation', 'purchase', 'paymentInvoice', 'paymentPurchase', 'paymentExternalPurchase']);
      expect(stored.invoice).to.deep.equal({ next: 1, minDigits: 7, prefix: 'F-', suffix: '' });
      expect(stored.paymentPurchase).to.deep.equal({ next: 1, minDigits: 1, prefix: '', suffix: '' });
    } finally { await k.stop(); }
  });

  it('without purchases: no purchase kind listed, taking one refused, and a stored purchase counter kept untouched', async function () {
    const k = await createTestKernel({ plugins: withInvoicing });
    try {
      // a counter stored while purchases was installed (and a kind of a plugin that does not exist yet)
      const kept = { purchase: { next: 58, minDigits: 5, prefix: 'AC-', suffix: '' }, zReceipt: { next: 3, minDigits: 7, prefix: 'Z', suffix: '' } };
      await k.db('kernel_companies').where('_id', k.admin.companyId).update({ numbering: JSON.stringify(kept) });
      const res = await k.http.get(companyPath(k));
      expect(Object.keys(res.body.numbering)).to.deep.equal(['invoice', 'quotation', 'paymentInvoice']);
      expect(Object.keys(res.body.nextNumbers)).to.deep.equal(['invoice', 'quotation', 'paymentInvoice']);
      expect(res.body.numberingKinds.map((d: { kind: string }) => d.kind)).to.deep.equal(['invoice', 'quotation', 'paymentInvoice']);
      let error: { status?: number } = {};
      try {
        await k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => ctx.resolve<KernelNumbering>('numbering').take('purchase'));
      } catch (e) { error = e as typeof error; }
      expect(error.status).to.equal(400);
      // the screen sends the listed kinds: saved, the others stay as stored
      const numbering = structuredClone(res.body.numbering);
      numbering.invoice.prefix = 'FA-';
      const put = await k.http.put(companyPath(k), { numbering });
      expect(put.status, JSON.stringify(put.body)).to.equal(200);
      expect(put.body.nextNumbers.invoice).to.equal('FA-0000001');
      expect(put.body.numbering).to.not.have.any.keys('purchase', 'zReceipt');
      // sending a kind no loaded plugin declares is refused, naming it
      const refused = await k.http.put(companyPath(k), { numbering: { purchase: { next: 60 } } });
      expect(refused.status).to.equal(400);
      expect(refused.body.details.map((d: { field: string }) => d.field)).to.include('numbering.purchase');
      const row = await k.db('kernel_companies').select('numbering').where('_id', k.admin.companyId).first();
      const stored = typeof row.numbering === 'string' ? JSON.parse(row.numbering) : row.numbering;
      expect(stored.purchase).to.deep.equal(kept.purchase);
      expect(stored.zReceipt).to.deep.equal(kept.zReceipt);
      expect(stored.invoice).to.deep.equal({ next: 1, minDigits: 7, prefix: 'FA-', suffix: '' });
    } finally { await k.stop(); }
  });

  it('the boot stops when two plugins declare the same kind, or a kind is badly named', async function () {
    for (const [name, message] of [
      ['numbering-twin', /« numbering-twin ».*« invoice » est déjà déclaré par « invoicing »/],
      ['numbering-badname', /« numbering-badname ».*« Bons-de-commande » est invalide/],
    ] as const) {
      let error: Error | undefined;
      let k: TestKernel | undefined;
      try { k = await createTestKernel({ plugins: [...withInvoicing, fixture(name)] }); } catch (e) { error = e as Error; }
      await k?.stop();
      expect(error?.message, name).to.match(message);
    }
  });
});
