/**
 * The plain rules of « Sites web », without HTTP (README « Paths », « Menus », « Domains »,
 * « Sitemap and robots », « Safety », « Templates »).
 */
import { expect } from 'chai';
import { isHttpError } from '@comptoir/sdk';
import type { MenuItem } from '../schemas/index.ts';
import { DEFAULT_GRADIENT } from '../schemas/index.ts';
import { PATH_MUST_START_WITH_SLASH, PATH_TEMPLATE_SLASH } from '../server/messages.ts';
import { checkItemPath, itemPath, normalizePath, slugify } from '../server/services/menus/paths.ts';
import { flatten, menuTree } from '../server/services/menus/tree.ts';
import { normalizeDomain } from '../server/services/sites/domains.ts';
import { robotsTxt, sitemapUrls, sitemapXml } from '../server/services/render/sitemap.ts';
import { plainText, sanitizeRawHtml, sanitizeRichText } from '../server/services/content/sanitize.ts';
import { checkVariantParams, CLASSIQUE, variantCss } from '../server/services/content/templates.ts';
import { gradientCss, picture } from '../server/services/render/html.ts';
import { openingHoursHtml } from '../server/services/render/blocks/opening-hours.ts';
import { checkSettings, withDefaults } from '../server/services/render/blocks/settings.ts';
import { html } from '@comptoir/sdk';

function refusal(fn: () => unknown) {
  try { fn(); } catch (e) { if (isHttpError(e)) return e; throw e; }
  return expect.fail('no refusal');
}

let n = 0;
const item = (over: Partial<MenuItem> & { fk?: Partial<MenuItem['fk']> }): MenuItem => ({
  _id: (++n).toString(16).padStart(24, '0'), name: `item ${n}`, type: 'page', settings: {}, position: 1, dynamic: false,
  metadata: { creationDate: '2026-01-01T00:00:00.000Z', lastModificationDate: '2026-02-01T00:00:00.000Z', createdBy: null, lastModifiedBy: null },
  ...over, fk: { company: 'c'.repeat(24), menu: 'm'.repeat(24), homeForWebsites: [], ...(over.fk ?? {}) },
} as MenuItem);

