/**
 * fromDb('money') divides a stored integer by 10 000 in doubles (codec.ts): the same number as
 * decimal.js's exact quotient, over the cents, the 1/10 000 and amounts up to 2^53.
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { fromDb } from '../src/db/codec.ts';

const byDecimal = (v: number | string) => new Decimal(v).div(10_000).toNumber();

describe('codec : montants lus', () => {
  it('donne le même nombre que decimal.js, du centime à 2^53', () => {
    const values: number[] = [];
    for (let i = -200_000; i <= 200_000; i++) values.push(i);
    // deterministic spread over the large amounts (a linear congruential walk)
    let x = 12345;
    for (let i = 0; i < 200_000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const big = Math.floor((x / 2147483648 - 0.5) * 2 * Number.MAX_SAFE_INTEGER);
      values.push(big, Math.floor(big / 1e4), Math.floor(big / 1e8));
    }
    values.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
    const differ = values.filter((v) => !Object.is(fromDb('money', v), byDecimal(v)));
    expect(differ).to.deep.equal([]);
  });

  it('lit aussi les BIGINT rendus en texte (MariaDB) et au-delà de 2^53 par decimal.js', () => {
    expect(fromDb('money', '123456789')).to.equal(12345.6789);
    expect(fromDb('money', '-5')).to.equal(-0.0005);
    expect(fromDb('money', '90071992547409930')).to.equal(byDecimal('90071992547409930'));
    expect(fromDb('money', 0)).to.equal(0);
  });
});
