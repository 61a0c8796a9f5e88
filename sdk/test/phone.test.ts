import { expect } from 'chai';
import { phoneDigits, phoneVariants, samePhone } from '../src/phone.ts';

describe('sdk: phone numbers (phoneDigits, samePhone, phoneVariants)', () => {
  it('reads French numbers in every usual writing as the same ten digits', () => {
    for (const n of ['06 12 34 56 78', '06.12.34.56.78', '+33 6 12 34 56 78', '+33612345678', '0033612345678', '33612345678', '06-12-34-56-78']) {
      expect(phoneDigits(n), n).to.equal('0612345678');
    }
  });
  it('keeps foreign numbers apart and never matches an empty one', () => {
    expect(phoneDigits('+44 20 7946 0958')).to.equal('00442079460958');
    expect(samePhone('+44 20 7946 0958', '0044 20 7946 0958')).to.equal(true);
    expect(samePhone('0612345678', '0612345679')).to.equal(false);
    expect(samePhone('', '')).to.equal(false);
    expect(samePhone(null, 'abc')).to.equal(false);
  });
  it('lists the writings a stored number may have', () => {
    const v = phoneVariants('+33612345678');
    expect(v).to.include.members(['0612345678', '06 12 34 56 78', '06.12.34.56.78', '+33 6 12 34 56 78', '+33612345678']);
    expect(phoneVariants('abc')).to.deep.equal([]);
  });
});
