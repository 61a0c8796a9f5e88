/**
 * The HTML document around a page (README « Rendering »): head with the page data's seos and the
 * template's CSS (its variant as custom properties), body, the template's scripts. No framework:
 * a public page is server-rendered HTML with one small script at most.
 */
import { escapeHtml, html, rawHtml } from '@comptoir/sdk';
import type { PageData } from '../../../schemas/index.ts';

export interface DocumentParts {
  title: string;
  page: PageData;
  /** `:root{…}` of the variant */
  variantCss: string;
  favicon: string | null;
  body: string;
}

export function htmlDocument(p: DocumentParts): string {
  const metas = p.page.seos.map((s) => (s.property
    ? html`<meta property="${s.name}" content="${s.content}">`
    : s.name === 'canonical' ? html`<link rel="canonical" href="${s.content}">` : html`<meta name="${s.name}" content="${s.content}">`));
  const css = [...p.page.cssPaths, ...p.page.webRequirements.css].map((href) => html`<link rel="stylesheet" href="${href}">`);
  const js = p.page.webRequirements.js.map((src) => html`<script src="${src}" defer></script>`);
  return '<!doctype html>' + html`<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${p.title}</title>${metas}${p.favicon ? html`<link rel="icon" href="${p.favicon}">` : ''}${css}${p.variantCss ? html`<style>${rawHtml(p.variantCss.replace(/</g, ''))}</style>` : ''}</head><body>${rawHtml(p.body)}${js}</body></html>`.value;
}

/** The page's title: its own, then the site's. */
export const pageTitle = (own: string | undefined, site: string) => (own && own !== site ? `${own} — ${site}` : site);

export { escapeHtml };
