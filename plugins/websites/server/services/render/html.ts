/**
 * Small HTML helpers of the public pages: styles of layout nodes, gradients, images with their
 * attachment variants (srcset). Every value reaching an attribute is escaped (`html` of the SDK)
 * or comes from a pattern-checked field (colours, lengths, class names).
 */
import { html, rawHtml, type SafeHtml } from '@comptoir/sdk';
import { attachmentUrl, IMAGE_WIDTHS, isImageAttachment, type Attachment } from '@comptoir/schemas';
import type { Gradient, NodeStyle } from '../../../schemas/index.ts';
import { COLOR_PATTERN, LENGTH_PATTERN } from '../../../schemas/index.ts';

const COLOR = new RegExp(COLOR_PATTERN);
const LENGTH = new RegExp(LENGTH_PATTERN);
const CLASSES = /^[A-Za-z0-9_ -]*$/;

const color = (v: unknown): string | null => (typeof v === 'string' && COLOR.test(v) ? v : null);
const length = (v: unknown): string | null => (typeof v === 'string' && LENGTH.test(v) ? v : null);

/** A gradient as a CSS image (checked again: a layout may come from an older version). */
export function gradientCss(g: Partial<Gradient> | undefined): string | null {
  if (!g || !Array.isArray(g.stops) || !g.stops.length) return null;
  const stops = g.stops.map((s) => {
    const c = color(s?.color);
    const offset = Number(s?.offset);
    return c && Number.isFinite(offset) ? `${c} ${Math.min(100, Math.max(0, offset))}%` : null;
  }).filter((s): s is string => !!s).join(', ');
  if (!stops) return null;
  const num = (v: unknown, d: number) => (Number.isFinite(Number(v)) ? Number(v) : d);
  const at = `at ${num(g.cx, 50)}% ${num(g.cy, 50)}%`;
  switch (g.type) {
    case 'radial': return `radial-gradient(circle ${num(g.radius, 60)}% ${at}, ${stops})`;
    case 'ellipse': return `radial-gradient(ellipse ${num(g.radius, 60)}% ${at}, ${stops})`;
    case 'conical': return `conic-gradient(from ${num(g.angle, 90)}deg ${at}, ${stops})`;
    default: return `linear-gradient(${num(g.angle, 90)}deg, ${stops})`;
  }
}

/** ` class="…" style="…"` of a node (empty when it has no style). */
export function styleAttrs(style: Partial<NodeStyle> | undefined, baseClass: string): SafeHtml {
  const classes = [baseClass, style?.classes && CLASSES.test(style.classes) ? style.classes : ''].filter(Boolean).join(' ');
  const decl: string[] = [];
  const c = color(style?.color);
  if (c) decl.push(`color:${c}`);
  const bg = color(style?.background);
  if (bg) decl.push(`background-color:${bg}`);
  const g = gradientCss(style?.gradient);
  if (g) decl.push(`background-image:${g}`);
  for (const [prop, css] of [['padding', 'padding'], ['margin', 'margin'], ['minHeight', 'min-height']] as const) {
    const v = length(style?.[prop]);
    if (v) decl.push(`${css}:${v}`);
  }
  if (style?.textAlign && ['left', 'center', 'right', 'justify'].includes(style.textAlign)) decl.push(`text-align:${style.textAlign}`);
  return decl.length ? html` class="${classes}" style="${decl.join(';')}"` : html` class="${classes}"`;
}

/** An attachment given in a setting, when it has the shape of one (anything else draws nothing). */
export function asAttachment(v: unknown): Attachment | null {
  const a = v as Partial<Attachment> | null;
  if (!a || typeof a !== 'object' || typeof a.folder !== 'string' || typeof a.filename !== 'string' || typeof a.mime !== 'string') return null;
  if (!/^[A-Za-z0-9_-]+$/.test(a.folder) || !/^[A-Za-z0-9_.-]+$/.test(a.filename) || (a.subfolder !== undefined && !/^[A-Za-z0-9_-]*$/.test(a.subfolder))) return null;
  return a as Attachment;
}

/**
 * An image from its attachment variants: `srcset` of the widths (w320…w1920) so that a phone
 * downloads a small one, `sizes` as the block is laid out, lazy unless asked otherwise. An SVG
 * has no variants: its original.
 */
export function picture(value: unknown, opts: { alt?: string; sizes?: string; lazy?: boolean; className?: string; width?: number; height?: number } = {}): SafeHtml {
  const a = asAttachment(value);
  if (!a) return rawHtml('');
  const alt = opts.alt ?? a.name ?? '';
  const loading = opts.lazy === false ? 'eager' : 'lazy';
  const cls = opts.className ? html` class="${opts.className}"` : rawHtml('');
  const dims = opts.width && opts.height ? html` width="${opts.width}" height="${opts.height}"` : rawHtml('');
  if (!isImageAttachment(a) || a.mime === 'image/svg+xml') {
    return html`<img src="${attachmentUrl(a)}" alt="${alt}" loading="${loading}" decoding="async"${cls}${dims}>`;
  }
  const widths = IMAGE_WIDTHS.filter((w) => w >= 320);
  const srcset = widths.map((w) => `${attachmentUrl(a, `w${w}`)} ${w}w`).join(', ');
  return html`<img src="${attachmentUrl(a, 'w640')}" srcset="${srcset}" sizes="${opts.sizes ?? '100vw'}" alt="${alt}" loading="${loading}" decoding="async"${cls}${dims}>`;
}

/** A list setting: only its object entries. */
export const entries = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x) => x && typeof x === 'object') as Record<string, unknown>[] : []);

export const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
