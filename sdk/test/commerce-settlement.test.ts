import { expect } from 'chai';
import {
  autoSetCreditStatus, autoSetStatusAndRemainingAmountsFromPayments, externalPurchaseAmounts,
  settleInvoice, settlePurchase,
} from '../src/commerce/index.ts';

const pay = (...amounts: (number | string)[]) => amounts.map((amount) => ({ amount }));
const normal = autoSetStatusAndRemainingAmountsFromPayments;

describe('commerce — invoice status from payments (commerce README « Rules », Statuses, normal invoice table)', () => {
  it('row 1: no payments, total zero → paid, paid 0, unpaid total', () => {
    expect(normal({ inclTaxesPrice: 0 }, [])).to.deep.equal({ paidAmount: 0, unpaidAmount: 0, status: 'paid' });
  });

  it('row 2: no payments, total not zero → emitted, paid 0, unpaid total', () => {
    expect(normal({ inclTaxesPrice: 120.5 }, [])).to.deep.equal({ paidAmount: 0, unpaidAmount: 120.5, status: 'emitted' });
  });

  it('row 3: payments equal refunds in absolute value and equal the total → refund', () => {
    // paid = 100 + (−100) = 0 ; unpaid = 100 − 0
    expect(normal({ inclTaxesPrice: 100 }, pay(100, -100))).to.deep.equal({ paidAmount: 0, unpaidAmount: 100, status: 'refund' });
    expect(normal({ inclTaxesPrice: 100 }, pay(60, 40, -70, -30))).to.deep.equal({ paidAmount: 0, unpaidAmount: 100, status: 'refund' });
  });

  it('row 4: positive payments equal the total → paid (paid = positive + negative, unpaid = total − paid)', () => {
    expect(normal({ inclTaxesPrice: 100 }, pay(60, 40))).to.deep.equal({ paidAmount: 100, unpaidAmount: 0, status: 'paid' });
    // cents are exact: 0.1 + 0.2 is 0.3
    expect(normal({ inclTaxesPrice: 0.3 }, pay(0.1, 0.2))).to.deep.equal({ paidAmount: 0.3, unpaidAmount: 0, status: 'paid' });
  });

  it('row 5: positive payments below the total → partially_paid', () => {
    expect(normal({ inclTaxesPrice: 100 }, pay(30))).to.deep.equal({ paidAmount: 30, unpaidAmount: 70, status: 'partially_paid' });
    expect(normal({ inclTaxesPrice: 100 }, pay(50, -10))).to.deep.equal({ paidAmount: 40, unpaidAmount: 60, status: 'partially_paid' });
    expect(normal({ inclTaxesPrice: '100,00' }, pay('33,33', '33.33'))).to.deep.equal({ paidAmount: 66.66, unpaidAmount: 33.34, status: 'partially_paid' });
  });

  it('decisions where the status tables are silent: no positive payment → emitted; more than the total → paid', () => {
    expect(normal({ inclTaxesPrice: 100 }, pay(-20))).to.deep.equal({ paidAmount: -20, unpaidAmount: 120, status: 'emitted' });
    expect(normal({ inclTaxesPrice: 100 }, pay(0))).to.deep.equal({ paidAmount: 0, unpaidAmount: 100, status: 'emitted' });
    expect(normal({ inclTaxesPrice: 100 }, pay(120))).to.deep.equal({ paidAmount: 120, unpaidAmount: -20, status: 'paid' });
    expect(normal({ inclTaxesPrice: 0 }, pay(0))).to.deep.equal({ paidAmount: 0, unpaidAmount: 0, status: 'paid' });
  });

  it('never « paid » while something is left to pay (issue 11): a partial refund after a full payment', () => {
    // status row 4 read as the situation without refund: 100 paid then 30 refunded leaves 30 to pay
    expect(normal({ inclTaxesPrice: 100 }, pay(100, -30))).to.deep.equal({ paidAmount: 70, unpaidAmount: 30, status: 'partially_paid' });
    expect(normal({ inclTaxesPrice: 100 }, pay(60, 40, -0.01))).to.deep.equal({ paidAmount: 99.99, unpaidAmount: 0.01, status: 'partially_paid' });
  });

  it('an overpayment (confirmed) is paid with a negative unpaid amount; refunding the excess comes back to 0', () => {
    expect(normal({ inclTaxesPrice: 120 }, pay(1000))).to.deep.equal({ paidAmount: 1000, unpaidAmount: -880, status: 'paid' });
    expect(normal({ inclTaxesPrice: 120 }, pay(1000, -880))).to.deep.equal({ paidAmount: 120, unpaidAmount: 0, status: 'paid' });
    // refunding more than the excess: something is owed again
    expect(normal({ inclTaxesPrice: 120 }, pay(1000, -900))).to.deep.equal({ paidAmount: 100, unpaidAmount: 20, status: 'partially_paid' });
    // everything refunded
    expect(normal({ inclTaxesPrice: 120 }, pay(1000, -1000))).to.deep.equal({ paidAmount: 0, unpaidAmount: 120, status: 'refund' });
    // a zero total paid by mistake, confirmed
    expect(normal({ inclTaxesPrice: 0 }, pay(10))).to.deep.equal({ paidAmount: 10, unpaidAmount: -10, status: 'paid' });
  });

  it('data recorded before refunds were capped (issue 11: 1 000 paid, 5 000 refunded on 120) is never « paid »', () => {
    expect(normal({ inclTaxesPrice: 120 }, pay(1000, -5000))).to.deep.equal({ paidAmount: -4000, unpaidAmount: 4120, status: 'refund' });
  });

  it('for every combination of cents, « paid » only with nothing left to pay or an overpayment', () => {
    const amounts = [0.01, 0.5, 30, 69.99, 70, 100, 120];
    for (const total of [0, 0.01, 70, 100]) {
      for (const a of amounts) for (const b of [...amounts, ...amounts.map((x) => -x)]) {
        const s = normal({ inclTaxesPrice: total }, pay(a, b));
        if (s.status === 'paid') expect(s.unpaidAmount, `${total}: ${a}, ${b}`).to.be.at.most(0);
      }
    }
  });

  it('refuses a credit note with the engine message, verbatim', () => {
    expect(() => normal({ inclTaxesPrice: -10 }, [])).to.throw(Error,
      'Cette fonction autoSetStatusAndRemainingAmountsFromPayments ne doit pas être appelée sur un avoir');
    expect(() => normal({ inclTaxesPrice: '-0,01' }, pay(5))).to.throw(/ne doit pas être appelée sur un avoir$/);
  });
});

