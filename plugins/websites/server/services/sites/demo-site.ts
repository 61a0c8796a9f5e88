/**
 * The demo company's website (server/seed.ts), written through the plugin's own services so that it
 * passes every rule a person's site passes.
 */
import type { CallContext } from '@comptoir/sdk';
import type { LayoutContainer, PageLayout } from '../../../schemas/index.ts';
import { menusService } from '../menus/menus.ts';
import { pagesService } from '../content/pages.ts';
import { articlesService } from '../content/articles.ts';
import { websitesService } from './websites.ts';

export const DEMO_DOMAIN = 'boulangerie-martin.localhost';

const block = (type: string, settings: Record<string, unknown> = {}) => ({ type, uuid: `${type}-${Math.random().toString(36).slice(2, 8)}`, position: 0, main: false, settings });
const page = (...blocks: ReturnType<typeof block>[]): LayoutContainer[] => blocks.map((b) => ({ fluid: false, rows: [{ cols: [{ contents: [b] }] }] }));

export async function seedDemoSite(ctx: CallContext): Promise<void> {
  const pages = pagesService(ctx);
  const layout = (name: string, contents: LayoutContainer[]) => pages.createLayout({ name, contents }) as Promise<PageLayout>;
  const home = await layout('Accueil', [
    { fluid: true, rows: [{ cols: [{ contents: [block('hero', { title: 'Boulangerie Martin', subtitle: 'Pains au levain, viennoiseries et pâtisseries maison depuis 1987.', buttonLabel: 'Découvrir nos pains', buttonLink: '/nos-pains' })] }] }] },
    ...page(
      block('feature', { title: 'Ce qui nous tient à cœur', features: [
        { icon: '🌾', title: 'Farines locales', text: 'Nos farines viennent d’un moulin à 30 km.' },
        { icon: '⏳', title: 'Levain naturel', text: 'Une fermentation lente, 24 heures, pour un pain qui se garde.' },
        { icon: '🥐', title: 'Fait maison', text: 'Croissants et brioches façonnés chaque matin.' },
      ] }),
      block('counter', { counters: [{ value: '37', label: 'ans de métier' }, { value: '12', label: 'sortes de pains' }, { value: '5', suffix: ' h', label: 'heure de la première fournée' }] }),
      block('get', { title: 'Une commande pour un événement ?', text: 'Pièces montées, plateaux de mignardises : parlons-en.', buttonLabel: 'Nous contacter', buttonLink: '/contact' }),
    ),
  ]);
  const breads = await layout('Nos pains', page(
    block('simple-html', { content: '<h1>Nos pains</h1><p>Chaque jour, une douzaine de pains sortent du four : <strong>tradition</strong>, complet, seigle, aux noix, aux figues…</p>' }),
    block('faq', { items: [
      { question: 'Faites-vous du pain sans gluten ?', answer: '<p>Non : notre fournil travaille le blé et le seigle, nous ne pouvons pas garantir l’absence de gluten.</p>' },
      { question: 'Peut-on réserver ?', answer: '<p>Oui, par téléphone la veille avant 18 h.</p>' },
    ] }),
  ));
  const contact = await layout('Contact', page(
    block('simple-html', { content: '<h1>Contact</h1><p>12 rue des Lilas, 69003 Lyon — 04 78 00 00 00</p>' }),
    block('embedded-map', { latitude: 45.7597, longitude: 4.8422, height: 320 }),
  ));
  const site = await websitesService(ctx).create({
    name: 'Boulangerie Martin', domain: DEMO_DOMAIN,
    seo: { title: 'Boulangerie Martin — Lyon', description: 'Boulangerie artisanale à Lyon : pains au levain, viennoiseries et pâtisseries maison.' },
    fk: { defaultLayout: home._id },
  });
  const menus = menusService(ctx);
  const menu = await menus.createMenu({ name: 'Menu principal', main: true, fk: { website: site._id } });
  const item = (name: string, position: number, extra: Record<string, unknown>) => menus.createItem({ name, position, ...extra, fk: { menu: menu._id, ...(extra.fk as object ?? {}) } });
  await item('Accueil', 1, { alias: '/', fk: { layout: home._id, homeForWebsites: [site._id] } });
  await item('Nos pains', 2, { alias: '/nos-pains', fk: { layout: breads._id } });
  await item('Blog', 3, { type: 'articles', alias: '/blog', sitemapSettings: { priority: 0.8, changeFreq: 'weekly', lastModOption: 'item' } });
  await item('Contact', 4, { alias: '/contact', fk: { layout: contact._id } });
  const articles = articlesService(ctx);
  await articles.create({ title: 'La galette des rois est de retour', author: 'Claire Martin', content: '<p>Frangipane ou pomme : nos galettes sont en vitrine <strong>tout le mois de janvier</strong>.</p>' });
  await articles.create({ title: 'Pourquoi notre pain se garde-t-il si longtemps ?', author: 'Paul Martin', content: '<p>Le secret, c’est le <em>levain</em> et une fermentation de 24 heures.</p>' });
}
