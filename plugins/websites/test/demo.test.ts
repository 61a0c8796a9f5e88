/** The demo company's website (server/seed.ts): written through the plugin's rules, every page drawn, idempotent. */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { seedDemo } from '../server/seed.ts';
import { DEMO_DOMAIN } from '../server/services/sites/demo-site.ts';
import { bootKernel, siteGet } from './support.ts';

describe('websites : site de démonstration', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('une boulangerie : accueil, pains, blog, contact, plan du site ; une seule fois', async () => {
    const seed = () => k.kernel.asSystem(k.admin.companyId, seedDemo, 'websites');
    await seed();
    await seed();
    const [{ n }] = await k.db('websites_websites').count({ n: '*' });
    expect(Number(n)).to.equal(1);
    const home = await siteGet(k, DEMO_DOMAIN, '/');
    expect(home.status).to.equal(200);
    expect(home.body).to.contain('<h1>Boulangerie Martin</h1>').and.contain('Farines locales').and.contain('<title>Accueil — Boulangerie Martin — Lyon</title>');
    expect((await siteGet(k, DEMO_DOMAIN, '/nos-pains')).body).to.contain('Faites-vous du pain sans gluten ?');
    const blog = await siteGet(k, DEMO_DOMAIN, '/blog');
    expect(blog.body).to.contain('La galette des rois est de retour').and.contain('Pourquoi notre pain se garde-t-il si longtemps ?');
    expect((await siteGet(k, DEMO_DOMAIN, '/article/la-galette-des-rois-est-de-retour')).body).to.contain('tout le mois de janvier');
    expect((await siteGet(k, DEMO_DOMAIN, '/contact')).body).to.contain('openstreetmap.org');
    expect((await siteGet(k, DEMO_DOMAIN, '/sitemap.xml')).body).to.contain(`<loc>http://${DEMO_DOMAIN}/nos-pains</loc>`);
  });
});
