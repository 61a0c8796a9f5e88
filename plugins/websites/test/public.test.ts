/**
 * The public pages on the kernel's own port, chosen by Host (README « Rendering », « Cache »):
 * two companies' sites side by side, the French 404, ETag and 304, sitemap and robots, the blog's
 * pages, dynamic menu items from groups, scripts kept from visitors, `www.` redirected, and the
 * shell's own host left to the shell.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { API, block, bootKernel, createSite, ok, oneColumn, pluginDir, siteGet } from './support.ts';

describe('websites : pages publiques', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('deux sites de deux entreprises sur un serveur : chacun ne montre que ses données', async () => {
    const a = await createSite(k, 'boulangerie-a.fr');
    const other = await ok(k.http.post('/api/kernel/companies', { name: 'Fromagerie Dupont' }), 201);
    const hb = k.http.as(k.admin.token, other._id);
    const b = await createSite(k, 'fromagerie-b.fr', hb);
    const la = await ok(k.http.post(`${API}/layouts`, { name: 'A', contents: oneColumn(block('hero', { title: 'Pain de A' }), block('blog', {})) }), 201);
    const lb = await ok(hb.post(`${API}/layouts`, { name: 'B', contents: oneColumn(block('hero', { title: 'Fromage de B' }), block('blog', {})) }), 201);
    await ok(k.http.post(`${API}/menu-items`, { name: 'Accueil A', alias: '/', fk: { menu: a.menu._id, layout: la._id, homeForWebsites: [a.website._id] } }), 201);
    await ok(hb.post(`${API}/menu-items`, { name: 'Accueil B', alias: '/', fk: { menu: b.menu._id, layout: lb._id, homeForWebsites: [b.website._id] } }), 201);
    await ok(k.http.post(`${API}/articles`, { title: 'Secret de A' }), 201);
    await ok(hb.post(`${API}/articles`, { title: 'Nouvelles de B' }), 201);
    // B's company cannot use A's layout for its own item (references are checked in the company)
    expect((await hb.post(`${API}/menu-items`, { name: 'Vol', alias: '/vol', fk: { menu: b.menu._id, layout: la._id } })).status).to.equal(400);

    const pa = await siteGet(k, 'boulangerie-a.fr', '/');
    const pb = await siteGet(k, 'fromagerie-b.fr:8080', '/');
    expect(pa.status).to.equal(200);
    expect(pb.status).to.equal(200);
    expect(pa.body).to.contain('Pain de A').and.contain('Secret de A').and.contain('Accueil A');
    expect(pa.body).to.not.contain('Fromage de B').and.not.contain('Nouvelles de B');
    expect(pb.body).to.contain('Fromage de B').and.contain('Nouvelles de B').and.contain('Fromagerie Dupont');
    expect(pb.body).to.not.contain('Pain de A').and.not.contain('Secret de A');
    expect((await siteGet(k, 'fromagerie-b.fr', '/article/secret-de-a')).status).to.equal(404);
    expect((await siteGet(k, 'boulangerie-a.fr', '/article/secret-de-a')).status).to.equal(200);
  });

  it('une page inconnue : 404 en français, dans le cadre du site, non indexée', async () => {
    await createSite(k, 'perdu.fr');
    const res = await siteGet(k, 'perdu.fr', '/nulle-part');
    expect(res.status).to.equal(404);
    expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(res.body).to.contain('<h1>Page introuvable</h1>').and.contain('La page demandée n’existe pas ou a été déplacée.');
    expect(res.body).to.contain('<meta name="robots" content="noindex">');
    expect(res.body).to.contain('<html lang="fr">');
  });

  it('ETag et 304, cache-control, compression, politique de sécurité sans script étranger', async () => {
    await createSite(k, 'cache.fr');
    const first = await siteGet(k, 'cache.fr', '/', { 'Accept-Encoding': 'br' });
    expect(first.headers['content-encoding']).to.equal('br');
    expect(first.headers['cache-control']).to.equal('public, max-age=0, must-revalidate');
    expect(first.headers.etag).to.match(/^"[\w-]{27}"$/);
    expect(first.headers['content-security-policy']).to.contain("script-src 'self'").and.not.contain("'unsafe-inline' https:");
    const again = await siteGet(k, 'cache.fr', '/', { 'If-None-Match': first.headers.etag as string });
    expect(again.status).to.equal(304);
    expect(again.raw.length).to.equal(0);
    const css = first.body.match(/href="(\/_site\/classique\/site\.css\?v=[0-9a-f]+)"/)![1];
    const file = await siteGet(k, 'cache.fr', css);
    expect(file.status).to.equal(200);
    expect(file.headers['content-type']).to.equal('text/css; charset=utf-8');
    expect(file.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    expect((await siteGet(k, 'cache.fr', '/_site/classique/../../package.json')).status).to.equal(404);
  });

  it('un changement du site se voit à la requête suivante (le cache l’oublie)', async () => {
    const { website, menu } = await createSite(k, 'change.fr');
    const layout = await ok(k.http.post(`${API}/layouts`, { name: 'A', contents: oneColumn(block('hero', { title: 'Avant' })) }), 201);
    await ok(k.http.post(`${API}/menu-items`, { name: 'Accueil', alias: '/', fk: { menu: menu._id, layout: layout._id, homeForWebsites: [website._id] } }), 201);
    expect((await siteGet(k, 'change.fr', '/')).body).to.contain('Avant');
    await ok(k.http.put(`${API}/layouts/${layout._id}`, { contents: oneColumn(block('hero', { title: 'Après' })) }));
    expect((await siteGet(k, 'change.fr', '/')).body).to.contain('Après');
    await ok(k.http.put(`${API}/websites/${website._id}`, { enabled: false }));
    const off = await siteGet(k, 'change.fr', '/');
    expect(off.body).to.not.contain('Après');
  });

  it('sitemap.xml des éléments de menu et des articles ; robots.txt automatique ou personnalisé', async () => {
    const { website, menu } = await createSite(k, 'plan.fr');
    await ok(k.http.post(`${API}/menu-items`, { name: 'Accueil', alias: '/', fk: { menu: menu._id, homeForWebsites: [website._id] } }), 201);
    await ok(k.http.post(`${API}/menu-items`, { name: 'Blog', type: 'articles', alias: '/blog', sitemapSettings: { priority: 0.8, changeFreq: 'weekly' }, fk: { menu: menu._id } }), 201);
    await ok(k.http.post(`${API}/menu-items`, { name: 'Ailleurs', type: 'link', settings: { url: 'https://ailleurs.fr' }, fk: { menu: menu._id } }), 201);
    await ok(k.http.post(`${API}/articles`, { title: 'Plan du site', writtenDate: '2026-03-01T10:00:00.000Z' }), 201);
    await ok(k.http.post(`${API}/articles`, { title: 'Pas encore publié', writtenDate: '2099-01-01T10:00:00.000Z' }), 201);
    const map = await siteGet(k, 'plan.fr', '/sitemap.xml');
    expect(map.headers['content-type']).to.equal('application/xml; charset=utf-8');
    expect(map.body).to.contain('<url><loc>http://plan.fr/</loc><priority>0.5</priority></url>');
    expect(map.body).to.contain('<url><loc>http://plan.fr/blog</loc><changefreq>weekly</changefreq><priority>0.8</priority></url>');
    // lastmod: the article's last edit (today), else its writing date
    expect(map.body).to.match(/<loc>http:\/\/plan\.fr\/article\/plan-du-site<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(map.body).to.not.contain('ailleurs').and.not.contain('pas-encore-publie');
    expect((await siteGet(k, 'plan.fr', '/article/pas-encore-publie')).status).to.equal(404);
    expect((await siteGet(k, 'plan.fr', '/robots.txt')).body).to.equal('User-agent: *\nAllow: /\n\nSitemap: http://plan.fr/sitemap.xml\n');
    await ok(k.http.put(`${API}/websites/${website._id}`, { autoRobots: false, robots: 'User-agent: *\nDisallow: /prive/' }));
    expect((await siteGet(k, 'plan.fr', '/robots.txt')).body).to.equal('User-agent: *\nDisallow: /prive/');
  });

  it('la liste d’articles page par page (10 par page par défaut)', async () => {
    const other = await ok(k.http.post('/api/kernel/companies', { name: 'Blog & Co' }), 201);
    const h = k.http.as(k.admin.token, other._id);
    const { menu } = await createSite(k, 'blog.fr', h);
    await ok(h.post(`${API}/menu-items`, { name: 'Journal', type: 'articles', alias: '/journal', fk: { menu: menu._id } }), 201);
    for (let i = 1; i <= 23; i++) {
      await ok(h.post(`${API}/articles`, { title: `Article ${String(i).padStart(2, '0')}`, writtenDate: `2026-01-${String(i).padStart(2, '0')}T09:00:00.000Z` }), 201);
    }
    const titles = (body: string) => [...body.matchAll(/<h3><a href="\/article\/[^"]+">([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);
    const p1 = await siteGet(k, 'blog.fr', '/journal');
    expect(titles(p1.body)).to.deep.equal(Array.from({ length: 10 }, (_, i) => `Article ${String(23 - i).padStart(2, '0')}`));
    expect(p1.body).to.contain('Page 1 sur 3').and.contain('href="/journal?page=2"');
    const p3 = await siteGet(k, 'blog.fr', '/journal?page=3');
    expect(titles(p3.body)).to.deep.equal(['Article 03', 'Article 02', 'Article 01']);
    expect(p3.body).to.contain('Page 3 sur 3').and.contain('href="/journal?page=2"').and.not.contain('Suivants');
    expect(titles((await siteGet(k, 'blog.fr', '/journal?page=abc')).body)).to.deep.equal(titles(p1.body));
  });

  it('les éléments dynamiques : un par groupe et sous-groupe, chacun sa page', async () => {
    const other = await ok(k.http.post('/api/kernel/companies', { name: 'Épicerie' }), 201);
    const h = k.http.as(k.admin.token, other._id);
    const { menu } = await createSite(k, 'epicerie.fr', h);
    const g = await ok(h.post('/api/kernel/groups', { pluginIdentifier: 'websites.articles', name: 'Recettes' }), 201);
    const sub = await ok(h.post('/api/kernel/groups', { pluginIdentifier: 'websites.articles', name: 'Desserts', fk: { parent: g._id } }), 201);
    await ok(h.post(`${API}/articles`, { title: 'Tarte aux pommes', fk: { groups: [sub._id] } }), 201);
    await ok(h.post(`${API}/articles`, { title: 'Soupe', fk: { groups: [g._id] } }), 201);
    await ok(h.post(`${API}/menu-items`, { name: 'Rubriques', type: 'articles', dynamic: true, pathTemplate: '/rubriques/:rubrique', variableSettings: { groups: [g._id], variable: '${name}' }, fk: { menu: menu._id } }), 201);
    const home = await siteGet(k, 'epicerie.fr', '/');
    expect(home.body).to.contain('<a href="/rubriques/recettes">Recettes</a>').and.contain('<a href="/rubriques/desserts">Desserts</a>');
    const desserts = await siteGet(k, 'epicerie.fr', '/rubriques/desserts');
    expect(desserts.status).to.equal(200);
    expect(desserts.body).to.contain('Tarte aux pommes').and.not.contain('Soupe');
    const bad = await h.post(`${API}/articles`, { title: 'X', fk: { groups: ['0123456789abcdef01234567'] } });
    expect(bad.status).to.equal(400);
  });

  it('aucun script d’un rédacteur n’atteint les visiteurs, sauf si le modèle le permet', async () => {
    const { website, menu } = await createSite(k, 'scripts.fr');
    const layout = await ok(k.http.post(`${API}/layouts`, { name: 'Brut', contents: oneColumn(block('raw-html', { html: '<div class="x">Carte<script>alert("pirate")</script><img src="x" onerror="alert(1)"></div>' })) }), 201);
    // kept in the stored layout until drawn: the template decides
    expect(layout.contents[0].rows[0].cols[0].contents[0].settings.html).to.contain('<script>').and.not.contain('onerror');
    await ok(k.http.post(`${API}/menu-items`, { name: 'Accueil', alias: '/', fk: { menu: menu._id, layout: layout._id, homeForWebsites: [website._id] } }), 201);
    const page = await siteGet(k, 'scripts.fr', '/');
    expect(page.body).to.contain('<div class="x">Carte').and.not.contain('pirate').and.not.contain('onerror');
    // a row written around the API is cleaned when drawn
    const row = await k.db('websites_layouts').where({ _id: layout._id }).first();
    await k.db('websites_layouts').where({ _id: layout._id }).update({ contents: row.contents.replace('Carte', 'Carte<iframe src=\\"https://evil.example\\"></iframe><a href=\\"javascript:alert(1)\\">x</a>') });
    await ok(k.http.put(`${API}/websites/${website._id}`, { name: 'Scripts' }));
    const tampered = await siteGet(k, 'scripts.fr', '/');
    expect(tampered.body).to.not.contain('evil.example').and.not.contain('javascript:');
    const t = await ok(k.http.post(`${API}/templates`, { identifier: 'avec-scripts', name: 'Avec scripts', folder: 'classique', allowEditorScripts: true, cssFiles: [{ path: 'site.css', variantable: true }] }), 201);
    await ok(k.http.put(`${API}/websites/${website._id}`, { fk: { template: t._id } }));
    const allowed = await siteGet(k, 'scripts.fr', '/');
    expect(allowed.body).to.contain('<script>alert("pirate")</script>');
    expect(allowed.headers['content-security-policy']).to.contain("script-src 'self' 'unsafe-inline' https:");
  });

  it('www. renvoie vers le domaine ; un hôte inconnu reste au shell ; /api et /attachment restent au noyau', async () => {
    await createSite(k, 'redirige.fr');
    const www = await siteGet(k, 'www.redirige.fr', '/contact');
    expect(www.status).to.equal(301);
    expect(www.headers.location).to.equal('http://redirige.fr/contact');
    const unknown = await siteGet(k, 'inconnu.fr', '/', { Accept: 'text/html' });
    expect(unknown.body).to.not.contain('c-container');
    const health = await siteGet(k, 'redirige.fr', '/api/health');
    expect(health.headers['content-type']).to.match(/json/);
    expect((await siteGet(k, 'redirige.fr', '/attachment/a/b/c/original')).headers['content-type']).to.match(/json/);
  });

  it('l’hôte de COMPTOIR_PUBLIC_URL sert toujours le shell, même si un site le déclare', async () => {
    const k2 = await createTestKernel({ plugins: [pluginDir], env: { COMPTOIR_PUBLIC_URL: 'http://comptoir.exemple.fr' } });
    try {
      await createSite(k2, 'comptoir.exemple.fr');
      expect((await siteGet(k2, 'comptoir.exemple.fr', '/')).body).to.not.contain('c-container');
      await createSite(k2, 'vitrine.exemple.fr');
      expect((await siteGet(k2, 'vitrine.exemple.fr', '/')).body).to.contain('c-container');
    } finally {
      await k2.stop();
    }
  });
});
