/** The hash chain primitives: canonical JSON (RFC 8785) and chained SHA-256. */
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { canonicalJson, chainHash } from '../src/index.ts';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('integrity — canonical JSON and hash chain', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'é' } }))
      .to.equal('{"a":{"c":"é","d":[3,{"y":null,"z":true}]},"b":1}');
  });

  it('gives the same text whatever the key order of the input', () => {
    expect(canonicalJson({ numberFull: 'F0000001', total: 12.5 })).to.equal(canonicalJson({ total: 12.5, numberFull: 'F0000001' }));
  });

  it('writes numbers as ECMAScript does (RFC 8785 §3.2.2.3)', () => {
    expect(canonicalJson([1.0, 0.1, 1e21, -0, 100.25])).to.equal('[1,0.1,1e+21,0,100.25]');
  });

  it('leaves out undefined members and refuses what JSON cannot hold', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).to.equal('{"b":2}');
    expect(() => canonicalJson({ a: Number.NaN })).to.throw();
    expect(() => canonicalJson(undefined)).to.throw(TypeError);
  });

  it('chains: the first hash covers the content alone, the next covers the previous hash', () => {
    const first = chainHash(null, { n: 1 });
    expect(first).to.equal(sha256('{"n":1}'));
    expect(first).to.match(/^[0-9a-f]{64}$/);
    const second = chainHash(first, { n: 2 });
    expect(second).to.equal(sha256(`${first}{"n":2}`));
    // the same content after another predecessor hashes differently
    expect(chainHash(chainHash(null, { n: 0 }), { n: 2 })).to.not.equal(second);
  });

  it('changes when one value of the content changes', () => {
    expect(chainHash(null, { amount: 10 })).to.not.equal(chainHash(null, { amount: 10.01 }));
  });
});