describe('commerce — credit note status (commerce README « Rules », Statuses, credit rule)', () => {
  it('no payments: paid if the total is zero, else emitted', () => {
    expect(autoSetCreditStatus({ inclTaxesPrice: 0 }, [])).to.deep.equal({ paidAmount: 0, unpaidAmount: 0, status: 'paid' });
    expect(autoSetCreditStatus({ inclTaxesPrice: -50 }, [])).to.deep.equal({ paidAmount: 0, unpaidAmount: -50, status: 'emitted' });
  });

  it('with payments: paid when paid equals the total', () => {
    expect(autoSetCreditStatus({ inclTaxesPrice: -50 }, pay(-50))).to.deep.equal({ paidAmount: -50, unpaidAmount: 0, status: 'paid' });
    expect(autoSetCreditStatus({ inclTaxesPrice: -50 }, pay(-20, -30))).to.deep.equal({ paidAmount: -50, unpaidAmount: 0, status: 'paid' });
  });

  it('with payments: emitted when unpaid equals the total', () => {
    expect(autoSetCreditStatus({ inclTaxesPrice: -50 }, pay(10, -10))).to.deep.equal({ paidAmount: 0, unpaidAmount: -50, status: 'emitted' });
  });

  it('with payments: partially_paid otherwise', () => {
    expect(autoSetCreditStatus({ inclTaxesPrice: -50 }, pay(-20))).to.deep.equal({ paidAmount: -20, unpaidAmount: -30, status: 'partially_paid' });
  });

  it('paid back beyond its total (a confirmed overpayment): paid, as an overpaid invoice, the excess of the opposite sign (issue 11 review)', () => {
    expect(autoSetCreditStatus({ inclTaxesPrice: -50 }, pay(-80))).to.deep.equal({ paidAmount: -80, unpaidAmount: 30, status: 'paid' });
    expect(autoSetCreditStatus({ inclTaxesPrice: -50 }, pay(-50, -0.01))).to.deep.equal({ paidAmount: -50.01, unpaidAmount: 0.01, status: 'paid' });
    // the invoice's counterpart: paid, unpaid negative
    expect(autoSetStatusAndRemainingAmountsFromPayments({ inclTaxesPrice: 50 }, pay(80))).to.deep.equal({ paidAmount: 80, unpaidAmount: -30, status: 'paid' });
    // the customer gives the excess back: paid, nothing left
    expect(autoSetCreditStatus({ inclTaxesPrice: -50 }, pay(-80, 30))).to.deep.equal({ paidAmount: -50, unpaidAmount: 0, status: 'paid' });
    // a purchase's credit note (a supplier refunding more than it): the same rule
    expect(settlePurchase({ inclTaxesPrice: -50 }, pay(-60)).status).to.equal('paid');
  });

  it('refuses a normal invoice with the engine message, verbatim', () => {
    expect(() => autoSetCreditStatus({ inclTaxesPrice: 10 }, [])).to.throw(Error,
      'Cette fonction autoSetCreditStatus ne doit être appelée que sur les avoirs');
  });
});

