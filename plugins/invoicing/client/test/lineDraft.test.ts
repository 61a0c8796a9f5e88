/** The line editor's rules: typing one unit price converts the other, a new rate keeps the price typed last. */
import { expect } from 'chai';
import {
  emptyLine, lineFromCatalogue, lineFromStored, lineTotalExcl, toLineInput, vatOptions, vatValue, withExcl, withIncl, withVat,
} from '../src/lines/lineDraft.ts';

describe('invoicing client: line drafts', () => {
  it('converts excl. -> incl. and incl. -> excl. as the person types (commerce README « Rules », Prices: 2 decimals, half up)', () => {
    const line = { ...emptyLine(), vat: '5.5' };
    expect(withExcl(line, 2).inclTaxesPrice).to.equal(2.11);
    expect(withExcl(line, '2,5').inclTaxesPrice).to.equal(2.64);
    expect(withIncl({ ...line, vat: '20' }, 120).exclTaxesPrice).to.equal(100);
    // not a number yet: the other price is emptied, not guessed
    expect(withExcl(line, '').inclTaxesPrice).to.equal('');
    expect(withExcl(line, '-').inclTaxesPrice).to.equal('');
  });

  it('keeps the price typed last when the rate changes', () => {
    const byExcl = withVat(withExcl(emptyLine(), 100), '10');
    expect([byExcl.exclTaxesPrice, byExcl.inclTaxesPrice]).to.deep.equal([100, 110]);
    const byIncl = withVat(withIncl(emptyLine(), 120), '5.5');
    expect([byIncl.exclTaxesPrice, byIncl.inclTaxesPrice]).to.deep.equal([113.74, 120]);
  });

  it('reads stored rates as the select’s values', () => {
    expect(vatValue(5.5)).to.equal('5.5');
    expect(vatValue('20.00')).to.equal('20');
    expect(vatValue(null)).to.equal('20');
  });

  it('fills a line from a catalogue item, converting the missing price', () => {
    const line = lineFromCatalogue({ _id: 'a'.repeat(24), name: 'Baguette', vat: 5.5, inclTaxesPrice: 1.3, exclTaxesPrice: null, type: 'good' });
    expect(line).to.include({ labelPrimary: 'Baguette', vat: '5.5', type: 'good', inclTaxesPrice: 1.3, exclTaxesPrice: 1.23, itemId: 'a'.repeat(24) });
  });

  it('sends numbers, the uuid and no empty text', () => {
    const stored = lineFromStored({ uuid: 'u1', quantity: -2, vat: 20, labelPrimary: 'Atelier', exclTaxesPrice: 50, inclTaxesPrice: 60, type: 'service' });
    expect(toLineInput({ ...stored, quantity: '-2' })).to.deep.equal({
      uuid: 'u1', type: 'service', labelPrimary: 'Atelier', quantity: -2, vat: 20, exclTaxesPrice: 50, inclTaxesPrice: 60,
    });
    expect(toLineInput(emptyLine())).not.to.have.any.keys('exclTaxesPrice', 'inclTaxesPrice', 'labelSecondary', 'reference');
  });

  it('rounds the line total excl. taxes to the cent', () => {
    expect(lineTotalExcl({ quantity: 3, exclTaxesPrice: 0.335 })).to.equal(1.01);
    expect(lineTotalExcl({ quantity: '', exclTaxesPrice: 1 })).to.equal(null);
  });
});

describe('invoicing client: VAT choices', () => {
  it('offers the French rates, and keeps a line’s other rate selectable', () => {
    expect(vatOptions('5.5').map((o) => o.label)).to.deep.equal(['20 %', '10 %', '5,5 %', '2,1 %', '0 %']);
    expect(vatOptions('8.5').at(-1)).to.deep.equal({ value: '8.5', label: '8,5 %' });
  });
});
