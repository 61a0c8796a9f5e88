/**
 * Presentation blocks (spec 001 §9): hero, about, feature, get (call to action), video intro,
 * pricing, counter, the wave header slider and the Nivo-style slider. Pricing's gradient choice
 * « always on » is 0, 1, 2 or -1 (default 1) with stops at 0, 60 and 100 (spec §5).
 */
import { html, rawHtml } from '@comptoir/sdk';
import { isLinkTarget } from '../../menus/paths.ts';
import { sanitizeRichText } from '../../content/sanitize.ts';
import { entries, gradientCss, picture, text } from '../html.ts';
import type { SiteBlock } from './types.ts';

const href = (v: unknown) => (isLinkTarget(v) ? v : '#');
const button = (label: unknown, link: unknown) => (text(label) ? html`<a class="c-button" href="${href(link)}">${text(label)}</a>` : '');

/** the three stops of a pricing gradient (spec §5) */
export const PRICING_GRADIENT = {
  type: 'linear', angle: 135, cx: 50, cy: 50, radius: 60,
  stops: [
    { offset: 0, color: 'rgba(58, 123, 213, 1)', uuid: 'stop-0' },
    { offset: 60, color: 'rgba(0, 210, 255, 1)', uuid: 'stop-60' },
    { offset: 100, color: 'rgba(58, 213, 160, 1)', uuid: 'stop-100' },
  ],
};

const DEFAULT_WAVES_GRADIENT = {
  type: 'linear', angle: 90, cx: 50, cy: 50, radius: 60,
  stops: [{ offset: 0, color: 'rgba(255, 255, 255, 1)', uuid: 'stop-0' }, { offset: 100, color: 'rgba(0, 0, 0, 1)', uuid: 'stop-100' }],
};

const VIDEO = /^https:\/\/(www\.youtube\.com\/watch\?v=|youtu\.be\/|www\.youtube-nocookie\.com\/embed\/)([A-Za-z0-9_-]{6,20})/;

