/** The demo examples: numbered, hashed and settled like real documents, added once. */
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '@comptoir/schemas';
import plugin from '../server/index.ts';
import { API, bootKernel, makeEligible } from './support.ts';

describe('invoicing : exemples de démonstration', function () {
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  const seed = () => k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => plugin.seedDemo!(ctx), 'invoicing');

  it('n’ajoute rien à une entreprise qui ne peut pas facturer, puis des documents réels une seule fois', async () => {
    await seed();
    expect((await k.http.get(`${API}/invoices`)).body.count).to.equal(0);
    await makeEligible(k);
    await seed();
    await seed();
    const invoices = (await k.http.get(`${API}/invoices`, { query: { sort: { field: 'number', ascending: true } } })).body.data as Invoice[];
    expect(invoices).to.have.length(3);
    expect(invoices.filter((i) => i.numberFull).map((i) => i.status)).to.have.members(['paid', 'partially_paid']);
    expect((await k.http.get(`${API}/quotations`)).body.count).to.equal(1);
    expect((await k.http.get(`${API}/payments`)).body.count).to.equal(2);
  });
});
