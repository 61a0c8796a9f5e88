/**
 * Concurrency (README « Domains », « Menus »): 10 requests at once asking for one domain from two
 * companies get one website and nine 409, never a 500; 10 items at once on one path get one item.
 * Meant for MariaDB (SQLite serialises writers), run on both.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, bootKernel, createSite, ok } from './support.ts';

describe('websites : requêtes simultanées', function () {
  this.timeout(120_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('un domaine demandé 10 fois à la fois par deux entreprises : un site, neuf 409', async () => {
    const other = await ok(k.http.post('/api/kernel/companies', { name: 'Concurrente' }), 201);
    const hb = k.http.as(k.admin.token, other._id);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? hb : k.http).post(`${API}/websites`, { name: `Site ${i}`, domain: 'dispute.fr' })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).to.deep.equal([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const [{ n }] = await k.db('websites_websites').where({ normalizedDomain: 'dispute.fr' }).count({ n: '*' });
    expect(Number(n)).to.equal(1);
  });

  it('un chemin demandé 10 fois à la fois dans un site : un élément', async () => {
    const { menu } = await createSite(k, 'chemin-unique.fr');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => k.http.post(`${API}/menu-items`, { name: `Contact ${i}`, alias: '/contact', fk: { menu: menu._id } })));
    expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
  });
});
