/**
 * The integrity verifier against tampering through SQL (SQLite and MariaDB): a chain of invoices
 * (a gap in the numbers from a raised counter, a credit note) and of payments; each test changes
 * stored rows behind the application's back, checks that `GET /integrity` names the document
 * touched (and the service says why), then puts the rows back and sees the chain whole again.
 */
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import type { Payment } from '@comptoir/schemas';
import { invoiceHash, paymentHash } from '../server/services/emission/hash-chain.ts';
import type { IntegrityReport, IntegrityService } from '../server/services/emission/integrity.ts';
import { API, bootKernel, createCustomer, emit, emitted, makeEligible, pay, setNumbering } from './support.ts';

type Row = Record<string, unknown>;

describe('invoicing : intégrité des chaînes contre les modifications en base', function () {
  this.timeout(60_000);
  let k: TestKernel;
  const inv: Invoice[] = [];
  let credit: Invoice;
  let payments: Payment[];

  const report = (): Promise<IntegrityReport> =>
    k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => ctx.resolve<IntegrityService>('integrity').verify(), 'invoicing');
  const summary = async () => {
    const res = await k.http.get(`${API}/integrity`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  };
  const row = async (table: string, id: string): Promise<Row> => await k.db(table).where('_id', id).first();
  const put = (table: string, id: string, changes: Row) => k.db(table).where('_id', id).update(changes);
  const last = () => credit;

  /** Tampers, expects the document named (and why), restores, expects the chain whole again. */
  async function caught(tamper: () => Promise<() => Promise<unknown>>, named: { kind: string; _id: string; number: string }, reason: string) {
    const restore = await tamper();
    try {
      const answer = await summary();
      expect(answer.valid).to.equal(false);
      expect(answer.firstBroken).to.deep.equal(named);
      expect(Object.keys(answer)).to.deep.equal(['valid', 'checked', 'firstBroken']);
      expect((await report()).firstBroken).to.include({ ...named, reason });
    } finally {
      await restore();
    }
    expect(await summary()).to.include({ valid: true });
  }
  /** Changes columns of one row; the returned function puts them back. */
  const changing = (table: string, id: string, change: (r: Row) => Row) => async () => {
    const original = await row(table, id);
    const changes = change(original);
    await put(table, id, changes);
    return () => put(table, id, Object.fromEntries(Object.keys(changes).map((c) => [c, original[c]])));
  };
  const named = (i: Invoice) => ({ kind: 'invoice', _id: i._id, number: i.numberFull! });
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
    const customer = await createCustomer(k.http, { company: 'Hôtel du Parc' });
    for (let i = 0; i < 4; i++) {
      inv.push(await emitted(k.http, {
        fk: { receiverCustomer: customer._id },
        items: [{ labelPrimary: `Viennoiseries ${i + 1}`, quantity: 10 + i, vat: 5.5, exclTaxesPrice: 1.2, type: 'good' }, { labelPrimary: 'Livraison', vat: 20, exclTaxesPrice: 15 }],
      }));
    }
    // a counter raised by hand (a company continuing its former software's numbers): a gap 5..9
    await setNumbering(k, 'invoice', { next: 10 });
    inv.push(await emitted(k.http, { items: [{ labelPrimary: 'Buffet', vat: 10, inclTaxesPrice: 550 }] }));
    await pay(k.http, inv[0]._id, inv[0].inclTaxesPrice, 'transfer');
    await pay(k.http, inv[2]._id, 10, 'cash');
    await pay(k.http, inv[4]._id, 100, 'cb');
    const draft = await k.http.post(`${API}/invoices/${inv[1]._id}/credit`);
    credit = await emit(k.http, draft.body._id);
    payments = (await k.http.get(`${API}/payments`, { query: { sort: { field: 'number', ascending: true } } })).body.data;
  });
  after(async () => { await k?.stop(); });

  it('trouve intactes les chaînes non touchées (factures, avoir, paiements et compensations)', async () => {
    expect(credit.number).to.equal(11);
    expect(payments.map((p) => p.mode)).to.deep.equal(['transfer', 'cash', 'cb', 'credit-compensation', 'credit-compensation']);
    expect(await summary()).to.deep.equal({ valid: true, checked: 6 + 5, firstBroken: null });
  });

  it('voit un montant modifié', () => caught(
    changing('invoicing_invoices', inv[2]._id, (r) => ({ inclTaxesPrice: Number(r.inclTaxesPrice) + 10_000 })), named(inv[2]), 'altered'));

  it('voit une date modifiée', () => caught(
    changing('invoicing_invoices', inv[1]._id, () => ({ date: '2020-01-01T10:00:00.000Z' })), named(inv[1]), 'altered'));

  it('voit un numéro modifié (la facture change de place dans la chaîne)', () => caught(
    changing('invoicing_invoices', inv[1]._id, () => ({ number: 9999 })), { ...named(inv[1]) }, 'moved'));

  it('voit un numéro complet modifié', () => caught(
    changing('invoicing_invoices', inv[3]._id, () => ({ numberFull: 'F9999999' })), { ...named(inv[3]), number: 'F9999999' }, 'altered'));

  it('voit un libellé de ligne changé dans le JSON des lignes', () => caught(
    changing('invoicing_invoices', inv[0]._id, (r) => {
      const items = json(r.items);
      items[0].labelPrimary = 'Croissants';
      return { items: JSON.stringify(items) };
    }), named(inv[0]), 'altered'));

  it('voit le destinataire changé', () => caught(
    changing('invoicing_invoices', inv[3]._id, (r) => ({ receiver: JSON.stringify({ ...json(r.receiver), company: 'Société écran' }) })), named(inv[3]), 'altered'));

  it('voit l’empreinte elle-même remplacée', () => caught(
    changing('invoicing_invoices', inv[2]._id, () => ({ hash: 'e'.repeat(64) })), named(inv[2]), 'altered'));

  it('voit une empreinte recalculée sur une autre empreinte précédente', () => caught(
    changing('invoicing_invoices', inv[2]._id, () => ({ hash: invoiceHash(payments[0].hash!, inv[2]) })), named(inv[2]), 'altered'));

  it('voit une facture supprimée au milieu : la suivante ne s’enchaîne plus', () => caught(async () => {
    const original = await row('invoicing_invoices', inv[1]._id);
    await k.db('invoicing_invoices').where('_id', inv[1]._id).delete();
    return () => k.db('invoicing_invoices').insert(original);
  }, named(inv[2]), 'missing'));

  it('voit la dernière facture supprimée, et la nomme grâce à la tête de chaîne gardée à part', () => caught(async () => {
    const original = await row('invoicing_invoices', last()._id);
    await k.db('invoicing_invoices').where('_id', last()._id).delete();
    return () => k.db('invoicing_invoices').insert(original);
  }, named(last()), 'missing-end'));

  /** A copy of a stored invoice under another id and number, hashed on `previous` (or given a made-up hash). */
  async function forge(number: number, previous: string | null): Promise<() => Promise<unknown>> {
    const copy = { ...(await row('invoicing_invoices', inv[0]._id)), _id: '65f0c0ffee00000000f0f0f0', number, numberFull: `F${String(number).padStart(7, '0')}`, hash: 'b'.repeat(64) };
    await k.db('invoicing_invoices').insert(copy);
    if (previous) {
      const readBack = (await k.http.get(`${API}/invoices/${copy._id}`)).body as Invoice;
      await put('invoicing_invoices', copy._id, { hash: invoiceHash(previous, readBack) });
    }
    return () => k.db('invoicing_invoices').where('_id', copy._id).delete();
  }
  const forgedName = (number: number) => ({ kind: 'invoice', _id: '65f0c0ffee00000000f0f0f0', number: `F${String(number).padStart(7, '0')}` });

  it('voit une facture forgée ajoutée au bout avec une empreinte inventée', () => caught(() => forge(12, null), forgedName(12), 'altered'));

  it('voit une facture forgée ajoutée au bout, même chaînée correctement sur la dernière', () => caught(() => forge(12, last().hash!), forgedName(12), 'beyond-head'));

  it('voit une facture forgée insérée dans un trou de numérotation, chaînée sur la précédente', () => caught(() => forge(7, inv[3].hash!), forgedName(7), 'inserted'));

  it('voit deux factures échangées', () => caught(async () => {
    const [a, b] = [inv[1], inv[2]];
    await put('invoicing_invoices', a._id, { number: -1, numberFull: 'TMP' });
    await put('invoicing_invoices', b._id, { number: a.number, numberFull: a.numberFull });
    await put('invoicing_invoices', a._id, { number: b.number, numberFull: b.numberFull });
    return async () => {
      await put('invoicing_invoices', a._id, { number: -1, numberFull: 'TMP' });
      await put('invoicing_invoices', b._id, { number: b.number, numberFull: b.numberFull });
      await put('invoicing_invoices', a._id, { number: a.number, numberFull: a.numberFull });
    };
  }, { kind: 'invoice', _id: inv[2]._id, number: inv[1].numberFull! }, 'altered'));

  it('voit un avoir modifié', () => caught(
    changing('invoicing_invoices', credit._id, (r) => ({ inclTaxesPrice: Number(r.inclTaxesPrice) / 2 })), named(credit), 'altered'));

  it('voit le montant d’un paiement modifié', () => caught(
    changing('invoicing_payments', payments[1]._id, () => ({ amount: 1_000_000 })), { kind: 'payment', _id: payments[1]._id, number: payments[1].numberFull! }, 'altered'));

  it('voit le dernier paiement supprimé', () => caught(async () => {
    const lastPayment = payments.at(-1)!;
    const original = await row('invoicing_payments', lastPayment._id);
    await k.db('invoicing_payments').where('_id', lastPayment._id).delete();
    return () => k.db('invoicing_payments').insert(original);
  }, { kind: 'payment', _id: payments.at(-1)!._id, number: payments.at(-1)!.numberFull! }, 'missing-end'));

  it('voit la tête de chaîne supprimée ou modifiée', async () => {
    const head = await k.db('invoicing_chain_heads').where({ fk_company: k.admin.companyId, chain: 'invoice' }).first();
    expect(head).to.include({ lastId: last()._id, lastNumber: 11, lastHash: last().hash });
    await caught(async () => {
      await k.db('invoicing_chain_heads').where('_id', head._id).delete();
      return () => k.db('invoicing_chain_heads').insert(head);
    }, named(last()), 'head-missing');
    await caught(changing('invoicing_chain_heads', head._id, () => ({ lastHash: paymentHash(null, payments[0]) })), named(last()), 'head-mismatch');
  });

  it('ne regarde que l’entreprise active', async () => {
    const original = await row('invoicing_invoices', inv[0]._id);
    await put('invoicing_invoices', inv[0]._id, { comment: 'modifié' });
    try {
      const other = await k.http.post('/api/kernel/companies', { name: 'Autre Société SAS' });
      const res = await k.http.as(k.admin.token, other.body._id).get(`${API}/integrity`);
      expect(res.body).to.deep.equal({ valid: true, checked: 0, firstBroken: null });
    } finally {
      await put('invoicing_invoices', inv[0]._id, { comment: original.comment });
    }
  });
});
