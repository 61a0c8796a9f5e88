/**
 * Issue 11, item 15: an address's `delivery` and `invoicing` flags default to true (schemas README « Address »)
 * wherever an address is written — the company, a user, a profile, customers, providers, contacts
 * and establishments. Before, the company (and users, profiles) refused an address without them.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';

const PLUGINS = ['contacts'].map((id) => path.resolve(import.meta.dirname, '../../plugins', id));
const ADDRESS = { address: '3 place Bellecour', zipCode: '69002', city: 'Lyon', country: 'France' };
const FLAGGED = { ...ADDRESS, delivery: true, invoicing: true };

describe('addresses: delivery and invoicing default to true (issue 11, item 15)', function () {
  let k: TestKernel;
  before(async function () { k = await createTestKernel({ plugins: PLUGINS }); });
  after(async function () { await k?.stop(); });

  it('the company, a user and a profile take an address without the flags, stored true', async function () {
    const company = await k.http.put(`/api/kernel/companies/${k.admin.companyId}`, { address: ADDRESS });
    expect(company.status, JSON.stringify(company.body)).to.equal(200);
    expect(company.body.address).to.deep.equal(FLAGGED);
    const row = await k.db('kernel_companies').where({ _id: k.admin.companyId }).first();
    expect(JSON.parse(row.address)).to.deep.equal(FLAGGED);
    const user = await k.http.put(`/api/kernel/users/${k.admin.userId}`, { addresses: [ADDRESS] });
    expect(user.status, JSON.stringify(user.body)).to.equal(200);
    expect(user.body.addresses).to.deep.equal([FLAGGED]);
    const profile = await k.http.put('/api/kernel/profile', { addresses: [ADDRESS] });
    expect(profile.status, JSON.stringify(profile.body)).to.equal(200);
    expect(profile.body.addresses).to.deep.equal([FLAGGED]);
  });

  it('a flag sent false stays false; a wrong type is still a 400', async function () {
    const res = await k.http.put(`/api/kernel/companies/${k.admin.companyId}`, { address: { ...ADDRESS, delivery: false } });
    expect(res.body.address).to.deep.equal({ ...FLAGGED, delivery: false });
    const bad = await k.http.put(`/api/kernel/companies/${k.admin.companyId}`, { address: { ...ADDRESS, invoicing: 'oui' } });
    expect(bad.status).to.equal(400);
    expect(bad.body.details[0].field).to.equal('address.invoicing');
  });

  it('customers, providers, contacts and establishments alike', async function () {
    for (const [url, body, read] of [
      ['/api/contacts/customers', { name: 'Client', addresses: [ADDRESS] }, (b: { addresses: unknown[] }) => b.addresses[0]],
      ['/api/contacts/providers', { name: 'Fournisseur', addresses: [ADDRESS] }, (b: { addresses: unknown[] }) => b.addresses[0]],
      ['/api/contacts/contacts', { name: 'Contact', addresses: [ADDRESS] }, (b: { addresses: Record<string, unknown>[] }) => ({ ...b.addresses[0], type: undefined })],
      ['/api/kernel/establishments', { name: 'Boutique', address: ADDRESS }, (b: { address: unknown }) => b.address],
    ] as [string, Record<string, unknown>, (b: never) => unknown][]) {
      const res = await k.http.post(url, body);
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).to.equal(201);
      expect(JSON.parse(JSON.stringify(read(res.body as never))), url).to.deep.equal(FLAGGED);
    }
  });
});
