/**
 * ajv over the TypeBox schemas, with French messages that name the field. One instance fills
 * defaults (creation), one does not (partial updates, filters).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import localizeModule from 'ajv-i18n';
import type { TSchema } from '@sinclair/typebox';
import { badRequest, type ErrorDetail } from '@comptoir/sdk';

// CJS default exports seen through ESM
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const localize = ((localizeModule as unknown as { default?: typeof localizeModule }).default ?? localizeModule) as unknown as {
  fr: (errors: ErrorObject[] | null | undefined) => void;
};

function makeAjv(useDefaults: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, useDefaults, strict: false, coerceTypes: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  // RFC 3339 allows a leap second (23:59:60) that no engine can store or compare: an instant must
  // also be one JavaScript can read
  const rfc3339 = ajv.formats['date-time'] as { validate: (s: string) => boolean } | ((s: string) => boolean);
  const isRfc3339 = typeof rfc3339 === 'function' ? rfc3339 : rfc3339.validate;
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => isRfc3339(s) && !Number.isNaN(Date.parse(s)) });
  ajv.addKeyword({ keyword: 'x-kind', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-flatten', schemaType: 'boolean' });
  // identifiers are checked by the repository on the values a write changes (identifier-check.ts)
  ajv.addKeyword({ keyword: 'x-identifier', schemaType: 'string' });
  return ajv;
}

const withDefaults = makeAjv(true);
const withoutDefaults = makeAjv(false);
const cache = new WeakMap<object, { d?: ValidateFunction; n?: ValidateFunction }>();

function compiled(schema: TSchema, defaults: boolean): ValidateFunction {
  let entry = cache.get(schema);
  if (!entry) { entry = {}; cache.set(schema, entry); }
  if (defaults) return (entry.d ??= withDefaults.compile(schema));
  return (entry.n ??= withoutDefaults.compile(schema));
}

export function fieldOf(e: ErrorObject): string {
  const p = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (e.params as { missingProperty?: string }).missingProperty;
  const extra = (e.params as { additionalProperty?: string }).additionalProperty;
  const leaf = missing ?? extra;
  return leaf ? (p ? `${p}.${leaf}` : leaf) : p;
}

function messageOf(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return 'champ inconnu';
  if (e.keyword === 'required') return 'champ obligatoire';
  if (e.keyword === 'pattern' && (e.schema as string) === '^[0-9a-f]{24}$') return 'identifiant invalide (24 caractères hexadécimaux attendus)';
  return e.message ?? 'valeur invalide';
}

export function toDetails(errors: ErrorObject[]): ErrorDetail[] {
  localize.fr(errors);
  const seen = new Set<string>();
  const out: ErrorDetail[] = [];
  for (const e of errors) {
    // anyOf/Nullable produce one error per branch plus a summary: keep the first per field
    if (e.keyword === 'anyOf') continue;
    const field = fieldOf(e) || '(corps)';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: messageOf(e) });
  }
  if (out.length === 0 && errors.length) out.push({ field: fieldOf(errors[0]) || '(corps)', message: errors[0].message ?? 'valeur invalide' });
  return out;
}

export function summary(details: ErrorDetail[], what = 'Données invalides'): string {
  const first = details.slice(0, 3).map((d) => `« ${d.field} » : ${d.message}`).join(' ; ');
  return `${what} — ${first}${details.length > 3 ? ` (et ${details.length - 3} autre(s))` : ''}.`;
}

/** Validates (and with `defaults`, fills) `value` in place; throws a 400 naming the fields. */
export function validate(schema: TSchema, value: unknown, opts: { defaults?: boolean; what?: string } = {}): void {
  const fn = compiled(schema, opts.defaults ?? false);
  if (!fn(value)) {
    const details = toDetails(fn.errors ?? []);
    throw badRequest(summary(details, opts.what), details);
  }
}
