/** Which payments a person may record (issue 11): refunds capped by what was paid, overpayment confirmed. */
import { expect } from 'chai';
import { cashRefundRefusal, documentSign, overpaidBy, paymentDirection, paymentRefusal, totalChangeRefusal } from '../src/commerce/index.ts';

const pay = (...amounts: number[]) => amounts.map((amount) => ({ amount }));
const compensation = (amount: number) => ({ amount, mode: 'credit-compensation' });

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

  describe('refunds across an invoice and its credit notes (cashRefundRefusal, issue 11 review)', () => {
    it('paid 100 €, wholly credited, refunded 100 € on the credit note: nothing more may be refunded on the invoice', () => {
      // each document's own cap lets both through: the invoice shows 100 paid, the credit note 100 to pay back
      expect(paymentRefusal({ inclTaxesPrice: 100 }, pay(100), -100)).to.equal(null);
      expect(cashRefundRefusal({ invoice: pay(100), creditNotes: [] }, -100)).to.equal(null);
      expect(cashRefundRefusal({ invoice: pay(100), creditNotes: pay(-100) }, -100))
        .to.deep.equal({ reason: 'refund-above-received', amount: 100, received: 100, refunded: 100, available: 0 });
      expect(cashRefundRefusal({ invoice: pay(100), creditNotes: pay(-100) }, -0.01)).to.deep.include({ available: 0 });
    });

    it('a compensation is no money: a credit note that settled an unpaid invoice has nothing to give back', () => {
      const invoice = [compensation(100)];
      const creditNotes = [compensation(-100)];
      expect(cashRefundRefusal({ invoice, creditNotes }, -1)).to.deep.equal({ reason: 'refund-above-received', amount: 1, received: 0, refunded: 0, available: 0 });
      // paid 50, then a credit note of 100 compensated the 50 left: 50 of money may go back, once
      const half = { invoice: [...pay(50), compensation(50)], creditNotes: [compensation(-50)] };
      expect(cashRefundRefusal(half, -50)).to.equal(null);
      expect(cashRefundRefusal(half, -50.01)).to.deep.include({ received: 50, refunded: 0, available: 50 });
      expect(cashRefundRefusal({ ...half, creditNotes: [compensation(-50), ...pay(-50)] }, -0.01)).to.deep.include({ refunded: 50, available: 0 });
    });

    it('refunds on the invoice and on several credit notes add up; money given back makes room again', () => {
      const family = { invoice: pay(120, -20), creditNotes: pay(-30, -40) };
      expect(cashRefundRefusal(family, -30)).to.equal(null);
      expect(cashRefundRefusal(family, -30.01)).to.deep.equal({ reason: 'refund-above-received', amount: 30.01, received: 120, refunded: 90, available: 30 });
      // the customer returned 10 of a credit note's refund
      expect(cashRefundRefusal({ ...family, creditNotes: pay(-30, -40, 10) }, -40)).to.equal(null);
    });

    it('amounts to the cent, as decimal strings too; a payment (positive) is never refused here', () => {
      expect(cashRefundRefusal({ invoice: pay(0.1, 0.2), creditNotes: [] }, '-0.3')).to.equal(null);
      expect(cashRefundRefusal({ invoice: [], creditNotes: [] }, 500)).to.equal(null);
      expect(cashRefundRefusal({ invoice: [], creditNotes: [] }, 0)).to.equal(null);
      // data recorded before the cap (refunds above what was received): nothing more, never a negative room
      expect(cashRefundRefusal({ invoice: pay(10, -50), creditNotes: [] }, -1)).to.deep.include({ received: 10, refunded: 50, available: 0 });
    });
  });

  describe('a total edited below what was paid (totalChangeRefusal, issue 11 review)', () => {
    it('paid 80 €, total brought from 100 € to 50 €: 30 € of overpayment, refused unless confirmed', () => {
      expect(totalChangeRefusal({ inclTaxesPrice: 100 }, { inclTaxesPrice: 50 }, pay(80)))
        .to.deep.equal({ reason: 'total-below-paid', excess: 30, total: 50, paid: 80 });
      expect(totalChangeRefusal({ inclTaxesPrice: 100 }, { inclTaxesPrice: 50 }, pay(80), { confirmOverpayment: true })).to.equal(null);
      expect(totalChangeRefusal({ inclTaxesPrice: 100 }, { inclTaxesPrice: 80 }, pay(80))).to.equal(null);
      expect(totalChangeRefusal({ inclTaxesPrice: 100 }, { inclTaxesPrice: 79.99 }, pay(50, 30))).to.deep.include({ excess: 0.01 });
    });

    it('only what the edit adds: an already overpaid document edited otherwise, or raised, needs nothing', () => {
      expect(totalChangeRefusal({ inclTaxesPrice: 50 }, { inclTaxesPrice: 50 }, pay(80))).to.equal(null);
      expect(totalChangeRefusal({ inclTaxesPrice: 50 }, { inclTaxesPrice: 60 }, pay(80))).to.equal(null);
      expect(totalChangeRefusal({ inclTaxesPrice: 50 }, { inclTaxesPrice: 40 }, pay(80))).to.deep.include({ excess: 10, total: 40, paid: 80 });
      expect(totalChangeRefusal({ inclTaxesPrice: 100 }, { inclTaxesPrice: 10 }, [])).to.equal(null);
    });

    it('a credit note (a supplier’s, refunded with negative amounts) reads the other way', () => {
      expect(overpaidBy({ inclTaxesPrice: -50 }, pay(-80))).to.equal(30);
      expect(overpaidBy({ inclTaxesPrice: 50 }, pay(80))).to.equal(30);
      expect(overpaidBy({ inclTaxesPrice: 50 }, pay(20))).to.equal(0);
      expect(totalChangeRefusal({ inclTaxesPrice: -100 }, { inclTaxesPrice: -50 }, pay(-80))).to.deep.equal({ reason: 'total-below-paid', excess: 30, total: 50, paid: 80 });
    });
  });
});
