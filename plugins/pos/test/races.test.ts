/**
 * Registers under concurrency (README « Concurrency »): every action locks the company's counters,
 * then the register (`getForUpdate`), so N parallel openings of one closed register make exactly one
 * opening, and parallel withdrawals never take out more than the drawer holds. Written for MariaDB
 * (a plain SELECT takes no lock there); on SQLite they pass either way.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { CashRegister } from '../schemas/index.ts';
import { API, bootKernel, cash, createRegister, ok } from './support.ts';

const N = 10;

describe('pos : caisses en concurrence', function () {
  this.timeout(120_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort((a, b) => a - b);

  it(`${N} ouvertures de la même caisse en même temps : une seule passe`, async () => {
    const r = await createRegister(k);
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, i + 1]) })));
    expect(statuses(answers)).to.deep.equal([200, ...Array(N - 1).fill(409)]);
    expect(await k.db('pos_verifications').where({ fk_cashRegister: r._id }).count({ n: '*' }).then(([{ n }]) => Number(n))).to.equal(1);
    const events = await k.db('pos_events').where({ fk_cashRegister: r._id, code: 'register.opened' }).count({ n: '*' });
    expect(Number(events[0].n)).to.equal(1);
    const winner = answers.find((a) => a.status === 200)!;
    const stored = await ok<CashRegister>(k.http.get(`${API}/cash-registers/${r._id}`));
    expect(stored.cash).to.deep.equal(winner.body.cashRegister.cash);
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
  });

  it(`${N} clôtures en même temps : une seule passe`, async () => {
    const r = await createRegister(k);
    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1]) }));
    const answers = await Promise.all(Array.from({ length: N }, () => k.http.post(`${API}/cash-registers/${r._id}/close`, { cash: cash([10, 1]) })));
    expect(statuses(answers)).to.deep.equal([200, ...Array(N - 1).fill(409)]);
  });

  it(`${N} sorties de 20 € d’un tiroir de 50 € en même temps : deux passent`, async () => {
    const r = await createRegister(k);
    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 5]) }));
    const answers = await Promise.all(Array.from({ length: N }, () => k.http.post(`${API}/cash-registers/${r._id}/movements`, { type: 'out', reason: 'Banque', cash: cash([10, 2]) })));
    expect(answers.filter((a) => a.status === 201)).to.have.length(2);
    expect(answers.filter((a) => a.status === 409)).to.have.length(N - 2);
    const stored = await ok<CashRegister>(k.http.get(`${API}/cash-registers/${r._id}`));
    expect(stored.cash).to.deep.equal(cash([10, 1]));
  });

  it('des caisses créées en même temps ont des numéros qui se suivent, sans trou ni doublon', async () => {
    const created = await Promise.all(Array.from({ length: N }, (_, i) => createRegister(k, { name: `Caisse ${i}` })));
    const numbers = created.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).to.deep.equal(Array.from({ length: N }, (_, i) => numbers[0] + i));
  });
});