describe('websites : règles', () => {
  describe('chemin d’un élément de menu', () => {
    it('l’alias est le chemin', () => {
      expect(itemPath({ alias: '/contact', pathTemplate: '/ignored/:x' })).to.equal('/contact');
    });
    it('un modèle sans barre oblique : 400 en français, la phrase du spec en détail', () => {
      const e = refusal(() => checkItemPath({ pathTemplate: 'produits/:categorie', settings: { categorie: 'pains' } }));
      expect(e.status).to.equal(400);
      expect(e.message).to.equal(PATH_TEMPLATE_SLASH);
      expect(e.details).to.deep.equal([{ field: 'pathTemplate', message: 'Path must start with / (slash)' }]);
      expect(PATH_MUST_START_WITH_SLASH).to.equal('Path must start with / (slash)');
      expect(refusal(() => checkItemPath({ alias: 'contact' })).details[0]).to.deep.equal({ field: 'alias', message: 'Path must start with / (slash)' });
    });
    it('les segments « : » prennent le réglage du même nom', () => {
      const i = { pathTemplate: '/produits/:categorie/:id', settings: { categorie: 'pains spéciaux', id: 12 } };
      checkItemPath(i);
      expect(itemPath(i)).to.equal('/produits/pains%20sp%C3%A9ciaux/12');
      const missing = refusal(() => checkItemPath({ pathTemplate: '/produits/:categorie', settings: {} }));
      expect(missing.details[0].field).to.equal('settings.categorie');
      expect(refusal(() => checkItemPath({ pathTemplate: '/produits/:', settings: {} })).status).to.equal(400);
    });
    it('le modèle hérité par fk.path suit la même règle', () => {
      expect(refusal(() => checkItemPath({ settings: { a: 1 } }, 'x/:a')).message).to.equal(PATH_TEMPLATE_SLASH);
      expect(itemPath({ settings: { a: 'b' } }, '/x/:a')).to.equal('/x/b');
    });
    it('un élément dynamique : des groupes et une variable ${nom}', () => {
      expect(refusal(() => checkItemPath({ dynamic: true, pathTemplate: '/blog/:g', variableSettings: { groups: [] } })).details[0].field).to.equal('variableSettings.groups');
      expect(refusal(() => checkItemPath({ dynamic: true, pathTemplate: '/blog/:g', variableSettings: { groups: ['a'.repeat(24)], variable: 'name' } })).details[0].field).to.equal('variableSettings.variable');
      expect(refusal(() => checkItemPath({ dynamic: true, alias: '/blog/${na me}', variableSettings: { groups: ['a'.repeat(24)], variable: '${name}' } })).details[0].field).to.equal('alias');
      expect(refusal(() => checkItemPath({ alias: '/blog/${name}' })).status).to.equal(400);
      checkItemPath({ dynamic: true, alias: '/boutique/${name}', variableSettings: { groups: ['a'.repeat(24)], variable: '${name}' } });
      expect(itemPath({ alias: '/boutique/${name}' }, undefined, 'Pains Spéciaux')).to.equal('/boutique/pains-speciaux');
      expect(itemPath({ pathTemplate: '/blog/:categorie' }, undefined, 'Été 2026')).to.equal('/blog/ete-2026');
    });
    it('un lien a une adresse sûre', () => {
      expect(refusal(() => checkItemPath({ type: 'link', settings: { url: 'javascript:alert(1)' } })).details[0].field).to.equal('settings.url');
      checkItemPath({ type: 'link', settings: { url: 'https://exemple.fr/a' } });
      expect(itemPath({ type: 'link', settings: { url: 'https://exemple.fr' } })).to.equal(null);
    });
    it('compare les chemins sans casse ni barre finale', () => {
      expect(normalizePath('/Contact/')).to.equal('/contact');
      expect(normalizePath('/')).to.equal('/');
      expect(slugify('  Crème brûlée & Co ')).to.equal('creme-brulee-co');
    });
  });

  describe('arbre de menu', () => {
    it('range par position sous les parents, déplie les éléments dynamiques par groupe', () => {
      const home = item({ name: 'Accueil', alias: '/', position: 1 });
      const shop = item({ name: 'Boutique', alias: '/boutique', position: 3 });
      const about = item({ name: 'À propos', alias: '/a-propos', position: 2, label: 'Qui sommes-nous ?' });
      const team = item({ name: 'Équipe', alias: '/a-propos/equipe', position: 1, fk: { parent: about._id } as MenuItem['fk'] });
      const dyn = item({ name: 'Rayons', dynamic: true, pathTemplate: '/boutique/:rayon', position: 1, fk: { parent: shop._id } as MenuItem['fk'], variableSettings: { groups: ['g'.repeat(24)], childrenGroupsIncluded: true, variable: '${name}' } });
      const link = item({ name: 'Facebook', type: 'link', settings: { url: 'https://facebook.com/x' }, position: 9 });
      const groups = [{ _id: '1'.repeat(24), name: 'Pains' }, { _id: '2'.repeat(24), name: 'Viennoiseries' }];
      const tree = menuTree([link, dyn, team, shop, about, home], (i) => (i._id === dyn._id ? groups : []));
      expect(tree.map((e) => e.label)).to.deep.equal(['Accueil', 'Qui sommes-nous ?', 'Boutique', 'Facebook']);
      expect(tree[1].children.map((e) => e.path)).to.deep.equal(['/a-propos/equipe']);
      expect(tree[2].children.map((e) => [e.label, e.path])).to.deep.equal([['Pains', '/boutique/pains'], ['Viennoiseries', '/boutique/viennoiseries']]);
      expect(tree[3]).to.include({ path: null, url: 'https://facebook.com/x' });
      expect(flatten(tree)).to.have.length(7);
    });
    it('un parent absent ou un cycle écrit hors de l’API ne perd ni ne répète rien', () => {
      const a = item({ name: 'A', alias: '/a' });
      const b = item({ name: 'B', alias: '/b', fk: { parent: a._id } as MenuItem['fk'] });
      a.fk.parent = b._id;
      const orphan = item({ name: 'C', alias: '/c', fk: { parent: 'f'.repeat(24) } as MenuItem['fk'] });
      expect(flatten(menuTree([a, b, orphan], () => [])).map((e) => e.label)).to.deep.equal(['C']);
    });
  });

  describe('domaines', () => {
    it('normalise, passe en ASCII, refuse ce qui n’est pas un nom d’hôte', () => {
      expect(normalizeDomain(' Boulangerie-Martin.FR. ')).to.equal('boulangerie-martin.fr');
      expect(normalizeDomain('pâtisserie.fr')).to.equal('xn--ptisserie-b2a.fr');
      for (const bad of ['https://exemple.fr', 'exemple.fr:8080', 'exemple', '127.0.0.1', 'ex ample.fr', '-x.fr', 'a/b.fr', '']) expect(normalizeDomain(bad), bad).to.equal(null);
    });
  });

  describe('sitemap et robots', () => {
    it('liste les pages (priorité 0,5 par défaut, lastmod et changefreq quand demandés) et les articles', () => {
      const home = item({ name: 'Accueil', alias: '/' });
      const blog = item({ name: 'Blog', alias: '/blog', type: 'articles', sitemapSettings: { priority: 0.8, lastModOption: 'item', changeFreq: 'weekly' } });
      const hidden = item({ name: 'Mentions', alias: '/mentions', sitemapSettings: { priority: 0.5, lastModOption: 'unset', changeFreq: 'unset', excluded: true } });
      const link = item({ name: 'X', type: 'link', settings: { url: 'https://x.fr' } });
      const urls = sitemapUrls('https://site.fr', [menuTree([home, blog, hidden, link], () => [])], new Map(),
        [{ alias: 'galette', writtenDate: '2026-01-05T08:00:00.000Z' } as never], (a) => `/article/${a}`);
      expect(urls).to.deep.equal([
        { loc: 'https://site.fr/', lastmod: undefined, changefreq: undefined, priority: 0.5 },
        { loc: 'https://site.fr/blog', lastmod: '2026-02-01T00:00:00.000Z', changefreq: 'weekly', priority: 0.8 },
        { loc: 'https://site.fr/article/galette', lastmod: '2026-01-05T08:00:00.000Z', priority: 0.5 },
      ]);
      const xml = sitemapXml(urls);
      expect(xml).to.contain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(xml).to.contain('<url><loc>https://site.fr/blog</loc><lastmod>2026-02-01</lastmod><changefreq>weekly</changefreq><priority>0.8</priority></url>');
      expect(sitemapXml([{ loc: 'https://s.fr/a?b=1&c=<2>' }])).to.contain('<loc>https://s.fr/a?b=1&amp;c=&lt;2&gt;</loc>');
    });
    it('robots.txt automatique ou celui du propriétaire', () => {
      expect(robotsTxt({ autoRobots: true }, 'https://s.fr')).to.equal('User-agent: *\nAllow: /\n\nSitemap: https://s.fr/sitemap.xml\n');
      expect(robotsTxt({ autoRobots: false, robots: 'User-agent: *\nDisallow: /' }, 'https://s.fr')).to.equal('User-agent: *\nDisallow: /');
    });
  });

  describe('nettoyage du HTML', () => {
    it('le texte mis en forme perd scripts, gestionnaires, styles et javascript:', () => {
      const dirty = '<p onclick="x()">Bon<script>alert(1)</script><style>*{}</style> <a href="javascript:alert(1)">lien</a> <img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><strong>pain</strong></p>';
      const clean = sanitizeRichText(dirty);
      expect(clean).to.not.match(/script|onclick|onerror|javascript:|<style|<iframe/i);
      expect(clean).to.contain('<strong>pain</strong>');
      expect(sanitizeRichText('<a href="https://x.fr" target="_blank">x</a>')).to.equal('<a href="https://x.fr" target="_blank" rel="noopener noreferrer">x</a>');
    });
    it('le HTML brut garde les cartes et vidéos connues, les scripts seulement si le modèle le permet', () => {
      const raw = '<div class="carte"><iframe src="https://www.openstreetmap.org/export/embed.html"></iframe><iframe src="https://evil.example/x"></iframe><script src="https://stats.example/s.js"></script></div>';
      const visitors = sanitizeRawHtml(raw, false);
      expect(visitors).to.contain('openstreetmap');
      expect(visitors).to.not.contain('evil.example');
      expect(visitors).to.not.contain('<script');
      expect(sanitizeRawHtml(raw, true)).to.contain('<script src="https://stats.example/s.js"></script>');
      expect(sanitizeRawHtml('<div onmouseover="x()">a</div>', true)).to.equal('<div>a</div>');
    });
    it('le texte brut d’un aperçu', () => {
      expect(plainText('<p>Pain &amp; <b>beurre</b></p>')).to.equal('Pain & beurre');
      expect(plainText('<p>abcdefghij</p>', 5)).to.equal('abcd…');
    });
  });

  describe('modèles et styles', () => {
    it('les paramètres d’une variante deviennent des propriétés CSS, une valeur qui ne convient pas est refusée', () => {
      expect(variantCss(CLASSIQUE, { params: [{ name: 'primary', value: '#123456' }] })).to.contain('--primary:#123456');
      expect(variantCss(CLASSIQUE, { params: [{ name: 'primary', value: 'red;}body{display:none' }] })).to.contain('--primary:#8a4b2a');
      expect(refusal(() => checkVariantParams(CLASSIQUE, [{ name: 'primary', value: 'url(x)' }])).details[0].field).to.equal('params.0.value');
      expect(refusal(() => checkVariantParams(CLASSIQUE, [{ name: 'inconnu', value: '#fff' }])).details[0].field).to.equal('params.0.name');
    });
    it('le dégradé par défaut du spec', () => {
      expect(DEFAULT_GRADIENT).to.deep.include({ type: 'linear', angle: 90, cx: 50, cy: 50, radius: 60 });
      expect(gradientCss(DEFAULT_GRADIENT as never)).to.equal('linear-gradient(90deg, rgba(255, 255, 255, 1) 0%, rgba(0, 0, 0, 1) 100%)');
      expect(gradientCss({ ...DEFAULT_GRADIENT, type: 'radial' } as never)).to.equal('radial-gradient(circle 60% at 50% 50%, rgba(255, 255, 255, 1) 0%, rgba(0, 0, 0, 1) 100%)');
      expect(gradientCss({ type: 'linear', stops: [{ offset: 0, color: 'red;}' }] } as never)).to.equal(null);
    });
    it('une image passe par les variantes de la pièce jointe (srcset)', () => {
      const img = picture({ folder: 'c1', subfolder: 'img', filename: 'f.jpg', mime: 'image/jpeg', name: 'Baguette' }).value;
      expect(img).to.contain('src="/attachment/c1/img/f.jpg/w640"');
      expect(img).to.contain('srcset="/attachment/c1/img/f.jpg/w320 320w, /attachment/c1/img/f.jpg/w640 640w, /attachment/c1/img/f.jpg/w1280 1280w, /attachment/c1/img/f.jpg/w1920 1920w"');
      expect(img).to.contain('alt="Baguette"');
      expect(img).to.contain('loading="lazy"');
      expect(picture({ folder: '../x', filename: 'f.jpg', mime: 'image/jpeg' }).value).to.equal('');
    });
    it('html échappe ce qu’on y met', () => {
      expect(html`<p title="${'"x"'}">${'<b>'}</p>`.value).to.equal('<p title="&quot;x&quot;">&lt;b&gt;</p>');
    });
  });

  describe('réglages des blocs', () => {
    const params = [
      { name: 'n', label: 'N', kind: 'number' as const, default: 10, min: 1, max: 50 },
      { name: 't', label: 'T', kind: 'rich-text' as const },
      { name: 'c', label: 'C', kind: 'color' as const },
    ];
    it('applique les valeurs par défaut, refuse le mauvais type, nettoie le texte riche', () => {
      expect(withDefaults(params, { c: '#fff' })).to.deep.equal({ n: 10, c: '#fff' });
      expect(checkSettings('x', params, { t: '<p>a<script>b</script></p>' }, 'settings')).to.deep.equal({ t: '<p>a</p>' });
      expect(refusal(() => checkSettings('x', params, { n: 99 }, 'settings')).details[0].field).to.equal('settings.n');
      expect(refusal(() => checkSettings('x', params, { c: 'red' }, 'settings')).details[0].field).to.equal('settings.c');
      expect(refusal(() => checkSettings('x', params, { z: 1 }, 'settings')).details[0].field).to.equal('settings.z');
    });
  });

  describe('horaires d’ouverture', () => {
    const e = {
      name: 'Boutique',
      regularHours: [{ days: ['MONDAY', 'TUESDAY'], openTimes: [{ start: { hours: 7, minutes: 0 }, end: { hours: 13, minutes: 30 } }] }],
      specialHours: [{ startDate: '2026-12-25', endDate: '2026-12-25', name: 'Noël', hours: [] }],
    } as never;
    it('les jours de la semaine, fermé sinon ; les horaires exceptionnels annoncés X jours avant', () => {
      const on = openingHoursHtml(e, { showSpecialTimeXDaysBefore: 0 }, new Date('2026-12-20T10:00:00Z'));
      expect(on).to.contain('<tr><th scope="row">Lundi</th><td>07:00 – 13:30</td></tr>');
      expect(on).to.contain('<tr><th scope="row">Mercredi</th><td>Fermé</td></tr>');
      expect(on).to.not.contain('Noël');
      expect(openingHoursHtml(e, { showSpecialTimeXDaysBefore: 7 }, new Date('2026-12-20T10:00:00Z'))).to.contain('<strong>Noël</strong> (le 25 décembre) : Fermé');
      expect(openingHoursHtml(e, { showSpecialTimeXDaysBefore: 0 }, new Date('2026-12-25T10:00:00Z'))).to.contain('Noël');
    });
  });
});