describe('commerce — dispatch, purchases and external purchases (commerce README « Rules », Statuses)', () => {
  it('settleInvoice uses the credit rule for a negative total and the normal rule otherwise', () => {
    expect(settleInvoice({ inclTaxesPrice: -50 }, pay(-20)).status).to.equal('partially_paid');
    expect(settleInvoice({ inclTaxesPrice: -50 }, pay(10, -10)).status).to.equal('emitted');
    expect(settleInvoice({ inclTaxesPrice: 50 }, pay(50, -50)).status).to.equal('refund');
    expect(settleInvoice({ inclTaxesPrice: 0 }, []).status).to.equal('paid');
  });

  it('a purchase without payments is emitted, even at zero, with paid 0 and unpaid the total', () => {
    expect(settlePurchase({ inclTaxesPrice: 0 }, [])).to.deep.equal({ paidAmount: 0, unpaidAmount: 0, status: 'emitted' });
    expect(settlePurchase({ inclTaxesPrice: 80 }, [])).to.deep.equal({ paidAmount: 0, unpaidAmount: 80, status: 'emitted' });
  });

  it('a purchase with payments follows the invoice computation', () => {
    expect(settlePurchase({ inclTaxesPrice: 80 }, pay(80))).to.deep.equal({ paidAmount: 80, unpaidAmount: 0, status: 'paid' });
    expect(settlePurchase({ inclTaxesPrice: 80 }, pay(30))).to.deep.equal({ paidAmount: 30, unpaidAmount: 50, status: 'partially_paid' });
    expect(settlePurchase({ inclTaxesPrice: 80 }, pay(80, -80)).status).to.equal('refund');
  });

  it('an external purchase only recalculates paid and unpaid amounts', () => {
    expect(externalPurchaseAmounts({ inclTaxesPrice: 59.9 }, pay(20, '9,90'))).to.deep.equal({ paidAmount: 29.9, unpaidAmount: 30 });
    expect(externalPurchaseAmounts({ inclTaxesPrice: 59.9 }, [])).to.deep.equal({ paidAmount: 0, unpaidAmount: 59.9 });
  });
});
