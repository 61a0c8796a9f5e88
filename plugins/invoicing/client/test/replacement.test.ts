/** What the screens say of corrective invoices and of the invoices they replace, and the list's totals net of their reversals. */
import { expect } from 'chai';
import { STATE_LABELS, STATE_STYLES, stateFilters, stateOf } from '../src/invoices/invoiceStatus.ts';
import { isCorrective, replacementLinksOf, replacementText } from '../src/invoices/replacement.ts';
import { INVOICE_AGGREGATIONS, listTotalsOf, totalsQuery } from '../src/invoices/listTotals.ts';
import { statusChips } from '@comptoir/sdk/ui';

const emitted = { numberFull: 'F-0000001', inclTaxesPrice: 120, fk: {} as { sourceInvoice?: string | null } };

describe('invoicing client: corrective invoices and the invoices they replace', () => {
  it('a replaced invoice reads « Remplacée » whatever its stored status; a draft stays a draft', () => {
    expect(STATE_LABELS[stateOf({ numberFull: 'F-0000001', status: 'paid', replacedBy: '65f0c0ffee0000000000a001' })]).to.equal('Remplacée');
    expect(STATE_LABELS[stateOf({ numberFull: 'F-0000001', status: 'paid', replacedBy: null })]).to.equal('Payée');
    expect(statusChips(stateOf({ numberFull: 'F-1', status: 'paid', replacedBy: 'x' }), STATE_STYLES).map((c) => c.label)).to.deep.equal(['Remplacée']);
  });

  it('filters: « Remplacées » by replacedBy, « Impayées » and the statuses without them', () => {
    expect(stateFilters('replaced')).to.deep.equal({ replacedBy: { mode: 'exists', value: true } });
    expect(stateFilters('unpaid')).to.deep.include({ replacedBy: { mode: 'exists', value: false }, unpaidAmount: { mode: 'gt', value: 0 } });
    expect(stateFilters('emitted')).to.deep.include({ replacedBy: { mode: 'exists', value: false } });
  });

  it('links a replaced invoice to its corrective and a corrective to what it replaces; not a credit note', () => {
    expect(replacementLinksOf({ ...emitted, replacedBy: 'c1' })).to.deep.equal([{ kind: 'replacedBy', id: 'c1' }]);
    const corrective = { ...emitted, fk: { sourceInvoice: 's1' }, headerTitle: 'Facture corrective' };
    expect(isCorrective(corrective)).to.equal(true);
    expect(replacementLinksOf(corrective)).to.deep.equal([{ kind: 'replaces', id: 's1' }]);
    // a corrective of a corrective, itself replaced: both
    expect(replacementLinksOf({ ...corrective, replacedBy: 'c2' })).to.deep.equal([{ kind: 'replacedBy', id: 'c2' }, { kind: 'replaces', id: 's1' }]);
    expect(replacementLinksOf({ ...emitted, inclTaxesPrice: -120, fk: { sourceInvoice: 's1' } })).to.deep.equal([]);
    expect(replacementLinksOf({ ...emitted, inclTaxesPrice: 0, creditReason: 'Geste', fk: { sourceInvoice: 's1' } })).to.deep.equal([]);
    expect(replacementLinksOf({ ...emitted, inclTaxesPrice: 0, headerTitle: 'Avoir', fk: { sourceInvoice: 's1' } })).to.deep.equal([]);
  });

  it('says « Remplacée par », « Remplace », and « Remplacera » while the corrective is a draft', () => {
    expect(replacementText('replacedBy', emitted).before).to.equal('Remplacée par la facture');
    expect(replacementText('replaces', emitted).before).to.equal('Remplace la facture');
    expect(replacementText('replaces', { numberFull: undefined }).before).to.equal('Remplacera la facture');
  });

  it('the list totals deduct what the correctives reversed, exactly (the FEC and the home page say the same)', () => {
    expect(totalsQuery({}).aggregations).to.deep.equal(INVOICE_AGGREGATIONS);
    expect(INVOICE_AGGREGATIONS.map((a) => a.field)).to.include.members(['reversedExclTaxesPrice', 'reversedInclTaxesPrice']);
    const t = listTotalsOf({
      exclTaxes: { sum: 590.1 }, total: { sum: 708.12 }, unpaid: { sum: 204.8 }, reversedExclTaxes: { sum: 200.2 }, reversedTotal: { sum: 211.21 },
    });
    expect(t).to.deep.equal({ exclTaxes: 389.9, total: 496.91, unpaid: 204.8, reversedExclTaxes: 200.2 });
    expect(listTotalsOf(undefined)).to.deep.equal({ exclTaxes: 0, total: 0, unpaid: 0, reversedExclTaxes: 0 });
    // no corrective in the list: the sums as they are
    expect(listTotalsOf({ exclTaxes: { sum: 0.3 }, total: { sum: 0.36 }, unpaid: { sum: 0 } })).to.include({ exclTaxes: 0.3, total: 0.36 });
  });
});
