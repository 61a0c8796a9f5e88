/** The demo data: seeded once in a company, never twice. */
import path from 'node:path';
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { seedDemo } from '../server/seed.ts';

const pluginDir = path.resolve(import.meta.dirname, '..');

describe('surveys : données de démonstration', function () {
  this.timeout(30000);
  let k: TestKernel;

  before(async () => {
    k = await createTestKernel({ plugins: [pluginDir] });
  });

  after(async () => {
    await k?.stop();
  });

  it('ajoute les exemples une seule fois', async () => {
    const seed = () => k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => seedDemo(ctx), 'surveys');
    await seed();
    await seed();
    const res = await k.http.get('/api/surveys/items');
    expect(res.body.count).to.equal(2);
    expect(res.body.data.map((i: { name: string }) => i.name).sort()).to.deep.equal(['Pain de campagne', 'Tarte aux pommes (6 parts)']);
  });
});
