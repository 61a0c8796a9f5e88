/**
 * What the page editor asks of the server (README « Editor »): a block drawn as the site draws it,
 * the template's styles for the canvas, a menu's new order in one request; and the editor's mapping
 * between our layout tree and GrapesJS components (client/src/editor/tree-map.ts), which runs in
 * Node as well as in the browser.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, block, bootKernel, createSite, ok, oneColumn, siteGet } from './support.ts';
import { TYPES, fromComponents, newBlockComponent, toComponents, type BlockTypeInfo, type ComponentDef, type NodeLike } from '../client/src/editor/tree-map.ts';

/** GrapesJS's component tree as the editor's adapter shows it, built from component definitions */
function nodes(defs: ComponentDef[]): NodeLike[] {
  return defs.map((d) => ({
    type: d.type,
    get: (p: string) => d[p],
    props: () => d,
    children: () => (Array.isArray(d.components) ? nodes(d.components) : []),
    innerHtml: () => (typeof d.components === 'string' ? d.components : ''),
  }));
}
const TYPES_INFO = new Map<string, BlockTypeInfo>([
  ['simple-html', { identifier: 'simple-html', name: 'Texte', category: 'content', plugin: 'websites', params: [{ name: 'content', label: 'Texte', kind: 'rich-text', default: '<p>Votre texte ici.</p>' }] }],
  ['get', { identifier: 'get', name: 'Appel à l’action', category: 'presentation', plugin: 'websites', params: [
    { name: 'title', label: 'Titre', kind: 'string', default: 'Passez nous voir' },
    { name: 'background', label: 'Couleur de fond', kind: 'color' },
  ] }],
  ['pdf-download', { identifier: 'pdf-download', name: 'PDF', category: 'content', plugin: 'websites', params: [{ name: 'thumbnailWidth', label: 'Largeur', kind: 'number', default: 300 }] }],
]);
let n = 0;
const newId = () => `new-${++n}`;

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

  it('arbre ⇄ composants : aller-retour sans perte, blocs déposés n’importe où remis dans un arbre valide', () => {
    const tree = [
      { fluid: true, locationName: 'header', style: { classes: 'bandeau' }, rows: [{ cols: [
        { size: 8, contents: [{ type: 'get', uuid: 'a', position: 0, main: false, settings: { title: 'Venez', background: '#ffeedd' } }] },
        { size: 4, locationName: 'side', contents: [{ type: 'simple-html', uuid: 'b', position: 0, main: false, settings: { content: '<p>Bonjour</p>' } }, { type: 'menu', uuid: 'm', position: 1, main: true, settings: {} }] },
      ] }] },
    ];
    const back = fromComponents(nodes(toComponents(tree, TYPES_INFO)), TYPES_INFO, newId);
    expect(back).to.deep.equal(tree);

    // a block dropped on the page, one dropped in a column with its container, a text left at its default
    const dropped = newBlockComponent(TYPES_INFO.get('get')!);
    const defs = toComponents(oneColumn(block('pdf-download', { thumbnailWidth: 200 })) as never, TYPES_INFO);
    (defs[0].components as ComponentDef[])[0].components = [...((defs[0].components as ComponentDef[])[0].components as ComponentDef[])];
    const col = ((defs[0].components as ComponentDef[])[0].components as ComponentDef[])[0];
    col.components = [...(col.components as ComponentDef[]), newBlockComponent(TYPES_INFO.get('simple-html')!)];
    // traits answer strings: a number comes back a number, an emptied colour and a default are unset
    Object.assign((col.components as ComponentDef[])[0], { cpt_thumbnailWidth: '250' });
    const fresh = { ...dropped };
    const inner = (((fresh.components as ComponentDef[])[0].components as ComponentDef[])[0].components as ComponentDef[])[0];
    Object.assign(inner, { cpt_title: 'Passez nous voir', cpt_background: '' });
    const out = fromComponents(nodes([...defs, fresh, { type: TYPES.text, blockType: 'simple-html', cptNode: {}, components: '<p>Seul</p>' }]), TYPES_INFO, newId);
    expect(out).to.have.length(3);
    const contents = out[0].rows![0].cols![0].contents!;
    expect(contents.map((c) => c.type)).to.deep.equal(['pdf-download', 'simple-html']);
    expect(contents[0].settings).to.deep.equal({ thumbnailWidth: 250 });
    expect(contents[1].position).to.equal(1);
    expect(contents[1].uuid).to.match(/^new-/);
    expect(contents[1].settings).to.deep.equal({});
    expect(out[1].rows![0].cols![0].contents![0]).to.include({ type: 'get' });
    expect(out[1].rows![0].cols![0].contents![0].settings).to.deep.equal({});
    expect(out[2]).to.deep.equal({ fluid: false, rows: [{ cols: [{ contents: [{ type: 'simple-html', uuid: 'new-3', position: 0, settings: { content: '<p>Seul</p>' } }] }] }] });
  });

  it('range un menu en une requête : positions et parents, refus clairs, rien d’écrit ; dix rangements à la fois', async () => {
    const { website, menu } = await createSite(k, 'ordre.fr');
    const item = (name: string, position: number) => ok(k.http.post(`${API}/menu-items`, { name, alias: `/${name.toLowerCase()}`, position, fk: { menu: menu._id } }), 201);
    const [a, b, c] = [await item('Accueil', 1), await item('Pains', 2), await item('Contact', 3)];
    await ok(k.http.put(`${API}/menus/${menu._id}/order`, { items: [{ _id: c._id, position: 1 }, { _id: a._id, position: 2 }, { _id: b._id, position: 1, parent: a._id }] }));
    const list = await ok(k.http.get(`${API}/menu-items`, { query: { filters: JSON.stringify({ 'fk.menu': { mode: 'eq', value: menu._id } }) } }));
    const byName = new Map<string, { position: number; fk: { parent?: string } }>(list.data.map((i: { name: string }) => [i.name, i]));
    expect(byName.get('Contact')!.position).to.equal(1);
    expect(byName.get('Accueil')!.position).to.equal(2);
    expect(byName.get('Pains')!.fk.parent).to.equal(a._id);
    const page = await siteGet(k, 'ordre.fr', '/');
    expect(page.body.indexOf('>Contact<')).to.be.greaterThan(-1).and.lessThan(page.body.indexOf('>Accueil<'));

    const other = await createSite(k, 'autre-ordre.fr');
    const foreign = await ok(k.http.post(`${API}/menu-items`, { name: 'Ailleurs', alias: '/ailleurs', fk: { menu: other.menu._id } }), 201);
    const before = JSON.stringify((await ok(k.http.get(`${API}/menu-items`))).data);
    const cycleFirst = await k.http.put(`${API}/menus/${menu._id}/order`, { items: [{ _id: a._id, position: 1, parent: b._id }, { _id: b._id, position: 1, parent: a._id }, { _id: c._id, position: 1 }] });
    expect(cycleFirst.status).to.equal(400);
    expect(cycleFirst.body.message).to.equal('Un élément ne peut pas être placé sous lui-même ou sous l’un de ses sous-éléments.');
    const missing = await k.http.put(`${API}/menus/${menu._id}/order`, { items: [{ _id: a._id, position: 1 }] });
    expect(missing.status).to.equal(400);
    expect(missing.body.message).to.equal('Le nouvel ordre doit nommer chaque élément du menu une fois.');
    const stranger = await k.http.put(`${API}/menus/${menu._id}/order`, { items: [{ _id: a._id, position: 1 }, { _id: b._id, position: 2 }, { _id: foreign._id, position: 3 }] });
    expect(stranger.status).to.equal(400);
    expect(stranger.body.details[0].field).to.equal('items.2._id');
    expect(JSON.stringify((await ok(k.http.get(`${API}/menu-items`))).data)).to.equal(before);

    // ten drags at once: each request is written whole (the website is locked), the last one wins entirely
    const orders = Array.from({ length: 10 }, (_, i) => [a, b, c].map((x, j) => ({ _id: x._id, position: ((i + j) % 3) + 1, parent: null })));
    const answers = await Promise.all(orders.map((items) => k.http.put(`${API}/menus/${menu._id}/order`, { items })));
    expect(answers.map((r) => r.status)).to.deep.equal(Array(10).fill(200));
    const final = (await ok(k.http.get(`${API}/menu-items`, { query: { filters: JSON.stringify({ 'fk.menu': { mode: 'eq', value: menu._id } }) } }))).data as { _id: string; position: number }[];
    const positions = [a, b, c].map((x) => final.find((f) => f._id === x._id)!.position);
    expect(orders.some((o) => JSON.stringify(o.map((x) => x.position)) === JSON.stringify(positions))).to.equal(true);
    expect(new Set(positions).size).to.equal(3);
    void website;
  });

  it('garde la structure du site : une page non mise en cache ne relit pas menus et mises en page, un changement est vu aussitôt', async () => {
    const previous = { page: process.env.COMPTOIR_WEBSITES_CACHE_TTL, structure: process.env.COMPTOIR_WEBSITES_STRUCTURE_TTL };
    process.env.COMPTOIR_WEBSITES_CACHE_TTL = '0';
    process.env.COMPTOIR_WEBSITES_STRUCTURE_TTL = '60';
    try {
      const { menu } = await createSite(k, 'structure.fr');
      const layout = await ok(k.http.post(`${API}/layouts`, { name: 'Accueil', contents: oneColumn(block('hero', { title: 'Version 1' })) }), 201);
      await ok(k.http.post(`${API}/menu-items`, { name: 'Accueil', alias: '/', fk: { menu: menu._id, layout: layout._id } }), 201);
      expect((await siteGet(k, 'structure.fr', '/')).body).to.contain('Version 1');
      // written behind the plugin's back (no event): the kept structure still answers the old layout
      const row = await k.db('websites_layouts').where({ _id: layout._id }).first();
      await k.db('websites_layouts').where({ _id: layout._id }).update({ contents: String(row.contents).replace('Version 1', 'Version cachée') });
      expect((await siteGet(k, 'structure.fr', '/')).body).to.contain('Version 1');
      // through the API: the event forgets the structure, the next page shows the change
      await ok(k.http.put(`${API}/layouts/${layout._id}`, { contents: oneColumn(block('hero', { title: 'Version 2' })) }));
      expect((await siteGet(k, 'structure.fr', '/')).body).to.contain('Version 2');
      await ok(k.http.post(`${API}/menu-items`, { name: 'Nouveautés', alias: '/nouveautes', fk: { menu: menu._id } }), 201);
      expect((await siteGet(k, 'structure.fr', '/nouveautes')).status).to.equal(200);
    } finally {
      process.env.COMPTOIR_WEBSITES_CACHE_TTL = previous.page ?? '';
      process.env.COMPTOIR_WEBSITES_STRUCTURE_TTL = previous.structure ?? '';
    }
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
