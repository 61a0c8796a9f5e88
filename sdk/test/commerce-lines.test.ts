import { expect } from 'chai';
import { normalizeLine, parseLine } from '../src/commerce/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('commerce — line items (commerce README « Rules », Lines)', () => {
  it('applies the defaults: quantity 1, vat 20, type service, a fresh uuid', () => {
    const line = normalizeLine({ exclTaxesPrice: 10, labelPrimary: 'Conseil' });
    expect(line).to.deep.include({ quantity: 1, vat: 20, exclTaxesPrice: 10, inclTaxesPrice: 12, type: 'service', labelPrimary: 'Conseil' });
    expect(line.uuid).to.match(UUID);
    expect(normalizeLine({ exclTaxesPrice: 10 }).uuid).to.not.equal(line.uuid);
    expect(line).to.not.have.any.keys('labelSecondary', 'reference', 'itemId');
  });

  it('keeps what is given: uuid, type, labels, reference, itemId', () => {
    const line = normalizeLine({
      quantity: 2, vat: 10, exclTaxesPrice: 5, type: 'good', uuid: 'u-1', labelSecondary: 'détail', reference: 'REF', itemId: 'a'.repeat(24),
    });
    expect(line).to.deep.equal({
      quantity: 2, vat: 10, exclTaxesPrice: 5, inclTaxesPrice: 5.5, labelPrimary: '', labelSecondary: 'détail',
      reference: 'REF', type: 'good', uuid: 'u-1', itemId: 'a'.repeat(24),
    });
  });

  it('parses decimals: "1,5" and " 2 "; blank values take the defaults', () => {
    const line = normalizeLine({ quantity: '1,5', vat: ' 5,5 ', inclTaxesPrice: ' 2 ' });
    expect(line).to.deep.include({ quantity: 1.5, vat: 5.5, inclTaxesPrice: 2, exclTaxesPrice: 1.9 }); // 2 / 1.055 = 1.8957
    expect(normalizeLine({ quantity: '', vat: '', exclTaxesPrice: 1 })).to.deep.include({ quantity: 1, vat: 20, inclTaxesPrice: 1.2 });
  });

  it('converts the missing unit price from the other one, either way', () => {
    expect(normalizeLine({ vat: 5.5, exclTaxesPrice: 0.83 }).inclTaxesPrice).to.equal(0.88);
    expect(normalizeLine({ vat: 5.5, inclTaxesPrice: 0.88, exclTaxesPrice: '' }).exclTaxesPrice).to.equal(0.83);
    expect(normalizeLine({ vat: 20, inclTaxesPrice: 1, exclTaxesPrice: null }).exclTaxesPrice).to.equal(0.83);
  });

  it('keeps both prices when both are given, unless told which one is the source', () => {
    const both = { vat: 20, exclTaxesPrice: 10, inclTaxesPrice: 11.99 };
    expect(normalizeLine(both)).to.deep.include({ exclTaxesPrice: 10, inclTaxesPrice: 11.99 });
    expect(normalizeLine(both, { priceFrom: 'excl' })).to.deep.include({ exclTaxesPrice: 10, inclTaxesPrice: 12 });
    expect(normalizeLine(both, { priceFrom: 'incl' })).to.deep.include({ exclTaxesPrice: 9.99, inclTaxesPrice: 11.99 }); // 9.9916
    // the named source is blank: the other one is used
    expect(normalizeLine({ vat: 20, inclTaxesPrice: 12 }, { priceFrom: 'excl' })).to.deep.include({ exclTaxesPrice: 10 });
  });

  it('a number that cannot be read leaves the line in the document but not countable', () => {
    for (const input of [
      { quantity: 'abc', exclTaxesPrice: 10 },
      { exclTaxesPrice: 'abc' },
      { exclTaxesPrice: 'abc', inclTaxesPrice: 12 },
      { vat: 'abc', exclTaxesPrice: 10 },
      { vat: -5, exclTaxesPrice: 10 },
      {},
    ]) {
      const { line, countable } = parseLine(input);
      expect(countable, JSON.stringify(input)).to.equal(false);
      expect(line.uuid).to.match(UUID);
    }
    expect(parseLine({ quantity: 'abc', exclTaxesPrice: 10 }).line).to.deep.include({ quantity: 0, exclTaxesPrice: 10, inclTaxesPrice: 12 });
    expect(parseLine({ quantity: '3', exclTaxesPrice: '4,5' }).countable).to.equal(true);
  });
});
