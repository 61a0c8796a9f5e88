import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { fixture } from './support/boot.ts';
import { seen } from './fixtures/plugins/alpha/server/index.ts';

describe('events and transactions', () => {
  let k: TestKernel;
  before(async () => { k = await createTestKernel({ plugins: [fixture('alpha')] }); });
  after(() => k?.stop());
  beforeEach(() => { seen.length = 0; });

  it('publishes entity events after the commit, to subscribers running in the event’s company', async () => {
    const res = await k.http.post('/api/alpha/notes', { title: 'Commande' });
    expect(res.status).to.equal(201);
    expect(seen).to.have.length(1);
    expect(seen[0].event).to.include({ name: 'alpha.note.created', companyId: k.admin.companyId, userId: k.admin.userId });
    expect(seen[0].event.payload).to.deep.equal({ _id: res.body._id, entity: 'alpha.notes' });
    // the subscriber saw the committed row
    expect(seen[0].visibleNotes).to.equal(1);
  });

  it('rolls back every write of a failed request and publishes nothing', async () => {
    const before = await k.db('alpha_notes').count({ n: '*' });
    const activitiesBefore = await k.db('kernel_activities').count({ n: '*' });
    const res = await k.http.post('/api/alpha/notes-then-fail', {});
    expect(res.status).to.equal(409);
    expect(res.body).to.deep.equal({ status: 409, code: 'CONFLICT', message: 'Refus volontaire après écriture.', details: [] });
    expect(await k.db('alpha_notes').count({ n: '*' })).to.deep.equal(before);
    expect(await k.db('kernel_activities').count({ n: '*' })).to.deep.equal(activitiesBefore);
    expect(seen).to.have.length(0);
  });

  it('writes one activity per change with the JSON Patch of the change', async () => {
    const created = await k.http.post('/api/alpha/notes', { title: 'Avant' });
    const updated = await k.http.put(`/api/alpha/notes/${created.body._id}`, { title: 'Après' });
    expect(updated.status).to.equal(200);
    const rows = await k.db('kernel_activities').where({ fk_object: created.body._id }).orderBy('_id');
    expect(rows).to.have.length(2);
    const patch = typeof rows[1].data === 'string' ? JSON.parse(rows[1].data) : rows[1].data;
    expect(patch).to.deep.equal([{ op: 'replace', path: '/title', value: 'Après' }]);
    expect(rows[1].by).to.equal(k.admin.userId);
    expect(rows[1].objectType).to.equal('alpha.notes');
    const same = await k.http.put(`/api/alpha/notes/${created.body._id}`, { title: 'Après' });
    expect(same.status).to.equal(200);
    expect(await k.db('kernel_activities').where({ fk_object: created.body._id }).count({ n: '*' }).first())
      .to.satisfy((r: { n: unknown }) => Number(r.n) === 2);
  });
});
