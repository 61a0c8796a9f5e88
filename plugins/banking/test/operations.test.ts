/**
 * Operations, categories, groups, contracts and months through the API (README « Operations »,
 * « Split », « Months »): the months and the balance kept in the writes equal a recount.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, allOperations, bootKernel, category, createAccount, expectConsistent, ok, rowCounts } from './support.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON answers
type Json = any;

describe('banking operations', function () {
  this.timeout(60000);
  let k: TestKernel;
  let account: Json;
  let food: Json; let bread: Json; let energy: Json; let power: Json;
  beforeEach(async () => {
    k = await bootKernel();
    account = await createAccount(k, { name: 'Courant', balance: 100 });
    food = await category(k, 'Achats');
    bread = await category(k, 'Farine', food._id);
    energy = await category(k, 'Énergie');
    power = await category(k, 'Électricité', energy._id);
  });
  afterEach(async () => { await k.stop(); });

  const create = (body: Json) => ok(k.http.post(`${API}/operations`, { dateOperation: '2026-11-05T12:00:00.000Z', label: 'Opération', amount: -10, fk: { account: account._id }, ...body }), 201);

  it('a manual operation: defaults, balance and month moved, in the same request', async () => {
    const op = await create({ label: 'Achat farine', amount: -120.4, fk: { account: account._id, category: food._id, subCategory: bread._id } });
    expect(op).to.deep.include({ source: 'manual', transactionMode: 'unknown', subOperationsCount: 0 });
    expect((await ok(k.http.get(`${API}/accounts/${account._id}`))).balance).to.equal(-20.4);
    const [month] = (await ok(k.http.get(`${API}/months`))).data;
    expect(month).to.deep.include({ date: '2026-11', income: 0, outcome: 120.4, total: -120.4 });
    expect(month.subCategories).to.deep.equal([{ id: bread._id, income: 0, outcome: 120.4, total: -120.4, count: 1 }]);
    await expectConsistent(k);
  });

  it('categorising, moving to another month and account, deleting: months and balances follow exactly', async () => {
    const other = await createAccount(k, { name: 'Livret' });
    const a = await create({ amount: -0.1 });
    const b = await create({ amount: -0.2, dateOperation: '2026-10-31T12:00:00.000Z' });
    await create({ amount: 1000.33 });
    await ok(k.http.put(`${API}/operations/${a._id}`, { fk: { category: energy._id, subCategory: power._id } }));
    await ok(k.http.put(`${API}/operations/${b._id}`, { dateOperation: '2026-12-01T12:00:00.000Z', amount: -0.3, fk: { account: other._id } }));
    await expectConsistent(k);
    // a category changed alone drops the sub-category of the old one
    const recat = await ok(k.http.put(`${API}/operations/${a._id}`, { fk: { category: food._id } }));
    expect(recat.fk).to.deep.include({ category: food._id, subCategory: null });
    await ok(k.http.delete(`${API}/operations/${a._id}`), 204);
    await expectConsistent(k);
    expect((await ok(k.http.get(`${API}/accounts/${account._id}`))).balance).to.equal(1100.33);
    expect((await ok(k.http.get(`${API}/accounts/${other._id}`))).balance).to.equal(-0.3);
    expect((await ok(k.http.get(`${API}/months`))).data.map((m: Json) => m.date)).to.deep.equal(['2026-11', '2026-12']);
  });

  it('a sub-category must belong to its category; a sub-category is not a category', async () => {
    const wrong = await k.http.post(`${API}/operations`, { dateOperation: '2026-11-05T12:00:00.000Z', label: 'x', amount: -1, fk: { account: account._id, category: food._id, subCategory: power._id } });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.message).to.equal('La sous-catégorie « Électricité » n’appartient pas à la catégorie « Achats ».');
    const alone = await k.http.post(`${API}/operations`, { dateOperation: '2026-11-05T12:00:00.000Z', label: 'x', amount: -1, fk: { account: account._id, subCategory: power._id } });
    expect(alone.status).to.equal(400);
    const sub = await k.http.post(`${API}/operations`, { dateOperation: '2026-11-05T12:00:00.000Z', label: 'x', amount: -1, fk: { account: account._id, category: power._id } });
    expect(sub.status).to.equal(400);
    expect(sub.body.message).to.match(/est une sous-catégorie/);
  });

  it('split: parts must add up exactly; they carry the categories; the balance does not move; undone by no part', async () => {
    const op = await create({ label: 'CB METRO', amount: -100.01 });
    const uneven = await k.http.post(`${API}/operations/${op._id}/split`, { parts: [{ amount: -50 }, { amount: -50 }] });
    expect(uneven.status).to.equal(400);
    expect(uneven.body.message).to.equal('La somme des sous-opérations (-100.00 €) doit être égale au montant de l’opération (-100.01 €).');
    const split = await ok(k.http.post(`${API}/operations/${op._id}/split`, { parts: [
      { amount: -60.01, label: 'Farine', fk: { category: food._id, subCategory: bread._id } },
      { amount: -40, fk: { category: energy._id, subCategory: power._id } },
    ] }));
    expect(split.operation.subOperationsCount).to.equal(2);
    expect(split.parts.map((p: Json) => [p.amount, p.label, p.source, p.fk.parent])).to.deep.equal([[-60.01, 'Farine', 'split', op._id], [-40, 'CB METRO', 'split', op._id]]);
    expect((await ok(k.http.get(`${API}/accounts/${account._id}`))).balance).to.equal(-0.01);
    const [month] = (await ok(k.http.get(`${API}/months`))).data;
    expect(month.categories.map((c: Json) => [c.id, c.total])).to.deep.equal([[food._id, -60.01], [energy._id, -40]].sort(([a], [b]) => (a < b ? -1 : 1)));
    await expectConsistent(k);
    // a part alone cannot change amount, be split or deleted; the parent keeps its amount while split
    const part = split.parts[0];
    expect((await k.http.put(`${API}/operations/${part._id}`, { amount: -1 })).status).to.equal(409);
    expect((await k.http.post(`${API}/operations/${part._id}/split`, { parts: [] })).status).to.equal(409);
    expect((await k.http.delete(`${API}/operations/${part._id}`)).status).to.equal(409);
    expect((await k.http.put(`${API}/operations/${op._id}`, { amount: -5 })).status).to.equal(409);
    // a part may be classified
    await ok(k.http.put(`${API}/operations/${part._id}`, { fk: { category: energy._id, subCategory: power._id } }));
    await expectConsistent(k);
    // split again, then undo
    await ok(k.http.post(`${API}/operations/${op._id}/split`, { parts: [{ amount: -100 }, { amount: -0.01 }] }));
    await expectConsistent(k);
    const undone = await ok(k.http.post(`${API}/operations/${op._id}/split`, { parts: [] }));
    expect(undone.operation.subOperationsCount).to.equal(0);
    expect((await allOperations(k)).length).to.equal(1);
    await expectConsistent(k);
    // a split parent deleted goes with its parts
    await ok(k.http.post(`${API}/operations/${op._id}/split`, { parts: [{ amount: -100 }, { amount: -0.01 }] }));
    await ok(k.http.delete(`${API}/operations/${op._id}`), 204);
    expect(await allOperations(k)).to.deep.equal([]);
    await expectConsistent(k);
  });

  it('categories: two levels; used ones are kept (409)', async () => {
    const deeper = await k.http.post(`${API}/categories`, { name: 'Trop bas', parent: bread._id });
    expect(deeper.status).to.equal(400);
    expect(deeper.body.message).to.match(/deux niveaux/);
    expect((await k.http.put(`${API}/categories/${food._id}`, { parent: energy._id })).status).to.equal(400);
    expect((await k.http.put(`${API}/categories/${food._id}`, { parent: food._id })).status).to.equal(400);
    await create({ fk: { account: account._id, category: energy._id, subCategory: power._id } });
    expect((await k.http.delete(`${API}/categories/${power._id}`)).status).to.equal(409);
    expect((await k.http.delete(`${API}/categories/${food._id}`)).status).to.equal(409);
    await ok(k.http.delete(`${API}/categories/${bread._id}`), 204);
    await ok(k.http.delete(`${API}/categories/${food._id}`), 204);
    expect((await ok(k.http.post(`${API}/categories`, { name: 'Ventes', credit: true }), 201)).credit).to.equal(true);
  });

  it('groups and contracts: linked to operations; a contract answers its next payments', async () => {
    const group = await ok(k.http.post(`${API}/groups`, { name: 'Salon de Paris' }), 201);
    const contract = await ok(k.http.post(`${API}/contracts`, {
      name: 'Assurance', paymentFrequency: 'monthly', renewFrequency: 'yearly', firstPaymentDate: '2020-01-31T12:00:00.000Z', startDate: '2020-01-31T12:00:00.000Z',
      fk: { category: energy._id, subCategory: power._id },
    }), 201);
    expect(contract.nextPayments).to.have.length(3);
    // the last day of each month from the 31st (30 in April, 28 or 29 in February), from today on
    const today = new Date().toISOString().slice(0, 10);
    for (const day of contract.nextPayments) {
      expect(day >= today || day === new Date(Date.now() - 86400000).toISOString().slice(0, 10)).to.equal(true);
      const [y, m, d] = day.split('-').map(Number);
      expect(d).to.equal(new Date(Date.UTC(y, m, 0)).getUTCDate());
    }
    expect(contract.nextRenewal).to.match(/^\d{4}-01-31$/);
    const op = await create({ fk: { account: account._id, groups: [group._id], contracts: [contract._id] } });
    expect(op.fk.groups).to.deep.equal([group._id]);
    expect((await k.http.delete(`${API}/groups/${group._id}`)).status).to.equal(409);
    expect((await k.http.delete(`${API}/contracts/${contract._id}`)).status).to.equal(409);
    const list = await ok(k.http.get(`${API}/contracts`));
    expect(list.data[0].nextPayments).to.have.length(3);
  });

  it('accounts: a typed balance sets the correction; an account with operations is kept', async () => {
    await create({ amount: -30 });
    const updated = await ok(k.http.put(`${API}/accounts/${account._id}`, { balance: 500 }));
    expect(updated).to.deep.include({ balance: 500, balanceCorrection: 530, manualAutoBalance: true });
    expect((await k.http.delete(`${API}/accounts/${account._id}`)).status).to.equal(409);
    const empty = await createAccount(k, { name: 'Vide' });
    expect(empty).to.deep.include({ type: 'bank', balance: 0, balanceCorrection: 0, manualAutoBalance: false });
    await ok(k.http.delete(`${API}/accounts/${empty._id}`), 204);
  });

  it('bad input on every route: a French 4xx, never a 500, nothing written', async () => {
    const op = await create({});
    const before = await rowCounts(k);
    const bad: [string, string, unknown, number][] = [
      ['POST', '/operations', {}, 400],
      ['POST', '/operations', { dateOperation: 'hier', label: 'x', amount: 1, fk: { account: account._id } }, 400],
      ['POST', '/operations', { dateOperation: '2026-11-05T12:00:00.000Z', label: 'x', amount: 'dix', fk: { account: account._id } }, 400],
      ['POST', '/operations', { dateOperation: '2026-11-05T12:00:00.000Z', label: 'x', amount: 1, fk: { account: 'aaaaaaaaaaaaaaaaaaaaaaaa' } }, 400],
      ['POST', '/operations', { dateOperation: '2026-11-05T12:00:00.000Z', label: 'x', amount: 1e12, fk: { account: account._id } }, 400],
      ['PUT', `/operations/${op._id}`, { transactionMode: 'troc' }, 400],
      ['PUT', `/operations/${op._id}`, { fk: { customer: 'aaaaaaaaaaaaaaaaaaaaaaaa' } }, 400],
      ['PUT', '/operations/pas-un-id', {}, 400],
      ['PUT', '/operations/aaaaaaaaaaaaaaaaaaaaaaaa', {}, 404],
      ['POST', `/operations/${op._id}/split`, { parts: 'deux' }, 400],
      ['POST', `/operations/${op._id}/split`, { parts: [{ amount: -10 }] }, 400],
      ['POST', '/accounts', { name: '' }, 400],
      ['POST', '/accounts', { name: 'x', type: 'coffre' }, 400],
      ['PUT', `/accounts/${account._id}`, { balance: 'beaucoup' }, 400],
      ['POST', '/categories', {}, 400],
      ['POST', '/categories', { name: 'x', parent: 'aaaaaaaaaaaaaaaaaaaaaaaa' }, 400],
      ['POST', '/groups', { name: 3 }, 400],
      ['POST', '/contracts', { name: 'x', paymentFrequency: 'parfois' }, 400],
      ['POST', '/contracts', { name: 'x', fk: { category: food._id, subCategory: power._id } }, 400],
      ['POST', '/rules', { name: 'r', detection: { label: { mode: 'regex', value: '(' } }, actions: { label: 'x' } }, 400],
      ['POST', '/rules', { name: 'r', detection: {}, actions: { label: 'x' } }, 400],
      ['POST', '/rules', { name: 'r', detection: { amount: { mode: 'lt', value: 0 } }, actions: { category: food._id } }, 400],
      ['POST', '/rules', { name: 'r', detection: { amount: { mode: 'between', min: 0 } }, actions: { label: 'x' } }, 400],
      ['POST', '/rules', { name: 'r', detection: { amount: { mode: 'environ', value: 0 } }, actions: { label: 'x' } }, 400],
      ['POST', '/rules', { name: 'r', detection: { accounts: ['aaaaaaaaaaaaaaaaaaaaaaaa'] }, actions: { label: 'x' } }, 400],
      ['POST', '/rules/apply', { startDate: 'hier' }, 400],
      ['POST', '/rules/apply', { rule: { detection: { amount: { mode: 'lt', value: 0 } }, actions: { label: 'x' } } }, 400],
      ['POST', '/rules/apply', { rules: ['aaaaaaaaaaaaaaaaaaaaaaaa'] }, 400],
      ['GET', '/operations?filters=%7B%22nope%22%3A%7B%7D%7D', undefined, 400],
      ['GET', '/months?accounts=xyz', undefined, 400],
      ['GET', '/months?from=2026-13', undefined, 400],
    ];
    for (const [method, path, body, status] of bad) {
      const res = await k.http.request(method, `${API}${path}`, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).to.equal(status);
      expect(res.body.message, `${method} ${path}`).to.be.a('string').and.not.match(/Internal|undefined/);
    }
    expect(await rowCounts(k)).to.deep.equal(before);
  });
});
