/**
 * Issue 12: the payments of purchases and external purchases, and the heads of their chains, move
 * from invoicing's tables to this plugin's, unchanged. The old state is made as the old code left
 * it — the rows in `invoicing_payments` / `invoicing_chain_heads`, same columns, hashed with the
 * same view — then the migration runs: same ids, numbers and hashes, the chains verify, the
 * counters go on, a second run changes nothing, an interrupted run is finished (SQLite, MariaDB).
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { movePaymentsFromInvoicing } from '../server/migrations/20261127120000_move_payments_from_invoicing.ts';
import { bootKernel, createExternal, createProvider, createPurchase, ok, pay } from './support.ts';

type Row = Record<string, unknown>;

describe('achats : déplacement des paiements d’achats depuis la facturation (migration)', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let purchaseId: string;

  const rows = async (table: string, where: Row = {}) =>
    (await k.db(table).where({ fk_company: k.admin.companyId, ...where }).orderBy('_id')) as Row[];
  const ownRows = () => rows('purchases_payments');
  const ownHeads = () => rows('purchases_chain_heads');
  const integrity = (plugin: string) => ok<{ valid: boolean; checked: number; firstBroken: unknown }>(k.http.get(`/api/${plugin}/integrity`));

  /** The state the old code left: every purchase payment and its chain's head in invoicing's tables. */
  async function asBeforeIssue12(): Promise<void> {
    await movePaymentsFromInvoicing.down(k.db);
    expect(await ownRows()).to.deep.equal([]);
    expect(await ownHeads()).to.deep.equal([]);
  }

  before(async () => {
    k = await bootKernel();
    const provider = await createProvider(k.http, { company: 'Moulins de Provence SARL' });
    const purchase = await createPurchase(k.http, { fk: { provider: provider._id } });
    purchaseId = purchase._id;
    await ok(pay(k.http, `purchases/${purchase._id}`, 30, 'transfer'));
    await ok(pay(k.http, `purchases/${purchase._id}`, 20.5, 'cash'));
    const order = await createExternal(k.http);
    await ok(pay(k.http, `external-purchases/${order._id}`, 10, 'cb'));
    // an invoice payment stays with invoicing
    await k.db('invoicing_payments').insert({
      _id: '65f0c0ffee0000000000d001', fk_company: k.admin.companyId, source: 'invoice', mode: 'cb', amount: 1, number: 1, numberFull: '1',
      date: '2026-01-01T00:00:00.000Z', metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z',
    });
  });
  after(async () => { await k?.stop(); });

  it('déplace les paiements et les têtes à l’identique ; les chaînes se vérifient, les compteurs continuent', async () => {
    const payments = await ownRows();
    const heads = await ownHeads();
    expect(payments).to.have.length(3);
    expect(heads.map((h) => h.chain).sort()).to.deep.equal(['external-purchase-payment', 'purchase-payment']);

    await asBeforeIssue12();
    const old = await rows('invoicing_payments', {});
    expect(old.filter((r) => r.source !== 'invoice')).to.have.length(3);
    expect((await rows('invoicing_chain_heads')).map((h) => h.chain).sort()).to.deep.equal(['external-purchase-payment', 'purchase-payment']);

    await movePaymentsFromInvoicing.up(k.db);
    expect(await ownRows()).to.deep.equal(payments);
    expect(await ownHeads()).to.deep.equal(heads);
    expect((await rows('invoicing_payments')).map((r) => r._id)).to.deep.equal(['65f0c0ffee0000000000d001']);
    expect(await rows('invoicing_chain_heads', { chain: 'purchase-payment' })).to.deep.equal([]);
    expect(await integrity('purchases')).to.deep.equal({ valid: true, checked: 3, firstBroken: null });

    // the next payment takes the next number and chains on the moved one
    await ok(pay(k.http, `purchases/${purchaseId}`, 1, 'check'));
    const after = (await ownRows()).filter((r) => r.source === 'purchase').map((r) => Number(r.number)).sort();
    expect(after).to.deep.equal([1, 2, 3]);
    expect(await integrity('purchases')).to.deep.equal({ valid: true, checked: 4, firstBroken: null });
  });

  it('une seconde exécution ne change rien', async () => {
    const payments = await ownRows();
    const heads = await ownHeads();
    const invoicing = await rows('invoicing_payments');
    await movePaymentsFromInvoicing.up(k.db);
    expect(await ownRows()).to.deep.equal(payments);
    expect(await ownHeads()).to.deep.equal(heads);
    expect(await rows('invoicing_payments')).to.deep.equal(invoicing);
  });

  it('termine un déplacement interrompu (des lignes déjà copiées, encore présentes dans la facturation)', async () => {
    const payments = await ownRows();
    const heads = await ownHeads();
    await asBeforeIssue12();
    // a crash after copying one payment and one head, before deleting them from invoicing
    const copied = (await rows('invoicing_payments')).find((r) => r.source === 'purchase')!;
    await k.db('purchases_payments').insert(copied);
    const head = (await rows('invoicing_chain_heads', { chain: 'purchase-payment' }))[0];
    await k.db('purchases_chain_heads').insert(head);
    await movePaymentsFromInvoicing.up(k.db);
    expect(await ownRows()).to.deep.equal(payments);
    expect(await ownHeads()).to.deep.equal(heads);
    expect((await rows('invoicing_payments')).map((r) => r._id)).to.deep.equal(['65f0c0ffee0000000000d001']);
    expect(await integrity('purchases')).to.deep.equal({ valid: true, checked: 4, firstBroken: null });
  });

  it('ne déplace rien quand une ligne échoue : tout reste dans la facturation (une transaction)', async () => {
    const payments = await ownRows();
    await asBeforeIssue12();
    const before = await rows('invoicing_payments');
    // a row the target refuses (a second payment of the same number: unique key) makes the move fail
    const clash = { ...before.find((r) => r.source === 'purchase')!, _id: '65f0c0ffee0000000000d0ff' };
    await k.db('purchases_payments').insert(clash);
    let failed = false;
    try { await movePaymentsFromInvoicing.up(k.db); } catch { failed = true; }
    expect(failed).to.equal(true);
    expect(await rows('invoicing_payments')).to.deep.equal(before);
    expect((await ownRows()).map((r) => r._id)).to.deep.equal(['65f0c0ffee0000000000d0ff']);
    await k.db('purchases_payments').where('_id', '65f0c0ffee0000000000d0ff').delete();
    await movePaymentsFromInvoicing.up(k.db);
    expect(await ownRows()).to.deep.equal(payments);
  });
});
