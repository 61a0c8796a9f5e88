/**
 * Content blocks of the catalogue (spec 001 §9): single article, simple HTML, raw HTML, single
 * image, image with text, FAQ, PDF download, blog (article list), image slider, embedded map.
 * Defaults are the spec's where it gives them.
 */
import { html, rawHtml } from '@comptoir/sdk';
import { attachmentUrl } from '@comptoir/schemas';
import { sanitizeRawHtml, sanitizeRichText, plainText } from '../../content/sanitize.ts';
import { asAttachment, entries, picture, text } from '../html.ts';
import type { SiteBlock } from './types.ts';

const DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
export const frenchDate = (iso: string | undefined) => (iso ? DATE.format(new Date(iso)) : '');

export const articleHref = (alias: string) => `/article/${encodeURIComponent(alias)}`;

export const contentBlocks: SiteBlock[] = [
  {
    identifier: 'single-article', name: 'Article', category: 'content', plugin: 'websites',
    description: 'Un article du blog, en entier.',
    params: [{ name: 'articleId', label: 'Article', kind: 'id', entity: 'websites.articles' }],
    async draw(s, env) {
      const a = typeof s.articleId === 'string' ? await env.article(s.articleId) : null;
      if (!a) return '';
      return html`<article class="c-article"><h2>${a.title}</h2><p class="c-meta">${frenchDate(a.writtenDate)}${a.author ? ` · ${a.author}` : ''}</p>${rawHtml(sanitizeRichText(a.content ?? ''))}</article>`.value;
    },
  },
  {
    identifier: 'simple-html', name: 'Texte', category: 'content', plugin: 'websites',
    description: 'Du texte mis en forme.',
    params: [{ name: 'content', label: 'Texte', kind: 'rich-text', default: '<p>Votre texte ici.</p>' }],
    draw: (s) => html`<div class="c-text">${rawHtml(sanitizeRichText(text(s.content)))}</div>`.value,
  },
  {
    identifier: 'raw-html', name: 'HTML brut', category: 'content', plugin: 'websites',
    description: 'Du HTML écrit à la main (nettoyé : sans script, sauf si le modèle du site les permet).',
    params: [{ name: 'html', label: 'HTML', kind: 'rich-text', default: '' }],
    draw: (s, env) => html`<div class="c-raw">${rawHtml(sanitizeRawHtml(text(s.html), env.allowScripts))}</div>`.value,
  },
  {
    identifier: 'single-image', name: 'Image', category: 'content', plugin: 'websites',
    params: [
      { name: 'image', label: 'Image', kind: 'custom' },
      { name: 'alt', label: 'Texte alternatif', kind: 'string', default: '' },
      { name: 'caption', label: 'Légende', kind: 'string', default: '' },
      { name: 'lazy', label: 'Chargement différé', kind: 'boolean', default: true },
    ],
    draw: (s) => html`<figure class="c-image">${picture(s.image, { alt: text(s.alt), lazy: s.lazy !== false, sizes: '(min-width: 1200px) 1140px, 100vw' })}${s.caption ? html`<figcaption>${text(s.caption)}</figcaption>` : ''}</figure>`.value,
  },
  {
    identifier: 'image-text', name: 'Image et texte', category: 'content', plugin: 'websites',
    params: [
      { name: 'image', label: 'Image', kind: 'custom' },
      { name: 'alt', label: 'Texte alternatif', kind: 'string', default: '' },
      { name: 'content', label: 'Texte', kind: 'rich-text', default: '<p>Votre texte ici.</p>' },
      { name: 'imagePosition', label: 'Position de l’image', kind: 'string', default: 'left', choices: [{ value: 'left', label: 'À gauche' }, { value: 'right', label: 'À droite' }] },
    ],
    draw: (s) => html`<div class="c-image-text${s.imagePosition === 'right' ? ' c-reverse' : ''}"><div>${picture(s.image, { alt: text(s.alt), sizes: '(min-width: 768px) 50vw, 100vw' })}</div><div class="c-text">${rawHtml(sanitizeRichText(text(s.content)))}</div></div>`.value,
  },
  {
    identifier: 'faq', name: 'Questions fréquentes', category: 'content', plugin: 'websites',
    params: [
      { name: 'title', label: 'Titre', kind: 'string', default: 'Questions fréquentes' },
      { name: 'items', label: 'Questions', kind: 'custom', default: [] },
    ],
    // <details>: opens and closes without a script
    draw: (s) => html`<section class="c-faq">${s.title ? html`<h2>${text(s.title)}</h2>` : ''}${entries(s.items).map((q) => html`<details><summary>${text(q.question)}</summary>${rawHtml(sanitizeRichText(text(q.answer)))}</details>`)}</section>`.value,
  },
  {
    identifier: 'pdf-download', name: 'Téléchargement PDF', category: 'content', plugin: 'websites',
    params: [
      { name: 'file', label: 'Fichier PDF', kind: 'custom' },
      { name: 'thumbnail', label: 'Vignette', kind: 'custom' },
      { name: 'label', label: 'Libellé', kind: 'string', default: 'Télécharger le PDF' },
      { name: 'thumbnailWidth', label: 'Largeur de la vignette', kind: 'number', default: 300, min: 16, max: 1920 },
      { name: 'thumbnailHeight', label: 'Hauteur de la vignette', kind: 'number', default: 200, min: 16, max: 1920 },
      { name: 'displayMode', label: 'Affichage', kind: 'string', default: 'thumb', choices: [{ value: 'thumb', label: 'Vignette' }, { value: 'link', label: 'Lien' }] },
    ],
    draw(s) {
      const file = asAttachment(s.file);
      if (!file) return '';
      const href = `${attachmentUrl(file)}?download=${encodeURIComponent(file.name ?? 'document.pdf')}`;
      const thumb = s.displayMode === 'thumb' && asAttachment(s.thumbnail)
        ? picture(s.thumbnail, { alt: '', sizes: `${Number(s.thumbnailWidth)}px`, width: Number(s.thumbnailWidth), height: Number(s.thumbnailHeight), className: 'c-thumb' })
        : '';
      return html`<p class="c-pdf"><a href="${href}">${thumb}<span>${text(s.label)}</span></a></p>`.value;
    },
  },
  {
    identifier: 'blog', name: 'Liste d’articles', category: 'content', plugin: 'websites',
    description: 'Les derniers articles, page par page.',
    params: [
      { name: 'title', label: 'Titre', kind: 'string', default: '' },
      { name: 'groups', label: 'Groupes d’articles', kind: 'ids', entity: 'kernel.groups', default: [] },
      { name: 'quantity', label: 'Articles au plus', kind: 'number', default: 50, min: 1, max: 500 },
      { name: 'perPage', label: 'Articles par page', kind: 'number', default: 10, min: 1, max: 100 },
    ],
    async draw(s, env) {
      const groups = Array.isArray(s.groups) && s.groups.length ? (s.groups as string[]) : env.listGroup ? [env.listGroup] : [];
      const all = await env.articles(groups, Number(s.quantity));
      const perPage = Math.max(1, Number(s.perPage));
      const pages = Math.max(1, Math.ceil(all.length / perPage));
      const asked = Number.parseInt(env.place.query.page ?? '1', 10);
      const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
      const shown = all.slice((page - 1) * perPage, page * perPage);
      const link = (p: number) => (p === 1 ? env.place.path : `${env.place.path}?page=${p}`);
      const nav = pages > 1
        ? html`<nav class="c-pages" aria-label="Pages">${page > 1 ? html`<a rel="prev" href="${link(page - 1)}">← Précédents</a>` : ''}<span>Page ${page} sur ${pages}</span>${page < pages ? html`<a rel="next" href="${link(page + 1)}">Suivants →</a>` : ''}</nav>`
        : '';
      return html`<section class="c-blog">${s.title ? html`<h2>${text(s.title)}</h2>` : ''}${shown.length ? '' : html`<p>Aucun article pour le moment.</p>`}${shown.map((a) => html`<article class="c-card"><h3><a href="${articleHref(a.alias)}">${a.title}</a></h3><p class="c-meta">${frenchDate(a.writtenDate)}</p><p>${a.preview || plainText(a.content ?? '', 240)}</p></article>`)}${nav}</section>`.value;
    },
  },
  {
    identifier: 'image-slider', name: 'Diaporama', category: 'content', plugin: 'websites',
    params: [
      { name: 'images', label: 'Images', kind: 'custom', default: [] },
      { name: 'interval', label: 'Intervalle (ms)', kind: 'number', default: 2000, min: 500, max: 60000 },
      { name: 'slideDuration', label: 'Durée de transition (ms)', kind: 'number', default: 450, min: 0, max: 10000 },
      { name: 'widthLarge', label: 'Largeur sur grand écran', kind: 'string', default: '65%' },
      { name: 'widthSmall', label: 'Largeur sur petit écran', kind: 'string', default: '100%' },
      { name: 'containerClass', label: 'Classe du conteneur', kind: 'string', default: 'p-3' },
    ],
    draw(s) {
      const width = (v: unknown, d: string) => (typeof v === 'string' && /^\d{1,3}%$/.test(v) ? v : d);
      const cls = typeof s.containerClass === 'string' && /^[A-Za-z0-9_ -]*$/.test(s.containerClass) ? s.containerClass : '';
      // scroll-snap slides; the site's small script advances them every `interval` ms
      return html`<div class="c-slider ${cls}" data-interval="${Number(s.interval)}" data-duration="${Number(s.slideDuration)}" style="--w-lg:${width(s.widthLarge, '65%')};--w-sm:${width(s.widthSmall, '100%')}"><div class="c-slides">${entries(s.images).map((img, i) => html`<div class="c-slide">${picture(img.image ?? img, { alt: text(img.alt), lazy: i > 0, sizes: '(min-width: 768px) 65vw, 100vw' })}</div>`)}</div></div>`.value;
    },
  },
  {
    identifier: 'embedded-map', name: 'Carte', category: 'content', plugin: 'websites',
    description: 'Une carte OpenStreetMap centrée sur un lieu.',
    params: [
      { name: 'latitude', label: 'Latitude', kind: 'number', default: 48.8566, min: -90, max: 90 },
      { name: 'longitude', label: 'Longitude', kind: 'number', default: 2.3522, min: -180, max: 180 },
      { name: 'zoom', label: 'Zoom', kind: 'number', default: 0.01, min: 0.001, max: 10 },
      { name: 'width', label: 'Largeur', kind: 'string', default: '100%' },
      { name: 'height', label: 'Hauteur (px)', kind: 'number', default: 400, min: 100, max: 2000 },
    ],
    draw(s) {
      const lat = Number(s.latitude), lon = Number(s.longitude), d = Number(s.zoom);
      const bbox = [lon - d, lat - d, lon + d, lat + d].map((x) => x.toFixed(5)).join(',');
      const src = `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat.toFixed(5)},${lon.toFixed(5)}`;
      const width = typeof s.width === 'string' && /^\d{1,4}(px|%)$/.test(s.width) ? s.width : '100%';
      return html`<div class="c-map"><iframe title="Carte" src="${src}" style="width:${width};height:${Number(s.height)}px" loading="lazy"></iframe></div>`.value;
    },
  },
];
