/** The counting screen's rules (client/src/registers/counting.ts): totals in cents, the body sent. */
import { expect } from 'chai';
import { DENOMINATIONS, cashOf, countedCents } from '../src/registers/counting.ts';

describe('pos (écran) : comptage du tiroir', function () {
  it('propose les 15 coupures, billets puis pièces, avec leurs libellés', () => {
    expect(DENOMINATIONS.map((d) => d.label)).to.deep.equal(['500 €', '200 €', '100 €', '50 €', '20 €', '10 €', '5 €', '2 €', '1 €', '50 c', '20 c', '10 c', '5 c', '2 c', '1 c']);
    expect(DENOMINATIONS.filter((d) => d.note)).to.have.length(7);
  });

  it('totalise au centime (0,10 + 0,20 = 0,30) et envoie le détail sans les zéros', () => {
    expect(countedCents({ '0.1': 1, '0.2': 1 })).to.equal(30);
    expect(countedCents({ 20: 2, '0.05': 3, '0.01': 7 })).to.equal(4022);
    expect(cashOf({ 20: 2, 10: 0, '0.5': 1 }, null)).to.deep.equal({ currency: 'euro', details: [{ unit: 20, quantity: 2 }, { unit: 0.5, quantity: 1 }] });
    expect(cashOf({ 20: 2 }, 12.5)).to.deep.equal({ currency: 'euro', customAmount: 12.5 });
  });
});
