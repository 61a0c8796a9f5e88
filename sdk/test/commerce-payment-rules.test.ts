/** Which payments a person may record (issue 11): refunds capped by what was paid, overpayment confirmed. */
import { expect } from 'chai';
import { documentSign, paymentDirection, paymentRefusal } from '../src/commerce/index.ts';

const pay = (...amounts: number[]) => amounts.map((amount) => ({ amount }));

describe('commerce — payment rules (refund cap, overpayment confirmation)', () => {
  it('a payment up to what remains is accepted, without confirmation', () => {
    expect(paymentRefusal({ inclTaxesPrice: 120 }, [], 120)).to.equal(null);
    expect(paymentRefusal({ inclTaxesPrice: 120 }, pay(20), 100)).to.equal(null);
    expect(paymentRefusal({ inclTaxesPrice: '0,3' }, pay(0.1), '0.2')).to.equal(null);
  });

  it('more than what remains needs confirmOverpayment, and names the excess', () => {
    expect(paymentRefusal({ inclTaxesPrice: 120 }, [], 1000)).to.deep.equal({ reason: 'overpayment', excess: 880, remaining: 120, sign: 1 });
    expect(paymentRefusal({ inclTaxesPrice: 120 }, pay(120), 0.01)).to.deep.equal({ reason: 'overpayment', excess: 0.01, remaining: 0, sign: 1 });
    expect(paymentRefusal({ inclTaxesPrice: 0 }, [], 5)).to.deep.include({ reason: 'overpayment', excess: 5 });
    expect(paymentRefusal({ inclTaxesPrice: 120 }, [], 1000, { confirmOverpayment: true })).to.equal(null);
    // already overpaid: everything more is an excess
    expect(paymentRefusal({ inclTaxesPrice: 120 }, pay(200), 10)).to.deep.include({ excess: 10, remaining: 0 });
  });

  it('a refund never exceeds what was paid (issue 11: 1 000 paid, 5 000 refunded)', () => {
    expect(paymentRefusal({ inclTaxesPrice: 120 }, pay(1000), -5000)).to.deep.equal({ reason: 'refund-above-paid', amount: 5000, paid: 1000, sign: 1 });
    expect(paymentRefusal({ inclTaxesPrice: 120 }, pay(1000), -1000)).to.equal(null);
    expect(paymentRefusal({ inclTaxesPrice: 120 }, [], -0.01)).to.deep.include({ reason: 'refund-above-paid', paid: 0 });
    expect(paymentRefusal({ inclTaxesPrice: 120 }, pay(50, -50), -1)).to.deep.include({ reason: 'refund-above-paid', paid: 0 });
    // confirmation does not lift the cap
    expect(paymentRefusal({ inclTaxesPrice: 120 }, pay(10), -20, { confirmOverpayment: true })).to.deep.include({ reason: 'refund-above-paid' });
  });

  it('a credit note reads amounts the other way: paid back with negative amounts', () => {
    expect(documentSign({ inclTaxesPrice: -50 })).to.equal(-1);
    expect(documentSign({ inclTaxesPrice: 0 })).to.equal(1);
    expect(paymentRefusal({ inclTaxesPrice: -50 }, [], -50)).to.equal(null);
    expect(paymentRefusal({ inclTaxesPrice: -50 }, pay(-30), -30)).to.deep.equal({ reason: 'overpayment', excess: 10, remaining: 20, sign: -1 });
    expect(paymentRefusal({ inclTaxesPrice: -50 }, pay(-30), 40)).to.deep.equal({ reason: 'refund-above-paid', amount: 40, paid: 30, sign: -1 });
    expect(paymentRefusal({ inclTaxesPrice: -50 }, pay(-30), 30)).to.equal(null);
  });

  it('payment direction: in for receipts and supplier refunds, out for supplier payments and customer refunds, none for compensations', () => {
    expect(paymentDirection({ source: 'invoice', amount: 120, mode: 'cb' })).to.equal('in');
    expect(paymentDirection({ source: 'invoice', amount: -20, mode: 'transfer' })).to.equal('out');
    expect(paymentDirection({ source: 'invoice', amount: 20, mode: 'credit-compensation' })).to.equal('none');
    expect(paymentDirection({ source: 'invoice', amount: -20, mode: 'credit-compensation' })).to.equal('none');
    expect(paymentDirection({ source: 'purchase', amount: 80, mode: 'transfer' })).to.equal('out');
    expect(paymentDirection({ source: 'purchase', amount: -80, mode: 'transfer' })).to.equal('in');
    expect(paymentDirection({ source: 'external-purchase', amount: 59.9 })).to.equal('out');
    expect(paymentDirection({ source: 'receipt', amount: 4.5, mode: 'cash' })).to.equal('in');
    expect(paymentDirection({ amount: 4.5 })).to.equal('in');
  });
});
