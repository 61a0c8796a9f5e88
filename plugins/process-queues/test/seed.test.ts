/** The demo data: seeded once in a company, never twice. */
import path from 'node:path';
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { seedDemo } from '../server/seed.ts';

const pluginDir = path.resolve(import.meta.dirname, '..');

describe('process-queues : données de démonstration', function () {
  this.timeout(30000);
  let k: TestKernel;

  before(async () => {
    k = await createTestKernel({ plugins: [pluginDir] });
  });

  after(async () => {
    await k?.stop();
  });

  it('ajoute la file d’exemple une seule fois, valide', async () => {
    const seed = () => k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => seedDemo(ctx), 'process-queues');
    await seed();
    await seed();
    const res = await k.http.get('/api/process-queues/queues');
    expect(res.body.count).to.equal(1);
    expect(res.body.data[0].name).to.equal('Demande de remise');
    const report = await k.http.post(`/api/process-queues/queues/${res.body.data[0]._id}/validate`);
    expect(report.body).to.deep.equal({ valid: true, errors: [], warnings: [] });
  });
});
