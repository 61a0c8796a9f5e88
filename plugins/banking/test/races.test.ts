/**
 * Parallel requests (README « Concurrency »), meant for MariaDB where a plain SELECT takes no lock
 * (SQLite serialises writers): the same statement imported 10 times at once is added once, its
 * account created once; 10 categorisations and splits at once keep the months and balance exact.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, allOperations, bootKernel, category, createAccount, expectConsistent, ok, testFile, upload } from './support.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON answers
type Json = any;

describe('banking under concurrency', function () {
  this.timeout(120000);
  let k: TestKernel;
  beforeEach(async () => { k = await bootKernel(); });
  afterEach(async () => { await k.stop(); });

  it('the same statement imported 10 times at once: one account, its operations once, the balance once', async () => {
    const bytes = testFile('ofx', 'ofxparse-bank_medium.ofx');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(k, bytes, `medium-${i}.ofx`)));
    expect(answers.map((a) => a.status)).to.deep.equal(Array(10).fill(201));
    expect(answers.reduce((n, a) => n + a.body.added, 0)).to.equal(3);
    expect(answers.reduce((n, a) => n + a.body.duplicates, 0)).to.equal(27);
    const accounts = (await ok(k.http.get(`${API}/accounts`))).data;
    expect(accounts).to.have.length(1);
    expect(accounts[0].balance).to.equal(382.34);
    expect(await allOperations(k)).to.have.length(3);
    await expectConsistent(k);
  });

  it('10 operations categorised, created and split at once on one account: months and balance stay exact', async () => {
    const account = await createAccount(k);
    const cat = await category(k, 'Achats');
    const sub = await category(k, 'Farine', cat._id);
    const ops: Json[] = [];
    for (let i = 0; i < 10; i++) {
      ops.push(await ok(k.http.post(`${API}/operations`, { dateOperation: `2026-11-${String(i + 1).padStart(2, '0')}T12:00:00.000Z`, label: `Op ${i}`, amount: -(i + 1.11), fk: { account: account._id } }), 201));
    }
    const answers = await Promise.all([
      ...ops.map((o) => k.http.put(`${API}/operations/${o._id}`, { fk: { category: cat._id, subCategory: sub._id } })),
      ...ops.slice(0, 5).map((o) => k.http.post(`${API}/operations/${o._id}/split`, { parts: [{ amount: -1 }, { amount: Number((o.amount + 1).toFixed(2)) }] })),
      ...Array.from({ length: 5 }, (_, i) => k.http.post(`${API}/operations`, { dateOperation: '2026-11-20T12:00:00.000Z', label: `Nouvelle ${i}`, amount: 10, fk: { account: account._id } })),
      k.http.post(`${API}/rules/apply`, {}),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).to.be.oneOf([200, 201]);
    await expectConsistent(k);
    // −(1.11 + 2.11 + … + 10.11) + 5 × 10 = −56.1 + 50
    expect((await ok(k.http.get(`${API}/accounts/${account._id}`))).balance).to.equal(-6.1);
  });
});
