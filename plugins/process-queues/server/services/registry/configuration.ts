/**
 * Node configurations checked against each node type's JSON Schema (ajv, French messages naming
 * the field). One compiled validator per schema object, for the life of the process: node types are
 * contributed at boot and never change after.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import localizeModule from 'ajv-i18n';
import type { QueueJsonSchema } from '@comptoir/sdk';

// CJS default export seen through ESM
const localize = ((localizeModule as unknown as { default?: typeof localizeModule }).default ?? localizeModule) as unknown as {
  fr: (errors: ErrorObject[] | null | undefined) => void;
};

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, coerceTypes: false });
const compiled = new WeakMap<object, ValidateFunction>();

function validatorOf(schema: QueueJsonSchema): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) { fn = ajv.compile(schema); compiled.set(schema, fn); }
  return fn;
}

function fieldOf(e: ErrorObject): string {
  const p = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  const leaf = params.missingProperty ?? params.additionalProperty;
  return leaf ? (p ? `${p}.${leaf}` : leaf) : p;
}

/**
 * The configuration with the schema's defaults applied (a copy: the stored queue is not changed),
 * or the French problems of the first fields wrong.
 */
export function checkConfiguration(schema: QueueJsonSchema, configuration: unknown): { value: Record<string, unknown>; problems: string[] } {
  const value = structuredClone(configuration && typeof configuration === 'object' ? configuration : {}) as Record<string, unknown>;
  const fn = validatorOf(schema);
  if (fn(value)) return { value, problems: [] };
  const errors = fn.errors ?? [];
  localize.fr(errors);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const field = fieldOf(e) || '(configuration)';
    if (seen.has(field)) continue;
    seen.add(field);
    const title = titleOf(schema, field);
    const message = e.keyword === 'additionalProperties' ? 'champ inconnu' : e.keyword === 'required' ? 'champ obligatoire' : (e.message ?? 'valeur invalide');
    problems.push(`« ${title} » : ${message}`);
  }
  return { value, problems };
}

/** the French `title` the schema gives a field (what the side panel shows), else its name */
function titleOf(schema: QueueJsonSchema, field: string): string {
  let s: Record<string, unknown> | undefined = schema;
  for (const part of field.split('.')) {
    const props = s?.properties as Record<string, Record<string, unknown>> | undefined;
    s = props?.[part];
  }
  return typeof s?.title === 'string' ? s.title : field;
}