export const presentationBlocks: SiteBlock[] = [
  {
    identifier: 'hero', name: 'Bannière', category: 'presentation', plugin: 'websites',
    params: [
      { name: 'title', label: 'Titre', kind: 'string', default: 'Bienvenue' },
      { name: 'subtitle', label: 'Sous-titre', kind: 'string', default: '' },
      { name: 'buttonLabel', label: 'Bouton', kind: 'string', default: '' },
      { name: 'buttonLink', label: 'Lien du bouton', kind: 'string', default: '/' },
      { name: 'image', label: 'Image de fond', kind: 'custom' },
      { name: 'gradient', label: 'Dégradé', kind: 'gradient' },
    ],
    draw(s) {
      const g = gradientCss(s.gradient as never);
      return html`<section class="c-hero"${g ? html` style="background-image:${g}"` : ''}>${picture(s.image, { alt: '', lazy: false, className: 'c-hero-bg' })}<div class="c-hero-body"><h1>${text(s.title)}</h1>${s.subtitle ? html`<p>${text(s.subtitle)}</p>` : ''}${button(s.buttonLabel, s.buttonLink)}</div></section>`.value;
    },
  },
  {
    identifier: 'about', name: 'À propos', category: 'presentation', plugin: 'websites',
    params: [
      { name: 'title', label: 'Titre', kind: 'string', default: 'À propos' },
      { name: 'content', label: 'Texte', kind: 'rich-text', default: '<p>Notre histoire.</p>' },
      { name: 'image', label: 'Image', kind: 'custom' },
    ],
    draw: (s) => html`<section class="c-about"><div><h2>${text(s.title)}</h2>${rawHtml(sanitizeRichText(text(s.content)))}</div>${picture(s.image, { alt: '', sizes: '(min-width: 768px) 40vw, 100vw' })}</section>`.value,
  },
  {
    identifier: 'feature', name: 'Points forts', category: 'presentation', plugin: 'websites',
    params: [
      { name: 'title', label: 'Titre', kind: 'string', default: '' },
      { name: 'features', label: 'Points forts', kind: 'custom', default: [] },
    ],
    draw: (s) => html`<section class="c-features">${s.title ? html`<h2>${text(s.title)}</h2>` : ''}<div class="c-grid">${entries(s.features).map((f) => html`<div class="c-feature">${f.icon ? html`<span class="c-icon" aria-hidden="true">${text(f.icon)}</span>` : ''}<h3>${text(f.title)}</h3><p>${text(f.text)}</p></div>`)}</div></section>`.value,
  },
  {
    identifier: 'get', name: 'Appel à l’action', category: 'presentation', plugin: 'websites',
    params: [
      { name: 'title', label: 'Titre', kind: 'string', default: 'Passez nous voir' },
      { name: 'text', label: 'Texte', kind: 'string', default: '' },
      { name: 'buttonLabel', label: 'Bouton', kind: 'string', default: 'Nous contacter' },
      { name: 'buttonLink', label: 'Lien du bouton', kind: 'string', default: '/contact' },
      { name: 'background', label: 'Couleur de fond', kind: 'color' },
    ],
    draw: (s) => html`<section class="c-get"${typeof s.background === 'string' ? html` style="background-color:${s.background}"` : ''}><h2>${text(s.title)}</h2>${s.text ? html`<p>${text(s.text)}</p>` : ''}${button(s.buttonLabel, s.buttonLink)}</section>`.value,
  },
  {
    identifier: 'video-intro', name: 'Vidéo de présentation', category: 'presentation', plugin: 'websites',
    params: [
      { name: 'title', label: 'Titre', kind: 'string', default: '' },
      { name: 'text', label: 'Texte', kind: 'string', default: '' },
      { name: 'videoUrl', label: 'Adresse YouTube', kind: 'string', default: '' },
    ],
    draw(s) {
      const id = VIDEO.exec(text(s.videoUrl))?.[2];
      const player = id ? html`<div class="c-video"><iframe title="Vidéo" src="https://www.youtube-nocookie.com/embed/${id}" loading="lazy" allowfullscreen></iframe></div>` : '';
      return html`<section class="c-video-intro">${s.title ? html`<h2>${text(s.title)}</h2>` : ''}${s.text ? html`<p>${text(s.text)}</p>` : ''}${player}</section>`.value;
    },
  },
  {
    identifier: 'pricing', name: 'Tarifs', category: 'presentation', plugin: 'websites',
    params: [
      { name: 'title', label: 'Titre', kind: 'string', default: 'Nos tarifs' },
      { name: 'plans', label: 'Offres', kind: 'custom', default: [] },
      { name: 'gradientAlwaysOn', label: 'Dégradé toujours visible', kind: 'number', default: 1, choices: [{ value: 0, label: 'Aucune offre' }, { value: 1, label: 'Offre 1' }, { value: 2, label: 'Offre 2' }, { value: -1, label: 'Toutes' }] },
      { name: 'gradient', label: 'Dégradé', kind: 'gradient', default: PRICING_GRADIENT },
    ],
    draw(s) {
      const g = gradientCss(s.gradient as never);
      const on = Number(s.gradientAlwaysOn);
      return html`<section class="c-pricing">${s.title ? html`<h2>${text(s.title)}</h2>` : ''}<div class="c-grid">${entries(s.plans).map((p, i) => {
        const lit = on === -1 || on === i + 1;
        return html`<div class="c-plan${lit ? ' c-lit' : ''}"${lit && g ? html` style="background-image:${g}"` : ''}><h3>${text(p.name)}</h3><p class="c-price">${text(p.price)}${p.period ? html`<small> / ${text(p.period)}</small>` : ''}</p><ul>${(Array.isArray(p.features) ? p.features : []).map((f) => html`<li>${text(f)}</li>`)}</ul></div>`;
      })}</div></section>`.value;
    },
  },
  {
    identifier: 'counter', name: 'Chiffres clés', category: 'presentation', plugin: 'websites',
    params: [{ name: 'counters', label: 'Chiffres', kind: 'custom', default: [] }],
    draw: (s) => html`<section class="c-counters">${entries(s.counters).map((c) => html`<div class="c-counter"><strong>${text(c.value)}${text(c.suffix)}</strong><span>${text(c.label)}</span></div>`)}</section>`.value,
  },
  {
    identifier: 'waves-slider', name: 'Bandeau à vagues', category: 'presentation_header', plugin: 'websites',
    params: [
      { name: 'slides', label: 'Diapositives', kind: 'custom', default: [] },
      { name: 'height', label: 'Hauteur (px)', kind: 'number', default: 664, min: 100, max: 2000 },
      { name: 'zoomIn', label: 'Zoom avant (ms)', kind: 'number', default: 4000, min: 0, max: 60000 },
      { name: 'zoomOut', label: 'Zoom arrière (ms)', kind: 'number', default: 750, min: 0, max: 60000 },
      { name: 'gradient', label: 'Dégradé', kind: 'gradient', default: DEFAULT_WAVES_GRADIENT },
      { name: 'gradientOpacity', label: 'Opacité du dégradé', kind: 'number', default: 0.5, min: 0, max: 1 },
    ],
    draw(s) {
      const g = gradientCss(s.gradient as never);
      const slides = entries(s.slides);
      return html`<section class="c-waves" style="height:${Number(s.height)}px;--zoom-in:${Number(s.zoomIn)}ms;--zoom-out:${Number(s.zoomOut)}ms">${slides.map((sl, i) => html`<div class="c-wave-slide">${picture(sl.image, { alt: '', lazy: i > 0 })}<div class="c-wave-text"><h1>${text(sl.title)}</h1><p>${text(sl.text)}</p></div></div>`)}${g ? html`<div class="c-wave-gradient" style="background-image:${g};opacity:${Number(s.gradientOpacity)}"></div>` : ''}<svg class="c-wave" viewBox="0 0 1440 120" preserveAspectRatio="none" aria-hidden="true"><path d="M0,64 C360,128 1080,0 1440,64 L1440,120 L0,120 Z"/></svg></section>`.value;
    },
  },
  {
    identifier: 'nivo-slider', name: 'Diaporama à effets', category: 'presentation', plugin: 'websites',
    params: [
      { name: 'images', label: 'Images', kind: 'custom', default: [] },
      { name: 'effect', label: 'Effet', kind: 'string', default: 'fade', choices: [{ value: 'fade', label: 'Fondu' }, { value: 'slide', label: 'Glissement' }] },
      { name: 'pauseTime', label: 'Pause (ms)', kind: 'number', default: 3000, min: 500, max: 60000 },
      { name: 'showCaptions', label: 'Légendes', kind: 'boolean', default: true },
    ],
    draw: (s) => html`<div class="c-slider c-nivo c-${s.effect === 'slide' ? 'slide' : 'fade'}" data-interval="${Number(s.pauseTime)}"><div class="c-slides">${entries(s.images).map((img, i) => html`<figure class="c-slide">${picture(img.image ?? img, { alt: text(img.alt), lazy: i > 0 })}${s.showCaptions !== false && img.caption ? html`<figcaption>${text(img.caption)}</figcaption>` : ''}</figure>`)}</div></div>`.value,
  },
];
