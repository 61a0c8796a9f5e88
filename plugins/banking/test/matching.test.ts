/**
 * Matching (README « Matching »): suggestions among 1 000 unpaid invoices, acceptance recording
 * the payment through « Facturation » (status, paid amount, both links), partial and grouped
 * payments, purchases through « Achats », hide, undo, bad input, and acceptances at once never
 * recording more than what remains to pay.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { ELIGIBLE_COMPANY, createCustomer, emitted, updateCompany } from '../../../test/support/sales.ts';
import { fetchFec, parseFec } from '../../../test/support/fec.ts';
import { API, bootKernel, createAccount, ok, rowCounts } from './support.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON answers
type Json = any;

/** operations are dated now: emitted invoices are dated the day they are emitted (the real clock) */
const DAY = new Date().toISOString();

async function operation(k: TestKernel, account: string, amount: number, label: string, dateOperation = DAY): Promise<Json> {
  return ok(k.http.post(`${API}/operations`, { dateOperation, label, amount, fk: { account }, transactionMode: 'transfer' }), 201);
}

async function suggestionsOf(k: TestKernel, operationId: string, status = 'open'): Promise<Json[]> {
  const res = await ok(k.http.get(`${API}/suggestions`, {
    query: { filters: { 'fk.operation': { mode: 'eq', value: operationId }, status: { mode: 'eq', value: status } }, sort: { field: 'score', ascending: false }, pagination: { quantity: 50 } },
  }));
  return res.data;
}

const refresh = (k: TestKernel, body: Record<string, unknown> = {}) => ok(k.http.post(`${API}/suggestions/refresh`, body));
const invoice = async (k: TestKernel, id: string) => ok(k.http.get(`/api/invoicing/invoices/${id}`));

