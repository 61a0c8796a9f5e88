/**
 * Every block of the catalogue drawn on a public page with its defaults (spec 001 §9) and with a
 * little data, the business block of another plugin's kind (opening hours, through the SDK's
 * `websiteBlocks` point), and images through the attachment variants (srcset answered by the
 * kernel).
 */
import { expect } from 'chai';
import sharp from 'sharp';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, block, bootKernel, createSite, ok, oneColumn, siteGet } from './support.ts';

/** what each block draws with its defaults, or with the settings given */
const CASES: Record<string, { settings?: Record<string, unknown>; expect: (string | RegExp)[] }> = {
  'simple-html': { expect: ['<div class="c-text"><p>Votre texte ici.</p></div>'] },
  'raw-html': { settings: { html: '<section class="promo">Promo</section>' }, expect: ['<div class="c-raw"><section class="promo">Promo</section></div>'] },
  'single-article': { expect: ['<article class="c-article"><h2>Article du bloc</h2>'] },
  'single-image': { expect: [/<figure class="c-image"><img src="\/attachment\/[^"]+\/w640" srcset="[^"]+ 320w, [^"]+ 640w, [^"]+ 1280w, [^"]+ 1920w" sizes="[^"]+" alt="" loading="lazy"/] },
  'image-text': { expect: ['<div class="c-image-text">', '<p>Votre texte ici.</p>'] },
  faq: { settings: { items: [{ question: 'Ouvert le dimanche ?', answer: '<p>Oui, le matin.</p>' }] }, expect: ['<h2>Questions fréquentes</h2>', '<details><summary>Ouvert le dimanche ?</summary><p>Oui, le matin.</p></details>'] },
  'pdf-download': { expect: [/<p class="c-pdf"><a href="\/attachment\/[^"]+\/original\?download=tarifs\.pdf"><img[^>]+width="300" height="200"[^>]*><span>Télécharger le PDF<\/span><\/a><\/p>/] },
  blog: { expect: ['<section class="c-blog">', 'Article du bloc'] },
  'image-slider': { expect: ['data-interval="2000" data-duration="450" style="--w-lg:65%;--w-sm:100%"', 'c-slider p-3'] },
  'embedded-map': { expect: [/<iframe title="Carte" src="https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[^"]+" style="width:100%;height:400px" loading="lazy">/] },
  menu: { expect: ['<header class="c-nav c-sticky-top" style="--logo-h:80px">'] },
  'menu-vertical': { expect: ['<nav class="c-vmenu" aria-label="Menu">'] },
  'menu-footer': { expect: ['<footer class="c-footer">'] },
  hero: { expect: ['<section class="c-hero"><div class="c-hero-body"><h1>Bienvenue</h1></div></section>'] },
  about: { expect: ['<section class="c-about"><div><h2>À propos</h2><p>Notre histoire.</p></div>'] },
  feature: { settings: { features: [{ icon: '🥖', title: 'Pain', text: 'Au levain' }] }, expect: ['<div class="c-feature"><span class="c-icon" aria-hidden="true">🥖</span><h3>Pain</h3><p>Au levain</p></div>'] },
  get: { expect: ['<section class="c-get"><h2>Passez nous voir</h2><a class="c-button" href="/contact">Nous contacter</a></section>'] },
  'video-intro': { settings: { videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, expect: ['src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"'] },
  pricing: { settings: { plans: [{ name: 'Petit', price: '5 €' }, { name: 'Grand', price: '9 €', features: ['Livraison'] }] }, expect: ['<h2>Nos tarifs</h2>', /<div class="c-plan c-lit" style="background-image:linear-gradient\(135deg, rgba\(58, 123, 213, 1\) 0%, rgba\(0, 210, 255, 1\) 60%, rgba\(58, 213, 160, 1\) 100%\)"><h3>Petit<\/h3>/, '<div class="c-plan"><h3>Grand</h3>'] },
  counter: { settings: { counters: [{ value: '37', suffix: ' ans', label: 'de métier' }] }, expect: ['<div class="c-counter"><strong>37 ans</strong><span>de métier</span></div>'] },
  'waves-slider': { expect: ['style="height:664px;--zoom-in:4000ms;--zoom-out:750ms"', 'style="background-image:linear-gradient(90deg, rgba(255, 255, 255, 1) 0%, rgba(0, 0, 0, 1) 100%);opacity:0.5"'] },
  'nivo-slider': { expect: ['<div class="c-slider c-nivo c-fade" data-interval="3000">'] },
  'websites.opening-hours': { expect: ['<section class="c-hours"><h2>Horaires — Boutique du centre</h2>', '<tr><th scope="row">Lundi</th><td>08:00 – 19:00</td></tr>', '<tr><th scope="row">Dimanche</th><td>Fermé</td></tr>'] },
};

describe('websites : catalogue de blocs', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let image: Record<string, unknown>;
  let pdf: Record<string, unknown>;
  before(async () => {
    k = await bootKernel();
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#c98a4b' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('name', JSON.stringify('Images du site'));
    form.append('fileCount', '2');
    for (const v of ['pain.jpg', 'tarifs.pdf']) form.append('name[]', v);
    for (const v of ['image/jpeg', 'application/pdf']) form.append('mime[]', v);
    const pdfBytes = Buffer.from('%PDF-1.4\n%%EOF\n');
    for (const v of [jpeg.length, pdfBytes.length]) form.append('size[]', String(v));
    for (let i = 0; i < 2; i++) form.append('lastModified[]', '1700000000000');
    form.append('files[]', new Blob([jpeg], { type: 'image/jpeg' }), 'pain.jpg');
    form.append('files[]', new Blob([pdfBytes], { type: 'application/pdf' }), 'tarifs.pdf');
    const res = await fetch(`${k.url}/api/kernel/files`, { method: 'POST', headers: { Authorization: `Bearer ${k.admin.token}`, 'AT-Company': k.admin.companyId }, body: form });
    const file = await res.json() as { attachments: Record<string, unknown>[] };
    expect(res.status, JSON.stringify(file)).to.equal(201);
    [image, pdf] = file.attachments;
  });
  after(async () => { await k?.stop(); });

  it('dessine chaque bloc avec ses valeurs par défaut (et un peu de données)', async () => {
    const types: { identifier: string; params: { name: string; default?: unknown }[] }[] = await ok(k.http.get(`${API}/block-types`));
    expect(types.map((t) => t.identifier).sort()).to.deep.equal(Object.keys(CASES).sort());
    const article = await ok(k.http.post(`${API}/articles`, { title: 'Article du bloc', content: '<p>Texte</p>', writtenDate: '2026-01-01T00:00:00.000Z' }), 201);
    const establishment = await ok(k.http.post('/api/kernel/establishments', {
      name: 'Boutique du centre', regularHours: [{ days: ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'], openTimes: [{ start: '08:00', end: '19:00' }] }],
    }), 201);
    const data: Record<string, Record<string, unknown>> = {
      'single-article': { articleId: article._id }, 'single-image': { image }, 'image-text': { image }, 'pdf-download': { file: pdf, thumbnail: image },
      'image-slider': { images: [{ image }, { image }] }, 'nivo-slider': { images: [{ image, caption: 'Fournil' }] }, 'websites.opening-hours': { establishmentId: establishment._id },
    };
    const { website, menu } = await createSite(k, 'catalogue.fr');
    let i = 0;
    for (const t of types) {
      const c = CASES[t.identifier];
      const path = `/bloc-${++i}`;
      const layout = await ok(k.http.post(`${API}/layouts`, { name: t.identifier, contents: oneColumn(block(t.identifier, { ...(data[t.identifier] ?? {}), ...(c.settings ?? {}) })) }), 201);
      await ok(k.http.post(`${API}/menu-items`, { name: t.identifier, alias: path, fk: { menu: menu._id, layout: layout._id } }), 201);
      const page = await siteGet(k, 'catalogue.fr', path);
      expect(page.status, t.identifier).to.equal(200);
      const main = page.body.slice(page.body.indexOf('<main id="contenu">'), page.body.indexOf('</main>'));
      for (const e of c.expect) {
        if (typeof e === 'string') expect(main, t.identifier).to.contain(e);
        else expect(main, t.identifier).to.match(e);
      }
    }
    expect(website.enabled).to.equal(true);
  });

  it('les images des pages sont servies par les variantes de la pièce jointe', async () => {
    const { website, menu } = await createSite(k, 'images.fr');
    const layout = await ok(k.http.post(`${API}/layouts`, { name: 'Image', contents: oneColumn(block('single-image', { image, alt: 'Notre fournil' })) }), 201);
    await ok(k.http.post(`${API}/menu-items`, { name: 'Accueil', alias: '/', fk: { menu: menu._id, layout: layout._id, homeForWebsites: [website._id] } }), 201);
    const page = await siteGet(k, 'images.fr', '/');
    const srcset = page.body.match(/srcset="([^"]+)"/)![1].split(', ').map((s) => s.split(' ')[0]);
    expect(srcset).to.have.length(4);
    const w320 = await siteGet(k, 'images.fr', srcset[0]);
    expect(w320.status).to.equal(200);
    expect(w320.headers['content-type']).to.equal('image/jpeg');
    const meta = await sharp(w320.raw).metadata();
    expect(meta.width).to.equal(320);
  });

  it('refuse un bloc d’un type inconnu ou un réglage du mauvais genre, dans un bloc enregistré aussi', async () => {
    expect((await k.http.post(`${API}/blocks`, { type: 'menu', name: 'Menu', settings: { logoHeight: 'grand' } })).status).to.equal(400);
    const stored = await ok(k.http.post(`${API}/blocks`, { type: 'get', name: 'Bandeau bas', location: 'bas', settings: { title: 'Commandez en ligne' }, displaySettings: { enabled: true } }), 201);
    expect(stored.displaySettings).to.deep.include({ websiteShowMode: 'default', enabled: true });
    const { website, menu } = await createSite(k, 'emplacements.fr');
    const layout = await ok(k.http.post(`${API}/layouts`, { name: 'Avec emplacement', contents: [{ fluid: false, locationName: 'bas', rows: [] }] }), 201);
    await ok(k.http.post(`${API}/menu-items`, { name: 'Accueil', alias: '/', fk: { menu: menu._id, layout: layout._id, homeForWebsites: [website._id] } }), 201);
    expect((await siteGet(k, 'emplacements.fr', '/')).body).to.contain('Commandez en ligne');
    await ok(k.http.put(`${API}/blocks/${stored._id}`, { displaySettings: { enabled: true, websiteShowMode: 'exclude', fk: { websites: [website._id] } } }));
    expect((await siteGet(k, 'emplacements.fr', '/')).body).to.not.contain('Commandez en ligne');
  });
});
