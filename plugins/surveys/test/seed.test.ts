/** The demo data: seeded once in a company, never twice; its answers counted like any other. */
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import { seedDemo } from '../server/seed.ts';
import { API, bootKernel, ok } from './support.ts';

describe('surveys : données de démonstration', function () {
  this.timeout(30000);
  let k: TestKernel;

  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('ajoute le questionnaire d’exemple et ses réponses une seule fois', async () => {
    const seed = () => k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => seedDemo(ctx), 'surveys');
    await seed();
    await seed();
    const list = await ok(k.http.get(`${API}/surveys`));
    expect(list.count).to.equal(1);
    expect(list.data[0]).to.include({ name: 'Satisfaction client', realResultsCount: 3, testResultsCount: 0 });
    const stats = await ok(k.http.get(`${API}/surveys/${list.data[0]._id}/statistics`));
    expect(stats.statistics.find((s: { name: string }) => s.name === 'note').average).to.equal(4);
  });
});
