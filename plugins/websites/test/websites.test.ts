/**
 * The API of « Sites web » (README « Routes »): websites and their domains, menus and the path
 * rule, layouts and block settings, articles, variants, home access — French refusals that write
 * nothing.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { PATH_TEMPLATE_SLASH } from '../server/messages.ts';
import { API, block, bootKernel, createSite, ok, oneColumn, rowCounts } from './support.ts';

describe('websites : API', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('crée un site : domaine normalisé, valeurs par défaut du spec, modèle « Classique » proposé', async () => {
    const w = await ok(k.http.post(`${API}/websites`, { name: 'Boulangerie', domain: ' Boulangerie-Exemple.FR ' }), 201);
    expect(w).to.include({ normalizedDomain: 'boulangerie-exemple.fr', enabled: true, autoRobots: true, hosting: 'manual', https: false, letsEncrypt: true });
    const templates = await ok(k.http.get(`${API}/templates`));
    const classique = templates.find((t: { identifier: string }) => t.identifier === 'classique');
    expect(classique).to.include({ public: true, boostrap: 'none' });
    const withTemplate = await ok(k.http.put(`${API}/websites/${w._id}`, { fk: { template: classique._id }, seo: { title: 'Boulangerie Exemple' } }));
    expect(withTemplate.fk.template).to.equal(classique._id);
    expect(withTemplate.normalizedDomain).to.equal('boulangerie-exemple.fr');
  });

  it('refuse un domaine invalide ou déjà pris, même par une autre entreprise (rien d’écrit)', async () => {
    await createSite(k, 'unique.fr');
    const before = await rowCounts(k);
    const bad = await k.http.post(`${API}/websites`, { name: 'X', domain: 'https://mauvais' });
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.match(/^Nom de domaine invalide/);
    const other = await ok(k.http.post('/api/kernel/companies', { name: 'Fromagerie' }), 201);
    const otherHttp = k.http.as(k.admin.token, other._id);
    const taken = await otherHttp.post(`${API}/websites`, { name: 'Y', domain: 'UNIQUE.fr' });
    expect(taken.status).to.equal(409);
    expect(taken.body.message).to.equal('Le domaine « unique.fr » est déjà utilisé par un autre site.');
    expect(await rowCounts(k)).to.deep.equal(before);
    // and an unknown template, or another company's variant
    expect((await k.http.post(`${API}/websites`, { name: 'Z', domain: 'z.fr', fk: { template: '0123456789abcdef01234567' } })).status).to.equal(400);
  });

  it('applique la règle du chemin : message français, phrase du spec en détail, rien d’écrit', async () => {
    const { menu } = await createSite(k, 'chemins.fr');
    const before = await rowCounts(k);
    const res = await k.http.post(`${API}/menu-items`, { name: 'Produits', pathTemplate: 'produits/:categorie', settings: { categorie: 'pains' }, fk: { menu: menu._id } });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.equal(PATH_TEMPLATE_SLASH);
    expect(res.body.details).to.deep.equal([{ field: 'pathTemplate', message: 'Path must start with / (slash)' }]);
    const alias = await k.http.post(`${API}/menu-items`, { name: 'Contact', alias: 'contact', fk: { menu: menu._id } });
    expect(alias.body.details).to.deep.equal([{ field: 'alias', message: 'Path must start with / (slash)' }]);
    expect((await k.http.post(`${API}/menu-items`, { name: 'Sans chemin', fk: { menu: menu._id } })).status).to.equal(400);
    expect(await rowCounts(k)).to.deep.equal(before);
    const ok1 = await ok(k.http.post(`${API}/menu-items`, { name: 'Produits', pathTemplate: '/produits/:categorie', settings: { categorie: 'pains' }, fk: { menu: menu._id } }), 201);
    expect(ok1).to.include({ position: 1, dynamic: false, type: 'page' });
    const dup = await k.http.post(`${API}/menu-items`, { name: 'Encore', alias: '/Produits/pains/', fk: { menu: menu._id } });
    expect(dup.status).to.equal(409);
    const child = await ok(k.http.post(`${API}/menu-items`, { name: 'Sous', alias: '/sous', fk: { menu: menu._id, parent: ok1._id } }), 201);
    const cycle = await k.http.put(`${API}/menu-items/${ok1._id}`, { fk: { parent: child._id } });
    expect(cycle.status).to.equal(400);
    expect(cycle.body.message).to.match(/sous lui-même/);
    const second = await k.http.post(`${API}/menus`, { name: 'Autre principal', main: true, fk: { website: menu.fk.website } });
    expect(second.status).to.equal(409);
  });

  it('vérifie les blocs d’une mise en page et nettoie leur texte', async () => {
    const before = await rowCounts(k);
    const unknown = await k.http.post(`${API}/layouts`, { name: 'X', contents: oneColumn(block('inconnu')) });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.message).to.equal('Type de bloc inconnu : « inconnu ».');
    const wrong = await k.http.post(`${API}/layouts`, { name: 'X', contents: oneColumn(block('blog', { perPage: 'dix' })) });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.details[0].field).to.equal('contents.0.rows.0.cols.0.contents.0.settings.perPage');
    const badColor = await k.http.post(`${API}/layouts`, { name: 'X', contents: [{ fluid: false, style: { background: 'red;x:url(y)' }, rows: [] }] });
    expect(badColor.status).to.equal(400);
    expect(await rowCounts(k)).to.deep.equal(before);
    const layout = await ok(k.http.post(`${API}/layouts`, { name: 'Texte', contents: oneColumn(block('simple-html', { content: '<p onclick="x()">Bonjour<script>alert(1)</script></p>' })) }), 201);
    expect(layout.contents[0].rows[0].cols[0].contents[0].settings.content).to.equal('<p>Bonjour</p>');
    const types = await ok(k.http.get(`${API}/block-types`));
    const ids = types.map((t: { identifier: string }) => t.identifier);
    expect(ids).to.include.members(['single-article', 'simple-html', 'raw-html', 'single-image', 'image-text', 'faq', 'pdf-download', 'blog', 'image-slider', 'embedded-map',
      'menu', 'menu-vertical', 'menu-footer', 'hero', 'about', 'feature', 'get', 'video-intro', 'pricing', 'counter', 'waves-slider', 'nivo-slider', 'websites.opening-hours']);
    expect(types.find((t: { identifier: string }) => t.identifier === 'websites.opening-hours')).to.include({ category: 'business' });
  });

  it('écrit des articles : contenu nettoyé, alias tiré du titre et unique, date d’écriture', async () => {
    const a = await ok(k.http.post(`${API}/articles`, { title: 'Crème brûlée maison', content: '<p>Recette<img src="x" onerror="alert(1)"></p>' }), 201);
    expect(a).to.include({ alias: 'creme-brulee-maison' });
    expect(a.content).to.equal('<p>Recette<img src="x" /></p>');
    expect(a.autoGen).to.deep.equal({ enabled: true });
    const b = await ok(k.http.post(`${API}/articles`, { title: 'Crème brûlée maison' }), 201);
    expect(b.alias).to.equal('creme-brulee-maison-2');
    const chosen = await k.http.post(`${API}/articles`, { title: 'Autre', alias: 'creme-brulee-maison', autoGen: { enabled: false } });
    expect(chosen.status).to.equal(409);
    expect((await k.http.post(`${API}/articles`, { title: 'Mauvais alias', alias: 'Pas Bon', autoGen: { enabled: false } })).status).to.equal(400);
    const renamed = await ok(k.http.put(`${API}/articles/${b._id}`, { title: 'Tarte tatin' }));
    expect(renamed.alias).to.equal('tarte-tatin');
  });

  it('vérifie les variantes contre les paramètres du modèle', async () => {
    const v = await ok(k.http.post(`${API}/variants`, { name: 'Bleu', templateIdentifier: 'classique', params: [{ name: 'primary', value: '#1e40af' }] }), 201);
    expect(v.params).to.deep.equal([{ name: 'primary', value: '#1e40af' }]);
    const bad = await k.http.post(`${API}/variants`, { name: 'X', templateIdentifier: 'classique', params: [{ name: 'primary', value: 'red;}' }] });
    expect(bad.status).to.equal(400);
    expect(bad.body.details[0].field).to.equal('params.0.value');
    expect((await k.http.post(`${API}/variants`, { name: 'X', templateIdentifier: 'inconnu' })).status).to.equal(400);
  });

  it('répond à l’accès d’accueil d’un domaine, sans compte', async () => {
    const { website } = await createSite(k, 'accueil.fr');
    const res = await ok(k.anonymous.get(`${API}/home-access`, { query: { domain: 'ACCUEIL.fr' } }));
    expect(res.website._id).to.equal(website._id);
    expect(res.company.name).to.be.a('string');
    expect(res).to.include.keys('template', 'variant', 'defaultLayout', 'defaultWrapLayout', 'customer');
    expect((await k.anonymous.get(`${API}/home-access`, { query: { domain: 'inconnu.fr' } })).status).to.equal(404);
    expect((await k.anonymous.get(`${API}/home-access`)).status).to.equal(400);
  });
});
