/** What the chips and the state filter say of invoices and quotations. */
import { expect } from 'chai';
import { STATE_LABELS, STATE_STYLES, isCreditNote, remainingOf, stateFilters, stateOf } from '../src/invoices/invoiceStatus.ts';
import { EXPIRED_CHIP, QUOTATION_STATUS_STYLES, isExpired } from '../src/quotations/quotationStatus.ts';
import { invoicePaymentTexts } from '../src/invoices/paymentTexts.ts';
import { statusChips } from '@comptoir/sdk/ui';

describe('invoicing client: statuses', () => {
  it('an invoice without number is a draft, whatever its stored status', () => {
    expect(STATE_LABELS[stateOf({ numberFull: undefined, status: 'emitted' })]).to.equal('Brouillon');
    expect(STATE_LABELS[stateOf({ numberFull: '0000001', status: 'partially_paid' })]).to.equal('Partiellement payée');
    expect(isCreditNote({ inclTaxesPrice: -0.01 })).to.equal(true);
    expect(isCreditNote({ inclTaxesPrice: 0 })).to.equal(false);
  });

  it('filters drafts by the absence of a number, and an emitted state among numbered invoices', () => {
    expect(stateFilters('draft')).to.deep.equal({ numberFull: { mode: 'exists', value: false } });
    // a replaced invoice is « Remplacée », whatever its settlement (README « Corrective invoice »)
    expect(stateFilters('paid')).to.deep.equal({ numberFull: { mode: 'exists', value: true }, status: { mode: 'eq', value: 'paid' }, replacedBy: { mode: 'exists', value: false } });
    expect(stateFilters('credit')).to.deep.equal({ inclTaxesPrice: { mode: 'lt', value: 0 } });
    expect(stateFilters('')).to.deep.equal({});
  });

  it('an invoice paid beyond its total and a credit note paid back beyond its own both show « Trop-perçu » (issue 11 review)', () => {
    const emitted = { numberFull: 'F-0000001' };
    expect(remainingOf({ ...emitted, inclTaxesPrice: 50, unpaidAmount: -30 })).to.deep.equal({ label: 'Trop-perçu', amount: 30, overpaid: true });
    expect(remainingOf({ ...emitted, inclTaxesPrice: -60, unpaidAmount: 20 })).to.deep.equal({ label: 'Trop-perçu', amount: 20, overpaid: true });
    expect(remainingOf({ ...emitted, inclTaxesPrice: 50, unpaidAmount: 20 })).to.deep.equal({ label: 'Reste à payer', amount: 20, overpaid: false });
    expect(remainingOf({ ...emitted, inclTaxesPrice: -60, unpaidAmount: -60 })).to.deep.equal({ label: 'Reste à rembourser', amount: 60, overpaid: false });
    expect(remainingOf({ ...emitted, inclTaxesPrice: -60, unpaidAmount: 0 })).to.deep.equal({ label: 'Reste à rembourser', amount: 0, overpaid: false });
    expect(remainingOf({ numberFull: undefined, inclTaxesPrice: 50, unpaidAmount: 50 })).to.equal(null);
  });

  it('a quotation is expired only while it waits for an answer', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(isExpired({ status: 'emitted', expirationDate: '2026-11-21T22:59:59.999Z' }, now)).to.equal(true);
    expect(isExpired({ status: 'accepted', expirationDate: '2026-11-21T22:59:59.999Z' }, now)).to.equal(false);
    expect(isExpired({ status: 'emitted', expirationDate: '2026-11-23T22:59:59.999Z' }, now)).to.equal(false);
  });

  it('gives the kit’s chips the plugin’s words: « Avoir » before an invoice’s state, « Expiré » after a quotation’s', () => {
    expect(statusChips('draft', STATE_STYLES, { creditNote: true }).map((c) => c.label)).to.deep.equal(['Avoir', 'Brouillon']);
    expect(statusChips('emitted', QUOTATION_STATUS_STYLES, { flags: [EXPIRED_CHIP] }).map((c) => [c.label, c.variant])).to.deep.equal([['Émis', 'light'], ['Expiré', 'outline']]);
  });

  it('words the payment dialog’s warnings by who pays whom (invoice or credit note)', () => {
    expect(invoicePaymentTexts(false).overpayment({ excess: 10, remaining: 5 })).to.match(/^Confirmer le trop-perçu de 10,00\s€ : plus que le reste à payer \(5,00\s€\), à rembourser ensuite au client$/);
    expect(invoicePaymentTexts(true).refundAbovePaid({ paid: 20 })).to.match(/^On ne peut reprendre que ce qui a été remboursé : 20,00\s€\.$/);
  });
});
