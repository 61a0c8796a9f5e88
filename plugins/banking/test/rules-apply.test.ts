/**
 * Rules through the API (README « Rules »): applied on import, on demand over a date range, with a
 * dry run listing what would change and writing nothing; a rule typed in the editor previewed.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, bootKernel, category, expectConsistent, fixture, ok, rowCounts, testFile, upload } from './support.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON answers
type Json = any;

describe('banking rules through the API', function () {
  this.timeout(60000);
  let k: TestKernel;
  let fees: Json; let bank: Json;
  beforeEach(async () => {
    k = await bootKernel();
    bank = await category(k, 'Banque');
    fees = await category(k, 'Frais', bank._id);
  });
  afterEach(async () => { await k.stop(); });

  const ops = async () => (await ok(k.http.get(`${API}/operations`, { query: { sort: { field: 'dateOperation', ascending: true } } }))).data;

  it('applied on import: the new operations are classified, the report counts them', async () => {
    await ok(k.http.post(`${API}/rules`, {
      name: 'Chèques', detection: { label: { mode: 'regex', value: 'CHECK # (\\d+) FOR \\$([\\d.]+)' } },
      actions: { category: bank._id, subCategory: fees._id, label: 'Chèque n° $1 ($2 $)', location: 'Agence' },
    }), 201);
    const report = await ok(upload(k, testFile('ofx', 'ofxparse-checking.ofx'), 'checking.ofx'), 201);
    const list = await ops();
    const classified = list.filter((o: Json) => o.fk.category === bank._id);
    expect(report.classified).to.equal(classified.length);
    expect(classified.map((o: Json) => [o.label, o.location, o.amount])).to.deep.equal([['Chèque n° 319 (45.33 $)', 'Agence', -25]]);
    await expectConsistent(k);
  });

  it('on demand over a date range: dry run lists and writes nothing; then applied; then nothing left to change', async () => {
    await ok(upload(k, testFile('ofx', 'ofxparse-checking.ofx'), 'checking.ofx'), 201);
    const rule = await ok(k.http.post(`${API}/rules`, {
      name: 'Sorties', detection: { amount: { mode: 'lt', value: 0 } }, actions: { category: bank._id, subCategory: fees._id, transactionMode: 'fees' },
    }), 201);
    const range = { startDate: '2011-04-01T00:00:00.000Z', endDate: '2011-04-30T23:59:59.999Z' };
    const before = await rowCounts(k);
    const dry = await ok(k.http.post(`${API}/rules/apply`, { ...range, dryRun: true }));
    expect(dry).to.deep.include({ dryRun: true, examined: 2, changed: 2 });
    expect(dry.changes[0]).to.deep.include({ ruleIds: [rule._id] });
    expect(dry.changes[0].after).to.deep.equal({ 'fk.category': bank._id, 'fk.subCategory': fees._id, transactionMode: 'fees' });
    expect(dry.changes[0].before).to.deep.equal({ 'fk.category': null, 'fk.subCategory': null, transactionMode: 'unknown' });
    expect(await rowCounts(k)).to.deep.equal(before);
    expect((await ops()).filter((o: Json) => o.fk.category)).to.have.length(0);
    const applied = await ok(k.http.post(`${API}/rules/apply`, range));
    expect(applied).to.deep.include({ dryRun: false, examined: 2, changed: 2 });
    expect((await ops()).filter((o: Json) => o.fk.category === bank._id)).to.have.length(2);
    const again = await ok(k.http.post(`${API}/rules/apply`, range));
    expect(again.changed).to.equal(0);
    const [, april] = (await ok(k.http.get(`${API}/months`))).data;
    expect(april.subCategories).to.deep.equal([{ id: fees._id, income: 0, outcome: 59.51, total: -59.51, count: 2 }]);
    await expectConsistent(k);
  });

  it('a rule typed in the editor is previewed without being saved (dry run only)', async () => {
    await ok(upload(k, fixture('aggregator.json'), 'agg.json'), 201);
    const preview = await ok(k.http.post(`${API}/rules/apply`, {
      dryRun: true, rule: { detection: { label: { mode: 'regex', value: 'PRLV SEPA (\\w+)' } }, actions: { label: 'Cotisations $1' } },
    }));
    expect(preview.changed).to.equal(1);
    expect(preview.changes[0].after).to.deep.equal({ label: 'Cotisations URSSAF' });
    expect((await k.db('banking_rules').count({ n: '*' }))[0].n).to.satisfy((n: unknown) => Number(n) === 0);
  });

  it('a disabled rule is not applied; rules named are; accounts narrow it', async () => {
    await ok(upload(k, fixture('aggregator.json'), 'agg.json'), 201);
    const rule = await ok(k.http.post(`${API}/rules`, { name: 'URSSAF', enabled: false, detection: { label: { mode: 'contains', value: 'urssaf' } }, actions: { location: 'Paris' } }), 201);
    expect((await ok(k.http.post(`${API}/rules/apply`, {}))).changed).to.equal(0);
    const other = await ok(k.http.post(`${API}/accounts`, { name: 'Autre' }), 201);
    expect((await ok(k.http.post(`${API}/rules/apply`, { rules: [rule._id], accounts: [other._id] }))).changed).to.equal(0);
    expect((await k.http.post(`${API}/rules/apply`, { rules: [rule._id], accounts: ['aaaaaaaaaaaaaaaaaaaaaaaa'] })).status).to.equal(400);
    expect((await ok(k.http.post(`${API}/rules/apply`, { rules: [rule._id] }))).changed).to.equal(1);
    expect((await ops()).find((o: Json) => o.label === 'URSSAF').location).to.equal('Paris');
  });

  it('a pathological regex saved in a rule answers quickly on a long label (linear engine)', async () => {
    await ok(k.http.post(`${API}/operations`, { dateOperation: '2026-11-05T12:00:00.000Z', label: `${'a'.repeat(250)}!`, amount: -1, fk: { account: (await ok(k.http.post(`${API}/accounts`, { name: 'c' }), 201))._id } }), 201);
    await ok(k.http.post(`${API}/rules`, { name: 'ReDoS', detection: { label: { mode: 'regex', value: '^(a+)+$' } }, actions: { label: 'x' } }), 201);
    const res = await ok(k.http.post(`${API}/rules/apply`, { dryRun: true }));
    expect(res).to.deep.include({ examined: 1, changed: 0 });
  });
});
