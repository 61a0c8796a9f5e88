/**
 * The values of user properties in a record's `userProps`: each value checked against its
 * definition (type, list or not, bounds, options, mask, required), unknown variables refused,
 * defaults filled. Plain functions: the repository runs them on every write of every plugin, the
 * forms run them before sending.
 */
import type { UserPropDefinition } from './user-prop.ts';
import { effectiveDefault, userPropFamily } from './user-prop-defaults.ts';

/** A line of text (text, email, tel, url, color, select) fits an indexed VARCHAR(255). */
export const USER_PROP_LINE_MAX = 255;
export const USER_PROP_LONG_MAX = 65_535;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEL = /^\+?[0-9 .()-]{2,30}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The regular expression of an input mask: `9` a digit, `a` a letter, `*` a letter or a digit,
 * `\` quotes the next character, anything else stands for itself (`99 99 99 99 99`, `FR99999`).
 * Built here, never taken from an administrator, so it cannot be slow or wrong.
 */
export function maskRegExp(mask: string): RegExp {
  let re = '^';
  for (let i = 0; i < mask.length; i++) {
    const c = mask[i];
    if (c === '\\' && i + 1 < mask.length) re += escapeRegExp(mask[++i]);
    else if (c === '9') re += '[0-9]';
    else if (c === 'a') re += '\\p{L}';
    else if (c === '*') re += '[\\p{L}0-9]';
    else re += escapeRegExp(c);
  }
  return new RegExp(`${re}$`, 'u');
}

export function isCalendarDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function isUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch { return false; }
}

const length = (s: string) => Array.from(s).length;
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/** What is wrong with one non-empty text of a line or long type, or null. */
function textProblem(def: UserPropDefinition, v: string): string | null {
  const max = userPropFamily(def.type) === 'long' ? USER_PROP_LONG_MAX : USER_PROP_LINE_MAX;
  const n = length(v);
  if (n > max) return `au plus ${plural(max, 'caractère')}`;
  if (def.min != null && n < def.min) return `au moins ${plural(def.min, 'caractère')}`;
  if (def.max != null && n > def.max) return `au plus ${plural(def.max, 'caractère')}`;
  switch (def.type) {
    case 'email': if (!EMAIL.test(v)) return 'adresse e-mail invalide'; break;
    case 'tel': if (!TEL.test(v)) return 'numéro de téléphone invalide'; break;
    case 'url': if (!isUrl(v)) return 'adresse web invalide (http:// ou https://)'; break;
    case 'color': if (!COLOR.test(v)) return 'couleur invalide (#rrggbb attendu)'; break;
    case 'select':
      if (!def.selectOptions.some((o) => o.value === v)) return `valeur non proposée : « ${v} »`;
      break;
    default: break;
  }
  if (def.mask && !maskRegExp(def.mask).test(v)) return `ne respecte pas le format « ${def.mask} »`;
  return null;
}

/** What is wrong with one value (an item of a list, or the value itself), or null. */
function itemProblem(def: UserPropDefinition, v: unknown, inList: boolean): string | null {
  switch (userPropFamily(def.type)) {
    case 'boolean':
      return typeof v === 'boolean' ? null : 'true ou false attendu';
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) return 'un nombre est attendu';
      if (def.min != null && v < def.min) return `doit être supérieur ou égal à ${def.min}`;
      if (def.max != null && v > def.max) return `doit être inférieur ou égal à ${def.max}`;
      return null;
    case 'date':
      if (typeof v !== 'string') return 'une date AAAA-MM-JJ est attendue';
      if (v === '' && !inList) return null;
      return isCalendarDate(v) ? null : 'date invalide (AAAA-MM-JJ attendu)';
    default:
      if (typeof v !== 'string') return 'un texte est attendu';
      if (v === '') return inList ? 'valeur vide' : null;
      return textProblem(def, v);
  }
}

const isEmpty = (v: unknown) => v === '' || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** What is wrong with a property's value (French, for the field), or null when it is valid. */
export function userPropValueProblem(def: UserPropDefinition, value: unknown, opts: { ignoreRequired?: boolean } = {}): string | null {
  if (def.multiple) {
    if (!Array.isArray(value)) return 'une liste de valeurs est attendue';
    for (const [i, item] of value.entries()) {
      const p = itemProblem(def, item, true);
      if (p) return `valeur ${i + 1} : ${p}`;
    }
    if (new Set(value.map((v) => JSON.stringify(v))).size !== value.length) return 'valeurs en double';
    if (def.minValues != null && value.length < def.minValues) return `au moins ${plural(def.minValues, 'valeur')}`;
    if (def.maxValues != null && value.length > def.maxValues) return `au plus ${plural(def.maxValues, 'valeur')}`;
  } else {
    if (Array.isArray(value)) return 'une seule valeur est attendue';
    const p = itemProblem(def, value, false);
    if (p) return p;
  }
  if (def.required && !opts.ignoreRequired && isEmpty(value)) return 'champ obligatoire';
  return null;
}

export interface UserPropValuesResult {
  /** the record's userProps to store */
  values: Record<string, unknown>;
  /** `userProps.<variable>` and the French problem */
  errors: { field: string; message: string }[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The userProps of a record after a write. `sent` (the request's userProps, or undefined) is
 * merged into `stored` by variable: a sent value replaces the stored one, `null` resets it to its
 * default, a variable not sent keeps its value. Every property applying to the record is then
 * present (missing ones take their default). Checked: what was sent, and on creation everything
 * (so a required property without a default must be given). Values of deleted properties are kept
 * as they are; sending one is refused like any unknown variable.
 */
export function applyUserPropValues(
  defs: readonly UserPropDefinition[], stored: unknown, sent: unknown, creating: boolean,
): UserPropValuesResult {
  const byVariable = new Map(defs.map((d) => [d.variable, d]));
  const values: Record<string, unknown> = isPlainObject(stored) ? { ...stored } : {};
  const errors: UserPropValuesResult['errors'] = [];
  const checked = new Set<string>();
  if (sent !== undefined && sent !== null) {
    if (!isPlainObject(sent)) {
      errors.push({ field: 'userProps', message: 'un objet { variable: valeur } est attendu' });
      return { values, errors };
    }
    for (const [variable, value] of Object.entries(sent)) {
      if (!byVariable.has(variable)) {
        errors.push({ field: `userProps.${variable}`, message: 'propriété inconnue pour cette fiche' });
        continue;
      }
      if (value === null) delete values[variable];
      else values[variable] = value;
      checked.add(variable);
    }
  }
  for (const def of defs) {
    // own keys only: `constructor` or `toString` are variables like any other
    if (!Object.hasOwn(values, def.variable)) values[def.variable] = effectiveDefault(def);
    if (creating) checked.add(def.variable);
  }
  for (const variable of checked) {
    const def = byVariable.get(variable)!;
    const problem = userPropValueProblem(def, values[variable]);
    if (problem) errors.push({ field: `userProps.${variable}`, message: problem });
  }
  return { values, errors };
}
