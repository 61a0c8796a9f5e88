/** formatSize (platform README « Platform rules and constants »): sizes in o, K, M, G with base 1000 or 1024, written in French. */
import { expect } from 'chai';
import { formatSize } from '../src/format-size.ts';

// Intl writes French digit groups with a narrow no-break space; the unit follows a no-break space
const n = (s: string) => s.replace(/ /g, '\u00a0').replace(/_/g, '\u202f');

describe('formatSize', function () {
  it('writes bytes as whole octets', function () {
    expect(formatSize(0)).to.equal(n('0 o'));
    expect(formatSize(1)).to.equal(n('1 o'));
    expect(formatSize(1023)).to.equal(n('1_023 o'));
    expect(formatSize(999, 1000)).to.equal(n('999 o'));
  });

  it('steps through Ko, Mo, Go in base 1024 by default, with a decimal comma', function () {
    expect(formatSize(1024)).to.equal(n('1 Ko'));
    expect(formatSize(1536)).to.equal(n('1,5 Ko'));
    expect(formatSize(50 * 1024 * 1024)).to.equal(n('50 Mo'));
    expect(formatSize(1.25 * 1024 ** 3)).to.equal(n('1,3 Go'));
    expect(formatSize(123_456_789)).to.equal(n('117,7 Mo'));
  });

  it('steps in base 1000 on request', function () {
    expect(formatSize(1000, 1000)).to.equal(n('1 Ko'));
    expect(formatSize(1024, 1000)).to.equal(n('1 Ko'));
    expect(formatSize(1500, 1000)).to.equal(n('1,5 Ko'));
    expect(formatSize(123_456_789, 1000)).to.equal(n('123,5 Mo'));
    expect(formatSize(2_000_000_000, 1000)).to.equal(n('2 Go'));
  });

  it('moves to the next unit when rounding reaches the base', function () {
    expect(formatSize(1024 * 1024 - 1)).to.equal(n('1 Mo'));
    expect(formatSize(999_999, 1000)).to.equal(n('1 Mo'));
    expect(formatSize(1024 * 1024 - 200)).to.equal(n('1_023,8 Ko'));
  });

  it('stops at Go', function () {
    expect(formatSize(5 * 1024 ** 4)).to.equal(n('5_120 Go'));
  });

  it('answers a dash for no size, and refuses another base', function () {
    expect(formatSize(null)).to.equal('—');
    expect(formatSize(undefined)).to.equal('—');
    expect(formatSize(-1)).to.equal('—');
    expect(formatSize(Number.NaN)).to.equal('—');
    expect(() => formatSize(10, 1010 as 1000)).to.throw(RangeError);
  });
});
