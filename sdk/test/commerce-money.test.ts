import { expect } from 'chai';
import { exclFromIncl, inclFromExcl, money, round2, toDecimal } from '../src/commerce/index.ts';

describe('commerce — decimal parsing and rounding (commerce README « Rules »)', () => {
  it('reads French and English decimals, trims spaces, numbers as they are', () => {
    expect(toDecimal('1,5')!.toNumber()).to.equal(1.5);
    expect(toDecimal('1.5')!.toNumber()).to.equal(1.5);
    expect(toDecimal(' 2 ')!.toNumber()).to.equal(2);
    expect(toDecimal(1.5)!.toNumber()).to.equal(1.5);
    expect(toDecimal('-0,25')!.toNumber()).to.equal(-0.25);
    expect(toDecimal('1 234,50')!.toNumber()).to.equal(1234.5);
    // 0.1 is read from its shortest text, not from its binary approximation
    expect(toDecimal(0.1)!.toString()).to.equal('0.1');
  });

  it('answers null for what is not a number', () => {
    for (const v of ['', '   ', 'abc', '1,2,3', '1.2.3', '12abc', '1e3', null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(toDecimal(v), String(v)).to.equal(null);
    }
  });

  it('rounds to 2 decimals, halves away from zero, without float error', () => {
    // 1.005 × 100 is 100.49999999999999 in floats: Math.round would give 1.00
    expect(round2('1.005').toString()).to.equal('1.01');
    expect(round2(1.005).toString()).to.equal('1.01');
    expect(round2('-1.005').toString()).to.equal('-1.01');
    expect(round2('2.344').toString()).to.equal('2.34');
    expect(money('0.125')).to.equal(0.13);
    expect(money('-0.004')).to.equal(0);
    expect(Object.is(money('-0.004'), 0), 'no negative zero').to.equal(true);
  });
});

describe('commerce — incl./excl. price conversions (commerce README « Rules »)', () => {
  it('incl = round2(excl × (1 + vat/100)) for each French rate', () => {
    expect(inclFromExcl(100, 20)).to.equal(120);
    expect(inclFromExcl(0.83, 5.5)).to.equal(0.88); // 0.83 × 1.055 = 0.87565
    expect(inclFromExcl(4.99, 10)).to.equal(5.49); // 5.489
    expect(inclFromExcl(1.99, 2.1)).to.equal(2.03); // 2.03179
    expect(inclFromExcl(3, 5.5)).to.equal(3.17); // 3.165 exactly: half up
    expect(inclFromExcl(-3, 5.5)).to.equal(-3.17); // a credit mirrors the invoice
    expect(inclFromExcl(12.5, 0)).to.equal(12.5);
  });

  it('excl = round2(incl ÷ (1 + vat/100))', () => {
    expect(exclFromIncl(120, 20)).to.equal(100);
    expect(exclFromIncl(1, 20)).to.equal(0.83); // 0.8333…
    expect(exclFromIncl(10, 5.5)).to.equal(9.48); // 9.47867…
    expect(exclFromIncl(10, 10)).to.equal(9.09); // 9.0909…
    expect(exclFromIncl(1, 2.1)).to.equal(0.98); // 0.97943…
    expect(exclFromIncl(0.88, 5.5)).to.equal(0.83); // 0.83412…
  });

  it('parses strings and skips the conversion when price or rate is not a number', () => {
    expect(inclFromExcl('10,5', '20')).to.equal(12.6);
    expect(exclFromIncl(' 12,60 ', '20,0')).to.equal(10.5);
    expect(inclFromExcl('abc', 20)).to.equal(null);
    expect(inclFromExcl(10, 'abc')).to.equal(null);
    expect(exclFromIncl('', 20)).to.equal(null);
    expect(exclFromIncl(10, null)).to.equal(null);
    expect(exclFromIncl(10, -100)).to.equal(null);
  });
});
