/**
 * Receipts end to end (README « Receipts », « Refunds », « Receipt to invoice »): a sale created and
 * emitted in one request — lines from the catalogue and free lines, both VAT methods, split
 * payments, cash and change from the drawer —, the refusals that write nothing and take no number,
 * refunds within what was sold, the closing counting the receipts' cash, and a receipt made an
 * invoice once.
 */
import { expect } from 'chai';
import { storedJson } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { CashRegister, CashRegisterVerification, Receipt } from '../schemas/index.ts';
import { LOCKED, NEGATIVE_SALE, NOT_OPEN, REFUND_OF_REFUND } from '../server/messages.ts';
import { API, bootKernel, cash, createRegister, ok, rowCounts } from './support.ts';
import { ELIGIBLE_COMPANY, article, cardSale, createCustomer, nextNumber, openRegister, sell, updateCompany } from './receipts-support.ts';

describe('pos : tickets de caisse', function () {
  this.timeout(90_000);
  let k: TestKernel;
  let register: CashRegister;
  let baguette: { _id: string };
  before(async () => {
    k = await bootKernel();
    register = await openRegister(k);
    baguette = await article(k.http, { name: 'Baguette tradition', inclTaxesPrice: 1.3, vat: 5.5, type: 'good' });
  });
  after(async () => { await k?.stop(); });

  const getRegister = (id: string) => ok<CashRegister>(k.http.get(`${API}/cash-registers/${id}`));

  it('encaisse un ticket en une requête : article du catalogue et ligne libre, deux taux, espèces et carte, monnaie rendue', async () => {
    const before = await getRegister(register._id);
    const receipt = await sell(k.http, {
      cashRegisterId: register._id, userName: 'Hélène', receiptComment: 'Bonne journée',
      items: [{ itemId: baguette._id, quantity: 3 }, { labelPrimary: 'Café', inclTaxesPrice: 2, vat: 10 }],
      // 3,90 + 2 = 5,90: 2 € by card, 3,90 € in cash with a 10 € note
      payments: [{ mode: 'cb', amount: 2 }, { mode: 'cash', amount: 3.9, cash: cash([10, 1]) }],
    });
    expect(receipt).to.include({ inclTaxesPrice: 5.9, refund: false, missingCash: false, cashRegisterNumber: register.numberFull, userName: 'Hélène', receiptComment: 'Bonne journée' });
    expect(receipt.number).to.equal(1);
    expect(receipt.numberFull).to.equal('0000001');
    expect(receipt.hash).to.match(/^[0-9a-f]{64}$/);
    expect(receipt.items[0]).to.include({ labelPrimary: 'Baguette tradition', quantity: 3, inclTaxesPrice: 1.3, vat: 5.5, type: 'good', itemId: baguette._id });
    // rounded-total: 3,90 at 5,5 % → 3,70 excl.; 2 at 10 % → 1,82 excl.
    expect(receipt.vatDetails.map((d) => [d.vat, d.totalExclTaxes, d.amount, d.totalInclTaxes])).to.deep.equal([[5.5, 3.7, 0.2, 3.9], [10, 1.82, 0.18, 2]]);
    expect(receipt.exclTaxesPrice).to.equal(5.52);
    expect(receipt.sender?.name).to.be.a('string');
    const [card, cashPayment] = receipt.payments;
    expect(card).to.include({ mode: 'cb', amount: 2 });
    expect(cashPayment).to.include({ mode: 'cash', amount: 3.9, cashPaid: 10, cashChange: 6.1 });
    // largest first: 5 + 1 + 0,10
    expect(cashPayment.changeDetails).to.deep.equal(cash([5, 1], [1, 1], [0.1, 1]));
    // the drawer: +10, −5, −1, −0,10, in the same transaction
    const after = await getRegister(register._id);
    const q = (c: CashRegister, unit: number) => c.cash.details!.find((l) => l.unit === unit)?.quantity ?? 0;
    expect([q(after, 10), q(after, 5), q(after, 1), q(after, 0.1)]).to.deep.equal([q(before, 10) + 1, q(before, 5) - 1, q(before, 1) - 1, q(before, 0.1) - 1]);
    // the catalogue counts the sale
    expect((await ok(k.http.get(`/api/catalogue/items/${baguette._id}`))).salesCount).to.equal(3);
    // read back as answered; a frozen receipt cannot be edited (no route) nor deleted
    expect(storedJson(await ok(k.http.get(`${API}/receipts/${receipt._id}`)))).to.deep.equal(storedJson(receipt));
    expect((await k.http.delete(`${API}/receipts/${receipt._id}`)).status).to.be.oneOf([404, 405]);
    expect((await ok(k.http.get(`${API}/receipts`))).count).to.equal(1);
  });

  it('calcule la TVA selon les deux méthodes du moteur (arrondi du total, arrondi par ligne)', async () => {
    const items = [1, 2, 3].map((i) => ({ labelPrimary: `Viennoiserie ${i}`, inclTaxesPrice: 1, vat: 20 }));
    const total = await cardSale(k.http, register._id, 3).then(() => sell(k.http, { cashRegisterId: register._id, items, payments: [{ mode: 'cb', amount: 3 }] }));
    const lines = await sell(k.http, { cashRegisterId: register._id, items, vatCalculationMethod: 'rounded-lines', payments: [{ mode: 'cb', amount: 3 }] });
    expect([total.vatCalculationMethod, total.exclTaxesPrice, total.vatAmount, total.inclTaxesPrice]).to.deep.equal(['rounded-total', 2.5, 0.5, 3]);
    expect([lines.vatCalculationMethod, lines.exclTaxesPrice, lines.vatAmount, lines.inclTaxesPrice]).to.deep.equal(['rounded-lines', 2.49, 0.51, 3]);
  });

  it('accepte n’importe quel mélange des 12 moyens de paiement', async () => {
    const modes = ['amex', 'cash', 'cb', 'check', 'debit', 'gift-card', 'paypal', 'transfer', 'nfc', 'unknown', 'credit', 'credit-compensation'];
    const receipt = await sell(k.http, {
      cashRegisterId: register._id, items: [{ labelPrimary: 'Gâteau d’anniversaire', inclTaxesPrice: 12, vat: 5.5 }],
      payments: modes.map((mode) => ({ mode, amount: 1, ...(mode === 'cash' ? { cash: cash([1, 1]) } : {}) })),
    });
    expect(receipt.payments.map((p) => p.mode)).to.deep.equal(modes);
  });

  it('refuse en français (400/409) sans rien écrire ni prendre de numéro', async () => {
    const locked = await openRegister(k, cash([10, 1]));
    await ok(k.http.put(`${API}/cash-registers/${locked._id}`, { locked: true }));
    const closed = await createRegister(k, { name: 'Fermée' });
    const ghost = await article(k.http, { name: 'Retiré', inclTaxesPrice: 2, enabled: false });
    const line = { labelPrimary: 'Croissant', inclTaxesPrice: 1.1, vat: 5.5 };
    const cases: [Record<string, unknown>, number, RegExp | string][] = [
      [{ items: [line], payments: [{ mode: 'cb', amount: 1 }] }, 400, /^Les paiements \(1,00 €\) ne font pas le total du ticket \(1,10 €\)\.$/],
      [{ items: [line], payments: [{ mode: 'cb', amount: 1.1, cash: cash([1, 2]) }] }, 400, /ne se donne que pour un paiement en espèces/],
      [{ items: [{ itemId: '0123456789abcdef01234567' }], payments: [{ mode: 'cb', amount: 1 }] }, 400, /n’est pas au catalogue/],
      [{ items: [{ itemId: ghost._id }], payments: [{ mode: 'cb', amount: 2 }] }, 400, /n’est plus en vente/],
      [{ items: [{ inclTaxesPrice: 1 }], payments: [{ mode: 'cb', amount: 1 }] }, 400, /n’a pas de libellé/],
      [{ items: [{ labelPrimary: 'Sans prix' }], payments: [{ mode: 'cb', amount: 1 }] }, 400, /n’a pas de prix/],
      [{ items: [{ ...line, quantity: -1 }], payments: [] }, 400, NEGATIVE_SALE],
      [{ items: [line], payments: [{ mode: 'cash', amount: 1.1 }] }, 400, /Cette caisse compte les espèces par coupure/],
      [{ items: [line], payments: [{ mode: 'cash', amount: 1.1, cash: cash([1, 1]) }] }, 400, /Les espèces remises \(1,00 €\) ne couvrent pas/],
      [{ items: [line], payments: [{ mode: 'cash', amount: 1.1, cash: cash([3, 1]) }] }, 400, /« 3 € » n’est pas une coupure/],
      [{ items: [line], payments: [{ mode: 'bitcoin', amount: 1.1 }] }, 400, /payments/],
      [{ items: [line], payments: [{ mode: 'cb', amount: 1.1 }], status: 'paid' }, 400, /status/],
      [{ items: [line], payments: [{ mode: 'cb', amount: 1.1 }], cashRegisterId: closed._id }, 409, NOT_OPEN],
      [{ items: [line], payments: [{ mode: 'cb', amount: 1.1 }], cashRegisterId: locked._id }, 409, LOCKED],
      [{ items: [line], payments: [{ mode: 'cb', amount: 1.1 }], cashRegisterId: '0123456789abcdef01234567' }, 404, /./],
    ];
    const before = await rowCounts(k);
    const next = await nextNumber(k.http, 'receipt');
    for (const [body, status, message] of cases) {
      const res = await k.http.post(`${API}/receipts`, { cashRegisterId: register._id, ...body });
      expect(res.status, JSON.stringify(res.body)).to.equal(status);
      if (typeof message === 'string') expect(res.body.message).to.equal(message);
      else expect(res.body.message).to.match(message);
    }
    expect(await rowCounts(k)).to.deep.equal(before);
    expect(await nextNumber(k.http, 'receipt')).to.equal(next);
  });

  it('monnaie impossible à rendre exactement : 409 (missingCash), puis vendu si le corps l’accepte', async () => {
    // the drawer holds only a 5 € note: change of 1,50 on 3,50 paid with 5 € cannot be given
    const poor = await openRegister(k, cash([5, 1]));
    const body = { cashRegisterId: poor._id, items: [{ labelPrimary: 'Pain de campagne', inclTaxesPrice: 3.5, vat: 5.5 }], payments: [{ mode: 'cash', amount: 3.5, cash: cash([5, 1]) }] };
    const before = await rowCounts(k);
    const refused = await k.http.post(`${API}/receipts`, body);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.match(/^La caisse ne peut pas rendre exactement la monnaie \(1,50 €\) : il manque 1,50 €/);
    expect(await rowCounts(k)).to.deep.equal(before);
    const sold = await sell(k.http, { ...body, acceptMissingCash: true });
    expect(sold.missingCash).to.equal(true);
    expect(sold.payments[0]).to.include({ cashPaid: 5, cashChange: 0, missingAmount: 1.5 });
    expect((await getRegister(poor._id)).cash).to.deep.equal(cash([5, 2]));
  });

  it('rembourse des lignes choisies, jamais plus que vendu moins déjà remboursé ; un remboursement ne se rembourse pas', async () => {
    const r = await openRegister(k, cash([20, 1], [10, 1], [5, 1], [2, 2], [1, 5], [0.5, 2], [0.2, 5], [0.1, 5]));
    const sale = await sell(k.http, {
      cashRegisterId: r._id, items: [{ itemId: baguette._id, quantity: 4 }, { labelPrimary: 'Éclair', inclTaxesPrice: 2.5, vat: 5.5 }],
      payments: [{ mode: 'cash', amount: 7.7, cash: cash([10, 1]) }],
    });
    const [bread, eclair] = sale.items;
    const partial = await ok<Receipt>(k.http.post(`${API}/receipts/${sale._id}/refund`, {
      lines: [{ uuid: bread.uuid, quantity: 1 }], payments: [{ mode: 'cash', amount: 1.3 }],
    }), 201);
    expect(partial).to.include({ refund: true, inclTaxesPrice: -1.3, number: sale.number! + 1 });
    expect(partial.fk.sourceReceipt).to.equal(sale._id);
    expect(partial.items[0]).to.include({ labelPrimary: 'Baguette tradition', quantity: -1, inclTaxesPrice: 1.3 });
    expect(partial.payments[0]).to.include({ mode: 'cash', amount: -1.3, cashChange: 1.3 });
    // the sale's change was 2 + 0,20 + 0,10; the refund's 1,30 comes out largest first
    expect(sale.payments[0].changeDetails).to.deep.equal(cash([2, 1], [0.2, 1], [0.1, 1]));
    expect(partial.payments[0].changeDetails).to.deep.equal(cash([1, 1], [0.2, 1], [0.1, 1]));
    expect(partial.refundedLines).to.deep.equal([{ uuid: bread.uuid, quantity: 1 }]);

    const before = await rowCounts(k);
    const tooMany = await k.http.post(`${API}/receipts/${sale._id}/refund`, { lines: [{ uuid: bread.uuid, quantity: 4 }], payments: [{ mode: 'cb', amount: 5.2 }] });
    expect(tooMany.status).to.equal(409);
    expect(tooMany.body.message).to.equal('On ne peut rembourser que 3 de « Baguette tradition » (vendu 4, déjà remboursé 1).');
    const unknownLine = await k.http.post(`${API}/receipts/${sale._id}/refund`, { lines: [{ uuid: 'pas-une-ligne', quantity: 1 }], payments: [{ mode: 'cb', amount: 1 }] });
    expect(unknownLine.status).to.equal(400);
    const wrongAmount = await k.http.post(`${API}/receipts/${sale._id}/refund`, { lines: [{ uuid: eclair.uuid, quantity: 1 }], payments: [{ mode: 'cb', amount: 2 }] });
    expect(wrongAmount.status).to.equal(400);
    expect(wrongAmount.body.message).to.equal('Les paiements (2,00 €) ne font pas le total du ticket (2,50 €).');
    const ofRefund = await k.http.post(`${API}/receipts/${partial._id}/refund`, { payments: [{ mode: 'cb', amount: 1.3 }] });
    expect(ofRefund.status).to.equal(409);
    expect(ofRefund.body.message).to.equal(REFUND_OF_REFUND);
    expect(await rowCounts(k)).to.deep.equal(before);

    // the rest, whole: 3 baguettes and the éclair
    const rest = await ok<Receipt>(k.http.post(`${API}/receipts/${sale._id}/refund`, { payments: [{ mode: 'cb', amount: 6.4 }] }), 201);
    expect(rest.items.map((l) => [l.labelPrimary, l.quantity])).to.deep.equal([['Baguette tradition', -3], ['Éclair', -1]]);
    expect(rest.inclTaxesPrice).to.equal(-6.4);
    const nothing = await k.http.post(`${API}/receipts/${sale._id}/refund`, { payments: [{ mode: 'cb', amount: 1 }] });
    expect(nothing.status).to.equal(409);
    expect(nothing.body.message).to.equal('Ce ticket a déjà été entièrement remboursé.');
  });

  it('clôture : l’attendu compte les espèces des tickets (encaissé − rendu − remboursé)', async () => {
    const r = await openRegister(k, cash([10, 2], [1, 10], [0.5, 4]));
    // +10 −(10 − 7,50) = +7,50; +3 exactly; refund of 3 in cash: −3
    await sell(k.http, { cashRegisterId: r._id, items: [{ labelPrimary: 'Brioche', inclTaxesPrice: 7.5, vat: 5.5 }], payments: [{ mode: 'cash', amount: 7.5, cash: cash([10, 1]) }] });
    const second = await sell(k.http, { cashRegisterId: r._id, items: [{ labelPrimary: 'Pain', inclTaxesPrice: 3, vat: 5.5 }], payments: [{ mode: 'cash', amount: 3, cash: cash([1, 3]) }] });
    await cardSale(k.http, r._id, 4);
    await ok(k.http.post(`${API}/receipts/${second._id}/refund`, { payments: [{ mode: 'cash', amount: 3 }] }), 201);
    const drawer = (await getRegister(r._id)).cash;
    const { verification } = await ok<{ verification: CashRegisterVerification }>(k.http.post(`${API}/cash-registers/${r._id}/close`, { cash: drawer }));
    // opened with 32; 32 + 7,50 + 3 − 3 = 39,50
    expect(verification).to.include({ expectedAmount: 39.5, realAmount: 39.5, difference: 0 });
    expect(verification.inOutDetails.map((d) => [d.type, d.amount, d.reason])).to.deep.equal([
      ['in', 10.5, 'Ventes en espèces, monnaie rendue déduite (2 tickets)'],
      ['out', 3, 'Remboursements en espèces (1 ticket)'],
    ]);
  });

  it('transforme un ticket en facture une seule fois (fk.receipt, réglée), 409 ensuite ; pas un ticket remboursé', async () => {
    await updateCompany(k, ELIGIBLE_COMPANY);
    const customer = await createCustomer(k.http, { company: 'Hôtel du Parc' });
    const sale = await sell(k.http, { cashRegisterId: register._id, items: [{ itemId: baguette._id, quantity: 10 }], payments: [{ mode: 'cb', amount: 13 }] });
    const made = await ok<{ receipt: Receipt; invoice: { _id: string; numberFull: string; status: string; inclTaxesPrice: number; fk: { receipt: string } } }>(
      k.http.post(`${API}/receipts/${sale._id}/invoice`, { customerId: customer._id }), 201);
    expect(made.invoice).to.include({ inclTaxesPrice: 13, status: 'paid' });
    expect(made.invoice.fk.receipt).to.equal(sale._id);
    expect(made.receipt.fk.invoice).to.equal(made.invoice._id);
    // the hash does not cover the mark: the chain stays whole
    expect(made.receipt.hash).to.equal(sale.hash);
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
    const invoicesBefore = (await ok(k.http.get('/api/invoicing/invoices'))).count;
    const again = await k.http.post(`${API}/receipts/${sale._id}/invoice`, { customerId: customer._id });
    expect(again.status).to.equal(409);
    expect(again.body.message).to.equal(`Ce ticket a déjà été transformé en facture (${made.invoice.numberFull}) : une vente ne se facture qu’une fois.`);
    const refunded = await cardSale(k.http, register._id, 2);
    await ok(k.http.post(`${API}/receipts/${refunded._id}/refund`, { payments: [{ mode: 'cb', amount: 2 }] }), 201);
    expect((await k.http.post(`${API}/receipts/${refunded._id}/invoice`, { customerId: customer._id })).status).to.equal(409);
    expect((await k.http.post(`${API}/receipts/${sale._id}/invoice`, {})).status).to.equal(400);
    expect((await ok(k.http.get('/api/invoicing/invoices'))).count).to.equal(invoicesBefore);
  });
});
