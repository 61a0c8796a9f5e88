/**
 * What the page editor asks of the server (README « Editor »): a block drawn as the site draws it,
 * the template's styles for the canvas, a menu's new order in one request; and the editor's mapping
 * between our layout tree and GrapesJS components (client/src/editor/tree-map.ts), which runs in
 * Node as well as in the browser.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, block, bootKernel, createSite, ok, oneColumn } from './support.ts';

describe('websites : éditeur de pages', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('dessine un bloc comme le site (valeurs par défaut, réglages vérifiés, texte nettoyé)', async () => {
    const { website } = await createSite(k, 'apercu.fr');
    const get = await ok(k.http.post(`${API}/websites/${website._id}/preview`, { type: 'get', settings: {} }));
    expect(get.html).to.contain('<h2>Passez nous voir</h2>').and.contain('href="/contact"');
    const titled = await ok(k.http.post(`${API}/websites/${website._id}/preview`, { type: 'get', settings: { title: 'Commandez vos galettes' } }));
    expect(titled.html).to.contain('<h2>Commandez vos galettes</h2>');
    const text = await ok(k.http.post(`${API}/websites/${website._id}/preview`, { type: 'simple-html', settings: { content: '<p onclick="x()">Bonjour<script>alert(1)</script></p>' } }));
    expect(text.html).to.equal('<div class="c-text"><p>Bonjour</p></div>');
    const bad = await k.http.post(`${API}/websites/${website._id}/preview`, { type: 'get', settings: { background: 'rouge' } });
    expect(bad.status).to.equal(400);
    expect(JSON.stringify(bad.body)).to.contain('settings.background');
    const unknown = await k.http.post(`${API}/websites/${website._id}/preview`, { type: 'inconnu', settings: {} });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.message).to.equal('Type de bloc inconnu : « inconnu ».');
  });

  it('donne au canevas les styles du modèle et les couleurs de la variante', async () => {
    const { website } = await createSite(k, 'styles.fr');
    const variant = await ok(k.http.post(`${API}/variants`, { name: 'Bleue', templateIdentifier: 'classique', params: [{ name: 'primary', value: '#1d4ed8' }] }), 201);
    await ok(k.http.put(`${API}/websites/${website._id}`, { fk: { variant: variant._id } }));
    const { css } = await ok(k.http.get(`${API}/websites/${website._id}/editor-styles`));
    expect(css).to.match(/^:root\{--primary:#1d4ed8;--accent:#f2c14e/);
    expect(css).to.contain('.c-container');
    expect((await k.http.get(`${API}/websites/0123456789abcdef01234567/editor-styles`)).status).to.equal(404);
  });
});
