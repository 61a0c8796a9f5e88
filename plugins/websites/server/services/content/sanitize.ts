/**
 * Editors' HTML made safe for visitors (README « Safety »), with sanitize-html (maintained,
 * htmlparser2-based): applied when rich text or raw HTML is saved, and again when it is drawn (a
 * row written around the API, or a policy tightened since, is still cleaned).
 * - Rich text (articles, text blocks): formatting, lists, links, images, tables, headings; no
 *   script, no style element, no event handler, no `javascript:` URL, no iframe.
 * - Raw HTML (the « HTML brut » block): the same plus `div`/`span`/`section` with classes and
 *   iframes from a few map and video hosts; scripts only when the website's template allows
 *   editors' scripts (`allowEditorScripts`), never otherwise.
 */
import sanitizeHtml from 'sanitize-html';

const TEXT_TAGS = [
  'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'blockquote', 'code', 'pre',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'span', 'div',
];

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: TEXT_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'], td: ['colspan', 'rowspan'],
    '*': ['class'],
  },
  allowedClasses: { '*': [/^[A-Za-z0-9_-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // a link opening a new tab may not reach back to the page
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const IFRAME_HOSTS = ['www.openstreetmap.org', 'www.google.com', 'maps.google.com', 'www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'];

const RAW: sanitizeHtml.IOptions = {
  ...RICH_TEXT,
  allowedTags: [...TEXT_TAGS, 'section', 'article', 'header', 'footer', 'nav', 'aside', 'iframe', 'video', 'source', 'picture', 'address'],
  allowedAttributes: {
    ...RICH_TEXT.allowedAttributes,
    iframe: ['src', 'width', 'height', 'title', 'loading', 'allowfullscreen'],
    video: ['src', 'controls', 'poster', 'width', 'height', 'muted', 'loop', 'playsinline'],
    source: ['src', 'srcset', 'type', 'media'],
    '*': ['class', 'id', 'title', 'lang', 'aria-label', 'aria-hidden', 'role'],
  },
  allowedClasses: { '*': [/^[A-Za-z0-9_-]+$/] },
  allowedIframeHostnames: IFRAME_HOSTS,
};

/** Adds what only a template that allows editors' scripts lets through. */
const WITH_SCRIPTS: sanitizeHtml.IOptions = {
  ...RAW,
  allowedTags: [...(RAW.allowedTags as string[]), 'script'],
  allowedAttributes: { ...RAW.allowedAttributes, script: ['src', 'async', 'defer', 'type'] },
  allowVulnerableTags: true,
};

export function sanitizeRichText(input: string): string {
  return sanitizeHtml(input, RICH_TEXT);
}

export function sanitizeRawHtml(input: string, allowScripts = false): string {
  return sanitizeHtml(input, allowScripts ? WITH_SCRIPTS : RAW);
}

/** Plain text of rich text (the preview of a list, a meta description). */
export function plainText(input: string, max = 300): string {
  const text = sanitizeHtml(input, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim()
    // the text is escaped again where it is drawn: the entities sanitize-html wrote are undone here
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
