/**
 * An uploaded SVG must be well-formed XML whose root is <svg>, and free of active content.
 *
 * SVGs are served to browsers: shown in an <img> they never run scripts, but opened directly (a
 * link, a new tab) they are documents of our origin. They are therefore **refused**, not
 * sanitised, when they carry scripts, event handlers (`onload=`…), `javascript:` links, embedded
 * HTML (`foreignObject`, `iframe`…) or entity declarations (XML bombs): a logo exported by a
 * drawing program has none of them, and silently altering a file the user keeps elsewhere would
 * surprise. Served SVGs also carry a CSP that forbids scripts (routes/attachments.ts): two locks.
 *
 * They are refused too when they load anything from outside themselves: `<use href="http://…">`,
 * `<image xlink:href="photo.png">`, `url(http://…)` in a style or an attribute, CSS `@import`,
 * `<?xml-stylesheet?>`. Shown in an <img> or behind our CSP they would load nothing, but an SVG
 * pasted into a web page (the website builder) or read by another program would call a third party
 * (tracking its readers) or a file of the machine. Links to the drawing's own parts (`#id`) and
 * embedded images (`data:image/…`) stay; so do ordinary hyperlinks (`<a href="https://…">`), which
 * load nothing.
 */
import { SaxesParser } from 'saxes';

const SVG_NS = 'http://www.w3.org/2000/svg';
const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener', 'applet', 'frame', 'frameset', 'meta', 'base']);
const LINK_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'values', 'to', 'from', 'by']);

/** `java\nscript:` and `&#x09;` tricks are read as browsers read them: without spaces or controls. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const squeeze = (v: string) => v.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();

/** what a reference may name: a part of the drawing, or an image carried inside it */
const ownReference = (v: string) => v.startsWith('#') || v.startsWith('data:image/');

/** CSS escapes (`\\75 rl(` is `url(`) read as CSS reads them */
const unescapeCss = (css: string) => css
  .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd))
  .replace(/\\(.)/gs, '$1');

/** `url(…)` naming something outside the drawing, `image-set()` or a CSS `@import`, in a style or an attribute */
function loadsFromOutside(css: string): boolean {
  const v = squeeze(unescapeCss(css));
  if (v.includes('@import') || v.includes('image-set(')) return true;
  for (const m of v.matchAll(/url\(([^)]*)\)?/g)) {
    if (!ownReference(m[1].replace(/^["']|["']$/g, ''))) return true;
  }
  return false;
}

function activeValue(attr: string, value: string): boolean {
  const v = squeeze(value);
  if (v.includes('javascript:') || v.includes('vbscript:') || v.includes('data:text/html') || v.includes('data:application/xhtml')) return true;
  return LINK_ATTRIBUTES.has(attr) && v.startsWith('file:');
}

/** The reason an SVG text is refused, in French, or null when it is a clean SVG. */
export function svgProblem(text: string): string | null {
  let problem: string | null = null;
  let depth = 0;
  let rootSeen = false;
  const parser = new SaxesParser({ xmlns: true, position: false });
  const fail = (reason: string) => { problem ??= reason; };
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) fail('il déclare des entités XML');
  });
  let inStyle = false;
  const styleText = (text: string) => {
    if (inStyle && loadsFromOutside(text)) fail('sa feuille de style charge une ressource extérieure (@import ou url())');
  };
  parser.on('processinginstruction', (pi) => {
    if (pi.target.toLowerCase() === 'xml-stylesheet') fail('il charge une feuille de style extérieure (<?xml-stylesheet?>)');
  });
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  parser.on('opentag', (tag) => {
    if (depth === 0) {
      rootSeen = true;
      if (tag.local !== 'svg' || (tag.uri !== SVG_NS && tag.uri !== '')) fail(`sa racine est <${tag.name}>, pas <svg>`);
    }
    depth += 1;
    const element = tag.local.toLowerCase();
    if (ACTIVE_ELEMENTS.has(element)) fail(`il contient un élément <${tag.local}> (code actif ou contenu HTML)`);
    inStyle = element === 'style';
    for (const attr of Object.values(tag.attributes)) {
      const local = attr.local.toLowerCase();
      if (local.startsWith('on')) fail(`il contient un gestionnaire d’événement (${attr.name})`);
      else if (activeValue(local, attr.value)) fail(`il contient un lien actif (${attr.name})`);
      // a hyperlink loads nothing; any other reference is a resource the reader would fetch
      else if ((local === 'href' || local === 'src') && element !== 'a' && !ownReference(squeeze(attr.value))) {
        fail(`il fait appel à une ressource extérieure (${attr.name}="${attr.value.slice(0, 60)}")`);
      } else if (loadsFromOutside(attr.value)) fail(`il fait appel à une ressource extérieure (${attr.name})`);
    }
  });
  parser.on('closetag', () => { depth -= 1; inStyle = false; });
  parser.on('error', (err) => { fail(`ce n’est pas un XML valide (${err.message.split('\n')[0]})`); });
  try {
    parser.write(text).close();
  } catch (err) {
    fail(`ce n’est pas un XML valide (${(err as Error).message.split('\n')[0]})`);
  }
  if (!problem && !rootSeen) fail('il ne contient aucun élément <svg>');
  return problem;
}

/** Decodes an uploaded SVG (UTF-8, with or without BOM); null when the bytes are not UTF-8 text. */
export function svgText(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}