describe('banking: matching operations to invoices and purchases', function () {
  this.timeout(300_000);
  let k: TestKernel;
  let account: Json;
  let traiteur: { _id: string };
  before(async () => {
    k = await bootKernel();
    await updateCompany(k, ELIGIBLE_COMPANY);
    account = await createAccount(k, { number: 'FR7630001007941234567890185' });
    traiteur = await createCustomer(k.http, { company: 'Lebon Traiteur', bankTransferLabels: ['LEBON TRAIT'] });
  });
  after(async () => { await k?.stop(); });

  it('finds the right invoice among unpaid ones sharing amounts, by its number, by the customer’s transfer label; accepting records the payment', async () => {
    // 40 invoices, 4 amounts shared by 10 invoices each: the amount alone never decides (the
    // ranking among 1 000 documents is in matching-score.test.ts, the volume in bench/)
    const others = [];
    for (let i = 0; i < 4; i++) others.push(await createCustomer(k.http, { company: `Client ${i} SARL` }));
    const made: Json[] = [];
    for (let i = 0; i < 40; i++) {
      made.push(await emitted(k.http, {
        date: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00.000Z`,
        items: [{ labelPrimary: `Buffet ${i}`, quantity: 1, vat: 20, inclTaxesPrice: 100 + (i % 4) }],
        fk: { receiverCustomer: i === 37 ? traiteur._id : others[i % 4]._id },
      }));
    }
    const byNumber = made[21];
    const byLabel = made[37];
    const opNumber = await operation(k, account._id, byNumber.inclTaxesPrice, `VIR SEPA CLIENT 12 REF ${byNumber.numberFull}`);
    const opLabel = await operation(k, account._id, byLabel.inclTaxesPrice, 'VIR SEPA LEBON TRAIT BUFFET OCTOBRE');
    const counts = await refresh(k);
    expect(counts.documents).to.equal(40);

    const [first] = await suggestionsOf(k, opNumber._id);
    expect(first.fk.invoice).to.equal(byNumber._id);
    expect(first.score).to.equal(100);
    expect(first.reasons.join(' | ')).to.include(`Numéro « ${byNumber.numberFull} » trouvé dans le libellé`).and.include('Montant égal au reste à payer');
    const labelSuggestions = await suggestionsOf(k, opLabel._id);
    expect(labelSuggestions[0].fk.invoice).to.equal(byLabel._id);
    expect(labelSuggestions[0].reasons.join(' | ')).to.include('Libellé de virement « LEBON TRAIT » du client trouvé');
    expect(labelSuggestions[0].score).to.be.greaterThan(labelSuggestions[1]?.score ?? 0);

    const accepted = await ok(k.http.post(`${API}/suggestions/${first._id}/accept`, {}));
    expect(accepted.suggestion.status).to.equal('accepted');
    expect(accepted.suggestion.amount).to.equal(byNumber.inclTaxesPrice);
    expect(accepted.operation.matchedAmount).to.equal(byNumber.inclTaxesPrice);
    expect(accepted.operation.fk.payments).to.have.length(1);
    const paid = await invoice(k, byNumber._id);
    expect(paid.status).to.equal('paid');
    expect(paid.unpaidAmount).to.equal(0);
    const payment = await ok(k.http.get(`/api/invoicing/payments/${accepted.operation.fk.payments[0]}`));
    expect(payment).to.deep.include({ amount: byNumber.inclTaxesPrice, mode: 'transfer', date: DAY });
    expect(payment.fk.bankOperations).to.deep.equal([opNumber._id]);
    // the operation is settled: its other suggestions are gone; the invoice is paid: nobody else is offered it
    expect(await suggestionsOf(k, opNumber._id)).to.have.length(0);
    await refresh(k);
    const again = await ok(k.http.get(`${API}/suggestions`, { query: { filters: { 'fk.invoice': { mode: 'eq', value: byNumber._id }, status: { mode: 'eq', value: 'open' } } } }));
    expect(again.count).to.equal(0);
  });

  it('several operations for one invoice, one operation for several invoices', async () => {
    const a = await emitted(k.http, { items: [{ labelPrimary: 'Traiteur mariage', quantity: 1, vat: 20, inclTaxesPrice: 1200 }], fk: { receiverCustomer: traiteur._id } });
    const part1 = await operation(k, account._id, 500, `ACOMPTE ${a.numberFull}`);
    const part2 = await operation(k, account._id, 700, `SOLDE ${a.numberFull}`);
    await refresh(k, { operations: [part1._id, part2._id] });
    const s1 = (await suggestionsOf(k, part1._id)).find((s) => s.fk.invoice === a._id);
    expect(s1.reasons.join(' | ')).to.include('Paiement partiel : 500,00 € sur 1200,00 € restant à payer');
    await ok(k.http.post(`${API}/suggestions/${s1._id}/accept`, {}));
    expect((await invoice(k, a._id))).to.deep.include({ status: 'partially_paid', paidAmount: 500, unpaidAmount: 700 });
    await refresh(k, { operations: [part2._id] });
    const s2 = (await suggestionsOf(k, part2._id)).find((s) => s.fk.invoice === a._id);
    expect(s2.score).to.equal(100);
    await ok(k.http.post(`${API}/suggestions/${s2._id}/accept`, {}));
    expect((await invoice(k, a._id))).to.deep.include({ status: 'paid', unpaidAmount: 0 });

    const b = await emitted(k.http, { items: [{ labelPrimary: 'Plateaux', quantity: 1, vat: 20, inclTaxesPrice: 180.5 }], fk: { receiverCustomer: traiteur._id } });
    const c = await emitted(k.http, { items: [{ labelPrimary: 'Desserts', quantity: 1, vat: 20, inclTaxesPrice: 119.5 }], fk: { receiverCustomer: traiteur._id } });
    const both = await operation(k, account._id, 300, `VIR LEBON TRAIT ${b.numberFull} ${c.numberFull}`);
    await refresh(k, { operations: [both._id] });
    const list = await suggestionsOf(k, both._id);
    const sb = list.find((s) => s.fk.invoice === b._id);
    const sc = list.find((s) => s.fk.invoice === c._id);
    expect(sb.reasons.join(' | ')).to.include('couvre le reste à payer');
    await ok(k.http.post(`${API}/suggestions/${sb._id}/accept`, {}));
    const last = await ok(k.http.post(`${API}/suggestions/${sc._id}/accept`, {}));
    expect(last.operation.matchedAmount).to.equal(300);
    expect(last.operation.fk.payments).to.have.length(2);
    for (const id of [b._id, c._id]) expect((await invoice(k, id)).status).to.equal('paid');

    // the FEC letters the customer's lines of each invoice paid through the bank with its payments'
    const fec = await fetchFec(k.http, String(new Date().getFullYear()));
    expect(fec.status, fec.error?.message).to.equal(200);
    const { records } = parseFec(fec.text);
    for (const paid of [a, b, c]) {
      // the sale debits the customer; its payments credit it
      const sale = records.find((r) => r.PieceRef.endsWith(paid.numberFull!) && r.CompteNum.startsWith('411') && Number(r.Debit.replace(',', '.')) > 0)!;
      expect(sale.EcritureLet, paid.numberFull).to.match(/^[A-Z]+$/);
      expect(sale.DateLet).to.match(/^\d{8}$/);
      const settled = records.filter((r) => r.EcritureLet === sale.EcritureLet && r.CompAuxNum === sale.CompAuxNum);
      const debit = settled.reduce((x, r) => x + Number(r.Debit.replace(',', '.')), 0);
      const credit = settled.reduce((x, r) => x + Number(r.Credit.replace(',', '.')), 0);
      expect(settled.length, paid.numberFull).to.be.greaterThan(1);
      expect(Math.round(debit * 100), paid.numberFull).to.equal(Math.round(credit * 100));
    }
    // an invoice paid at the counter (not seen on the bank) stays unlettered
    const counter = await emitted(k.http, { items: [{ labelPrimary: 'Comptoir', quantity: 1, vat: 20, inclTaxesPrice: 12 }] });
    await ok(k.http.post(`/api/invoicing/invoices/${counter._id}/payments`, { mode: 'cash', amount: 12 }));
    const again = parseFec((await fetchFec(k.http, String(new Date().getFullYear()))).text).records;
    expect(again.filter((r) => r.PieceRef.endsWith(counter.numberFull!)).map((r) => r.EcritureLet)).to.deep.equal(['', '', '']);
  });

  it('a part payment chosen by hand; hide; undo gives the invoice back its unpaid amount', async () => {
    const inv = await emitted(k.http, { items: [{ labelPrimary: 'Cocktail', quantity: 1, vat: 20, inclTaxesPrice: 240 }], fk: { receiverCustomer: traiteur._id } });
    const op = await operation(k, account._id, 240, `VIR ${inv.numberFull}`);
    await refresh(k, { operations: [op._id] });
    const [s] = (await suggestionsOf(k, op._id)).filter((x) => x.fk.invoice === inv._id);
    const before = await rowCounts(k);
    const tooMuch = await k.http.post(`${API}/suggestions/${s._id}/accept`, { amount: 240.01 });
    expect(tooMuch.status).to.equal(400);
    expect(tooMuch.body.message).to.equal('Le montant à rapprocher dépasse ce qui reste (240,00 € au plus).');
    expect(await rowCounts(k)).to.deep.equal(before);
    const part = await ok(k.http.post(`${API}/suggestions/${s._id}/accept`, { amount: 40 }));
    expect(part.operation.matchedAmount).to.equal(40);
    expect((await invoice(k, inv._id)).unpaidAmount).to.equal(200);
    expect((await k.http.post(`${API}/suggestions/${s._id}/accept`, {})).status).to.equal(409);
    expect((await k.http.post(`${API}/suggestions/${s._id}/hide`, {})).status).to.equal(409);

    const undone = await ok(k.http.post(`${API}/suggestions/${s._id}/undo`, {}));
    expect(undone.suggestion.status).to.equal('undone');
    expect(undone.operation.matchedAmount).to.equal(0);
    expect(undone.operation.fk.payments).to.have.length(2);
    // the engine keeps « partially_paid » for an invoice whose payments cancel out (commerce README « Rules »)
    const back = await invoice(k, inv._id);
    expect(back).to.deep.include({ paidAmount: 0, unpaidAmount: 240 });
    expect(back.status).to.not.equal('paid');
    expect((await k.http.post(`${API}/suggestions/${s._id}/undo`, {})).status).to.equal(409);

    // the pair decided once is never offered again; another invoice of the same amount is, and can be hidden
    const other = await emitted(k.http, { items: [{ labelPrimary: 'Cocktail bis', quantity: 1, vat: 20, inclTaxesPrice: 240 }], fk: { receiverCustomer: traiteur._id } });
    await refresh(k, { operations: [op._id] });
    const offered = await suggestionsOf(k, op._id);
    expect(offered.map((x) => x.fk.invoice)).to.not.include(inv._id);
    const sOther = offered.find((x) => x.fk.invoice === other._id);
    expect(sOther).to.not.equal(undefined);
    expect((await ok(k.http.post(`${API}/suggestions/${sOther._id}/hide`, {}))).status).to.equal('hidden');
    await refresh(k, { operations: [op._id] });
    expect((await suggestionsOf(k, op._id)).map((x) => x.fk.invoice)).to.not.include(other._id);
    expect((await suggestionsOf(k, op._id, 'hidden')).map((x) => x._id)).to.deep.equal([sOther._id]);
  });

  it('a payment to a supplier: a purchase found by the supplier’s invoice number, paid through « Achats »', async () => {
    const provider = await ok(k.http.post('/api/contacts/providers', { company: 'Moulins de Savoie' }), 201);
    const purchase = await ok(k.http.post('/api/purchases/purchases', {
      date: '2026-11-02T10:00:00.000Z', invoiceNumber: 'MS-88412', fk: { provider: provider._id },
      items: [{ labelPrimary: 'Farine T65', quantity: 1, vat: 5.5, inclTaxesPrice: 84.4 }],
    }), 201);
    expect(purchase.unpaidAmount).to.equal(84.4);
    const op = await operation(k, account._id, -84.4, 'PRLV SEPA MOULINS DE SAVOIE MS-88412');
    await refresh(k, { operations: [op._id] });
    const [s] = await suggestionsOf(k, op._id);
    expect(s).to.deep.include({ documentType: 'purchase', score: 100 });
    expect(s.fk.purchase).to.equal(purchase._id);
    const done = await ok(k.http.post(`${API}/suggestions/${s._id}/accept`, {}));
    expect(done.suggestion.amount).to.equal(84.4);
    expect(done.operation.matchedAmount).to.equal(-84.4);
    expect(done.operation.fk.purchasePayments).to.have.length(1);
    const after = await ok(k.http.get(`/api/purchases/purchases/${purchase._id}`));
    expect(after.unpaidAmount).to.equal(0);
    // a payment names it: the operation stays, and its amount with it
    const refused = await k.http.delete(`${API}/operations/${op._id}`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal('Cette opération est rapprochée d’un document : annulez d’abord le rapprochement.');
    expect((await k.http.put(`${API}/operations/${op._id}`, { amount: -80 })).status).to.equal(409);
  });

  it('bad input: French 4xx, nothing written', async () => {
    const before = await rowCounts(k);
    const cases: [string, string, unknown, number][] = [
      ['POST', `${API}/suggestions/0123456789abcdef01234567/accept`, {}, 404],
      ['POST', `${API}/suggestions/pas-un-id/accept`, {}, 400],
      ['POST', `${API}/suggestions/0123456789abcdef01234567/hide`, {}, 404],
      ['POST', `${API}/suggestions/0123456789abcdef01234567/undo`, { amount: 1 }, 400],
      ['POST', `${API}/suggestions/refresh`, { accounts: ['x'] }, 400],
      ['POST', `${API}/suggestions/refresh`, { startDate: 'hier' }, 400],
      ['POST', `${API}/suggestions/0123456789abcdef01234567/accept`, { amount: -5 }, 400],
    ];
    for (const [method, path, body, status] of cases) {
      const res = await k.http.request(method, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).to.equal(status);
      expect(res.body.message, path).to.match(/[éèàçêû]|introuvable|invalide/i);
    }
    expect(await rowCounts(k)).to.deep.equal(before);
  });

  it('12 acceptances at once for one invoice of 300 € from operations of 100 € on two accounts: 300 € recorded, never more', async () => {
    const second = await createAccount(k, { name: 'Compte pro', number: 'FR7612345000019876543210987' });
    const inv = await emitted(k.http, { items: [{ labelPrimary: 'Séminaire', quantity: 1, vat: 20, inclTaxesPrice: 300 }], fk: { receiverCustomer: traiteur._id } });
    const ops = [];
    for (let i = 0; i < 12; i++) ops.push(await operation(k, i % 2 ? second._id : account._id, 100, `VIR ${inv.numberFull} ${i}`));
    await refresh(k, { operations: ops.map((o) => o._id) });
    const picks = [];
    for (const o of ops) picks.push((await suggestionsOf(k, o._id)).find((s) => s.fk.invoice === inv._id));
    const answers = await Promise.all(picks.map((s) => k.http.post(`${API}/suggestions/${s._id}/accept`, {})));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200), JSON.stringify(answers.map((a) => a.body.message))).to.have.length(3);
    // the others: 409 (the invoice was paid meanwhile) or 404 (their suggestion went with the operation's settlement)
    expect(statuses.filter((s) => s === 409 || s === 404)).to.have.length(9);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.message).to.match(/entre-temps|dépasse/);
    const after = await invoice(k, inv._id);
    expect(after).to.deep.include({ status: 'paid', paidAmount: 300, unpaidAmount: 0 });
    const payments = await ok(k.http.get('/api/invoicing/payments', { query: { filters: { 'fk.invoice': { mode: 'eq', value: inv._id } } } }));
    expect(payments.data.reduce((s: number, p: Json) => s + p.amount, 0)).to.equal(300);
    const matched = (await ok(k.http.get(`${API}/operations`, { query: { filters: { _id: { mode: 'in', value: ops.map((o) => o._id) } } } }))).data;
    expect(matched.reduce((s: number, o: Json) => s + (o.matchedAmount ?? 0), 0)).to.equal(300);
  });
});
