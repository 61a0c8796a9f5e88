/**
 * Navigation blocks (spec 001 §9, « three menu types »): the top bar with the logo (logo height
 * 80, position sticky-top), a vertical menu, and the footer's menu. The top bar folds on small
 * screens with a checkbox and CSS: no script.
 */
import { html, type SafeHtml } from '@comptoir/sdk';
import type { MenuEntry } from '../../menus/tree.ts';
import { picture, text } from '../html.ts';
import type { SiteBlock } from './types.ts';

const menuParam = { name: 'menuId', label: 'Menu (principal si vide)', kind: 'id', entity: 'websites.menus' } as const;

function links(entries: MenuEntry[], current: string, depth = 0): SafeHtml {
  if (!entries.length) return html``;
  return html`<ul${depth ? html` class="c-sub"` : ''}>${entries.map((e) => {
    const href = e.path ?? e.url ?? '#';
    const here = e.path !== null && e.path === current;
    return html`<li><a href="${href}"${here ? html` aria-current="page"` : ''}>${e.label}</a>${links(e.children, current, depth + 1)}</li>`;
  })}</ul>`;
}

const POSITIONS = ['sticky-top', 'fixed-top', 'static'] as const;

export const navigationBlocks: SiteBlock[] = [
  {
    identifier: 'menu', name: 'Menu principal', category: 'navigation', plugin: 'websites',
    params: [
      menuParam,
      { name: 'logo', label: 'Logo', kind: 'custom' },
      { name: 'logoHeight', label: 'Hauteur du logo (px)', kind: 'number', default: 80, min: 16, max: 400 },
      { name: 'position', label: 'Position', kind: 'string', default: 'sticky-top', choices: POSITIONS.map((p) => ({ value: p, label: p })) },
      { name: 'title', label: 'Titre (nom de l’entreprise si vide)', kind: 'string', default: '' },
    ],
    async draw(s, env) {
      const tree = await env.menu(typeof s.menuId === 'string' ? s.menuId : undefined);
      const position = (POSITIONS as readonly unknown[]).includes(s.position) ? String(s.position) : 'sticky-top';
      const h = Number(s.logoHeight);
      const brand = picture(s.logo, { alt: env.companyName, lazy: false, className: 'c-logo' });
      return html`<header class="c-nav c-${position}" style="--logo-h:${h}px"><a class="c-brand" href="/">${brand.value ? brand : text(s.title) || env.companyName}</a><input type="checkbox" id="c-nav-toggle" class="c-toggle"><label for="c-nav-toggle" class="c-burger" aria-label="Menu">☰</label><nav aria-label="Menu principal">${links(tree, env.place.path)}</nav></header>`.value;
    },
  },
  {
    identifier: 'menu-vertical', name: 'Menu vertical', category: 'navigation', plugin: 'websites',
    params: [menuParam, { name: 'title', label: 'Titre', kind: 'string', default: '' }],
    async draw(s, env) {
      const tree = await env.menu(typeof s.menuId === 'string' ? s.menuId : undefined);
      return html`<nav class="c-vmenu" aria-label="${text(s.title) || 'Menu'}">${s.title ? html`<h2>${text(s.title)}</h2>` : ''}${links(tree, env.place.path)}</nav>`.value;
    },
  },
  {
    identifier: 'menu-footer', name: 'Pied de page', category: 'navigation', plugin: 'websites',
    params: [menuParam, { name: 'text', label: 'Texte', kind: 'string', default: '' }],
    async draw(s, env) {
      const tree = await env.menu(typeof s.menuId === 'string' ? s.menuId : undefined);
      const year = env.place.now.getFullYear();
      return html`<footer class="c-footer"><nav aria-label="Pied de page">${links(tree.map((e) => ({ ...e, children: [] })), env.place.path)}</nav><p>${text(s.text) || `© ${year} ${env.companyName}`}</p></footer>`.value;
    },
  },
];
