/** The sale screen's rules (client/src/sale, client/src/receipts): basket, payments, scanner, outbox, refunds. */
import { expect } from 'chai';
import { EMPTY_BASKET, addArticle, addPayment, changeCents, dueCents, exactCash, isComplete, parseBasket, receiptBody, setDiscount, setQuantity, totalCents } from '../src/sale/basket.ts';
import { WedgeReader, matchesCode } from '../src/sale/scanner.ts';
import { flushOutbox, type PendingSale } from '../src/sale/outbox.ts';
import { refundBody, refundableQuantities } from '../src/receipts/refund.ts';

const croissant = { _id: 'a'.repeat(24), name: 'Croissant', inclTaxesPrice: 1.1, vat: 5.5 };
const tarte = { _id: 'b'.repeat(24), name: 'Tarte', inclTaxesPrice: 3.2 };

describe('pos (écran) : la vente', function () {
  it('ajoute, regroupe, change la quantité et remet au centime', () => {
    let b = addArticle(addArticle(EMPTY_BASKET, croissant), croissant);
    expect(b.lines).to.have.length(1);
    expect(b.lines[0].quantity).to.equal(2);
    b = addArticle(b, tarte);
    expect(totalCents(b)).to.equal(540);
    // 15 % off 3,20 = 2,72
    b = setDiscount(b, b.lines[1].key, 15);
    expect(totalCents(b)).to.equal(492);
    b = setQuantity(b, b.lines[0].key, 0);
    expect(b.lines.map((l) => l.label)).to.deep.equal(['Tarte']);
  });

  it('partage les paiements, calcule le rendu et envoie le corps du ticket', () => {
    let b = addArticle(addArticle(EMPTY_BASKET, croissant, 3), tarte);
    // 3,30 + 3,20 = 6,50: 2 € by card, the rest with a 10 € note
    b = addPayment(b, 'cb', 200);
    expect(dueCents(b)).to.equal(450);
    b = addPayment(b, 'cash', undefined, { 10: 1 });
    expect([dueCents(b), changeCents(b), isComplete(b)]).to.deep.equal([0, 550, true]);
    const body = receiptBody(setDiscount(b, b.lines[1].key, 50), 'c'.repeat(24), true);
    expect(body.items).to.deep.equal([{ itemId: croissant._id, quantity: 3 }, { itemId: tarte._id, inclTaxesPrice: 1.6, quantity: 1 }]);
    expect(body.payments).to.deep.equal([{ mode: 'cb', amount: 2 }, { mode: 'cash', amount: 4.5, cash: { currency: 'euro', details: [{ unit: 10, quantity: 1 }] } }]);
    expect(receiptBody(b, 'c'.repeat(24), false).payments[1].cash).to.deep.equal({ currency: 'euro', customAmount: 10 });
    // nothing more once paid
    expect(addPayment(b, 'cb', 100)).to.equal(b);
  });

  it('« Montant exact » : la somme en billets et pièces, la plus grosse d’abord', () => {
    expect(exactCash(1787)).to.deep.equal({ 10: 1, 5: 1, 2: 1, '0.5': 1, '0.2': 1, '0.1': 1, '0.05': 1, '0.02': 1 });
  });

  it('relit un panier stocké, et un panier illisible est vide', () => {
    const b = addArticle(EMPTY_BASKET, croissant);
    expect(parseBasket(JSON.stringify(b))).to.deep.equal(b);
    expect(parseBasket('{oops')).to.deep.equal(EMPTY_BASKET);
    expect(parseBasket(null)).to.deep.equal(EMPTY_BASKET);
  });

  it('reconnaît une douchette (touches rapides + Entrée), pas une personne qui tape', () => {
    const wedge = new WedgeReader();
    const keys = (text: string, start: number, gap: number) => [...text, 'Enter'].map((k, i) => wedge.push(k, start + i * gap));
    expect(keys('3017620422003', 1000, 5).at(-1)).to.equal('3017620422003');
    expect(keys('1234', 5000, 200).at(-1)).to.equal(null);
    expect(keys('12', 9000, 5).at(-1)).to.equal(null);
    expect(matchesCode('pain, 3017620422003 bio', '3017620422003')).to.equal(true);
    expect(matchesCode('30176204220031', '3017620422003')).to.equal(false);
  });

  it('envoie les ventes en attente dans l’ordre, s’arrête sans réponse, garde un refus', async () => {
    const sale = (id: string): PendingSale => ({ id, at: '2026-11-27T10:00:00Z', body: { cashRegisterId: id, items: [], payments: [] } });
    const sent: string[] = [];
    const answers: Record<string, { ok: true } | { ok: false; status: number; message: string }> = {
      a: { ok: true }, b: { ok: false, status: 409, message: 'Caisse fermée' }, c: { ok: true }, d: { ok: false, status: 510, message: 'réseau' }, e: { ok: true },
    };
    const result = await flushOutbox(['a', 'b', 'c', 'd', 'e'].map(sale), async (body) => { sent.push(body.cashRegisterId); return answers[body.cashRegisterId]; });
    expect(sent).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(result.sent).to.equal(2);
    expect(result.left.map((p) => [p.id, p.error ?? null])).to.deep.equal([['b', 'Caisse fermée'], ['d', null], ['e', null]]);
  });

  it('rembourse ce qui reste : tout (sans lignes) ou les lignes choisies', () => {
    const receipt = { items: [{ uuid: 'l1', quantity: 3, inclTaxesPrice: 1.1 }, { uuid: 'l2', quantity: 1, inclTaxesPrice: 3.2 }] } as never;
    const left = refundableQuantities(receipt, [{ refundedLines: [{ uuid: 'l1', quantity: 1 }] }] as never);
    expect(left).to.deep.equal({ l1: 2, l2: 1 });
    expect(refundBody(receipt, left, left, 'cash')).to.deep.equal({ payments: [{ mode: 'cash', amount: 5.4 }] });
    expect(refundBody(receipt, { l1: 1, l2: 0 }, left, 'cb')).to.deep.equal({ lines: [{ uuid: 'l1', quantity: 1 }], payments: [{ mode: 'cb', amount: 1.1 }] });
    expect(refundBody(receipt, { l1: 3 }, left, 'cb')).to.equal(null);
    expect(refundBody(receipt, {}, left, 'cb')).to.equal(null);
  });
});
