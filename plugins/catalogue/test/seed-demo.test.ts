/** The demo catalogue: seeded once, prices completed by the same rule as the API. */
import path from 'node:path';
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { seedDemo } from '../server/seed.ts';

const pluginDir = path.resolve(import.meta.dirname, '..');

describe('catalogue: demo data', function () {
  let k: TestKernel;
  before(async function () { k = await createTestKernel({ plugins: [pluginDir] }); });
  after(async function () { await k?.stop(); });

  const seed = () => k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => seedDemo(ctx), 'catalogue');

  it('adds the bakery’s items once, with both prices', async function () {
    await seed();
    await seed();
    const res = await k.http.get('/api/catalogue/items?pagination={"quantity":50}');
    expect(res.body.count).to.equal(13);
    const baguette = res.body.data.find((i: { name: string }) => i.name === 'Baguette tradition');
    // 1.30 TTC at 5.5 %: 1.30 / 1.055 = 1.2322… -> 1.23 HT
    expect(baguette).to.include({ vat: 5.5, inclTaxesPrice: 1.3, exclTaxesPrice: 1.23, enabled: true, salesCount: 0 });
    const workshop = res.body.data.find((i: { name: string }) => i.name === 'Atelier pâtisserie (2 h)');
    expect(workshop).to.include({ type: 'service', exclTaxesPrice: 45, inclTaxesPrice: 54 });
  });
});
