/**
 * A block's settings against its params (spec 001 §3 « Block setting kinds »): defaults applied
 * when drawn, and a French 400 naming the setting when saved with a value of the wrong kind.
 * Rich text is sanitised when saved (and again when drawn); raw HTML keeps its scripts only until
 * it is drawn, where the website's template decides (content/sanitize.ts).
 */
import { badRequest, type BlockParam } from '@comptoir/sdk';
import { Value } from '@sinclair/typebox/value';
import { COLOR_PATTERN, Gradient } from '../../../../schemas/index.ts';
import { badBlockSetting } from '../../../messages.ts';
import { sanitizeRawHtml, sanitizeRichText } from '../../content/sanitize.ts';

const COLOR = new RegExp(COLOR_PATTERN);
const ID = /^[0-9a-f]{24}$/;
const CUSTOM_LIMIT = 200_000;

/** The params of a type with those of its sections, flat. */
export function flatParams(params: BlockParam[]): BlockParam[] {
  return params.flatMap((p) => (p.kind === 'param-section' ? flatParams(p.params ?? []) : [p]));
}

export function withDefaults(params: BlockParam[], settings: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of flatParams(params)) {
    if (p.default !== undefined) out[p.name] = structuredClone(p.default);
  }
  return { ...out, ...(settings ?? {}) };
}

/** why a value does not fit its param, or null */
function problem(p: BlockParam, v: unknown): string | null {
  switch (p.kind) {
    case 'boolean': return typeof v === 'boolean' ? null : 'oui ou non attendu.';
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) return 'nombre attendu.';
      if (p.min !== undefined && v < p.min) return `au moins ${p.min}.`;
      if (p.max !== undefined && v > p.max) return `au plus ${p.max}.`;
      return p.choices && !p.choices.some((c) => c.value === v) ? 'valeur non proposée.' : null;
    case 'string':
      if (typeof v !== 'string' || v.length > 2000) return 'texte de 2000 caractères au plus attendu.';
      return p.choices && !p.choices.some((c) => c.value === v) ? 'valeur non proposée.' : null;
    case 'rich-text': return typeof v === 'string' && v.length <= 200_000 ? null : 'texte mis en forme attendu.';
    case 'id': return typeof v === 'string' && ID.test(v) ? null : 'identifiant attendu.';
    case 'ids': return Array.isArray(v) && v.length <= 200 && v.every((x) => typeof x === 'string' && ID.test(x)) ? null : 'liste d’identifiants attendue.';
    case 'date': return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? null : 'date attendue.';
    case 'color': return typeof v === 'string' && COLOR.test(v) ? null : 'couleur attendue (#rrggbb ou rgba(r, g, b, a)).';
    case 'gradient': return Value.Check(Gradient, v) ? null : 'dégradé invalide.';
    case 'custom': return JSON.stringify(v ?? null).length <= CUSTOM_LIMIT ? null : 'réglage trop volumineux.';
    case 'auto': return null;
    default: return null;
  }
}

/** The settings to store: every known setting checked, rich text and raw HTML cleaned, unknown ones refused. */
export function checkSettings(type: string, params: BlockParam[], settings: Record<string, unknown>, field: string): Record<string, unknown> {
  const byName = new Map(flatParams(params).map((p) => [p.name, p]));
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(settings)) {
    const p = byName.get(name);
    const fail = (why: string) => badRequest(badBlockSetting(type, name, why), [{ field: `${field}.${name}`, message: why }]);
    if (!p) throw fail('réglage inconnu.');
    if (v === null) continue;
    const why = problem(p, v);
    if (why) throw fail(why);
    if (p.kind === 'rich-text') out[name] = p.name === 'html' && type === 'raw-html' ? sanitizeRawHtml(v as string, true) : sanitizeRichText(v as string);
    else out[name] = v;
  }
  return out;
}
