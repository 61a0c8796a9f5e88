/**
 * Helpers for the black-box tests of the plugins in plugins/ (test/integration/plugins-*.test.ts):
 * the plugin folders, their route tables as the booted kernel mounts them, valid values and wrong
 * values derived from a body schema, and a fingerprint of every table of the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { TSchema, TObject } from '@sinclair/typebox';
import type { EntityDefinition, PluginDefinition, RouteDefinition } from '@comptoir/sdk';
import { validate } from '../../server/src/db/validation.ts';

// ---------------------------------------------------------------------------------------------
// Plugins and routes

export const PLUGINS_ROOT = path.resolve(import.meta.dirname, '..', '..', 'plugins');

/** Every folder of plugins/ holding a Comptoir plugin (a package.json with a `comptoir` manifest). */
export function pluginDirs(root = PLUGINS_ROOT): string[] {
  return fs.readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(root, e.name))
    .filter((dir) => {
      const manifest = path.join(dir, 'package.json');
      return fs.existsSync(manifest) && !!JSON.parse(fs.readFileSync(manifest, 'utf8')).comptoir;
    })
    .sort();
}

export interface PluginRoute {
  /** `PUT /api/invoicing/invoices/:id` */
  key: string;
  plugin: string;
  method: string;
  /** the mounted path */
  path: string;
  access: 'public' | 'user' | 'company';
  body?: TObject;
  query?: TObject;
  /** names of the path parameters */
  params: string[];
  /** `invoices` for `/api/invoicing/invoices/:id/emit` */
  collection: string;
  /** `emit` for `/api/invoicing/invoices/:id/emit`, `bundle` for `/payments/bundle`, '' for the collection itself */
  action: string;
  def: RouteDefinition;
}

interface LoadedPlugin { def: PluginDefinition; manifest: { id: string; dir: string } }

/**
 * The routes of the loaded plugins other than the kernel, read from their definitions as the
 * server mounts them (`/api/<plugin><path>`): a route added to a plugin is covered at once.
 */
export function pluginRoutes(kernel: { plugins: LoadedPlugin[] }): PluginRoute[] {
  return kernel.plugins.filter((p) => p.def.id !== 'kernel').flatMap((p) => (p.def.routes ?? []).map((def): PluginRoute => {
    const full = `/api/${p.def.id}${def.path}`;
    const segments = def.path.split('/').filter(Boolean);
    return {
      key: `${def.method} ${full}`,
      plugin: p.def.id,
      method: def.method,
      path: full,
      access: def.access ?? 'company',
      body: def.body as TObject | undefined,
      query: def.query as TObject | undefined,
      params: segments.filter((s) => s.startsWith(':')).map((s) => s.slice(1)),
      collection: segments[0] ?? '',
      action: segments.slice(1).filter((s) => !s.startsWith(':')).join('/'),
      def,
    };
  }));
}

/** The entities of the loaded plugins other than the kernel, by `<plugin>/<name>`. */
export function pluginEntities(kernel: { plugins: LoadedPlugin[] }): Map<string, EntityDefinition> {
  const out = new Map<string, EntityDefinition>();
  for (const p of kernel.plugins.filter((x) => x.def.id !== 'kernel')) {
    for (const e of p.def.entities ?? []) out.set(`${p.def.id}/${e.name}`, e);
  }
  return out;
}

export const hasBody = (r: PluginRoute) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH';

/** The path with its parameters replaced (`:id` -> the given value, or the one for that name). */
export function fillPath(r: PluginRoute, values: string | Record<string, string>): string {
  return r.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = typeof values === 'string' ? values : values[name];
    if (v === undefined) throw new Error(`no value for :${name} in ${r.key}`);
    return encodeURIComponent(v);
  });
}

// ---------------------------------------------------------------------------------------------
// Values derived from a schema

export function accepts(schema: TSchema, value: unknown): boolean {
  try { validate(schema, structuredClone(value)); return true; } catch { return false; }
}
export const refuses = (schema: TSchema, value: unknown) => !accepts(schema, value);

/** Property schemas of an object schema. */
export function properties(schema: TSchema): [string, TSchema][] {
  return Object.entries((schema as TObject).properties ?? {}) as [string, TSchema][];
}

const SAMPLE_ID = '0123456789abcdef01234567';
/** values for the string patterns of @comptoir/schemas, when a valid one is needed */
const PATTERN_SAMPLES = [SAMPLE_ID, '1990-05-17', 'a'.repeat(64)];

/**
 * A small value the schema accepts (its default, else its required parts), or undefined when none
 * is found: used to build a list item or a nested object around the one wrong part being tested.
 */
export function sampleOf(schema: TSchema): unknown {
  const candidates = (): unknown[] => {
    if (schema.default !== undefined) return [structuredClone(schema.default)];
    if (schema.const !== undefined) return [schema.const];
    if (Array.isArray(schema.enum)) return [schema.enum[0]];
    const alternatives = (schema.anyOf ?? schema.oneOf) as TSchema[] | undefined;
    if (alternatives) return alternatives.map(sampleOf).filter((v) => v !== undefined);
    switch (schema.type) {
      case 'string':
        if (schema.format === 'date-time') return ['2026-05-04T08:00:00.000Z'];
        if (schema.format === 'email') return ['echantillon@exemple.fr'];
        if (schema.pattern) return PATTERN_SAMPLES;
        return ['x'.repeat(Math.max(1, Number(schema.minLength ?? 1)))];
      case 'number': case 'integer': return [schema.minimum ?? 1];
      case 'boolean': return [true];
      case 'null': return [null];
      case 'array': {
        const item = sampleOf(schema.items as TSchema);
        return [Array.from({ length: Number(schema.minItems ?? 0) }, () => structuredClone(item))];
      }
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const name of (schema.required ?? []) as string[]) out[name] = sampleOf((schema.properties ?? {})[name]);
        return [out];
      }
      default: return [];
    }
  };
  return candidates().find((v) => accepts(schema, v));
}

export interface WrongValue {
  /** the whole value of the property */
  value: unknown;
  /** where inside the value the defect is (`0.quantity` for `[{ quantity: 'abc' }]`), '' at the top */
  at: string;
  /** what is wrong, for messages */
  what: string;
}

const LONG = 'a'.repeat(300);
/** tried on every schema; kept when the schema refuses them */
const GENERIC: [unknown, string][] = [
  [12345, 'nombre'], [-1, 'nombre négatif'], [1.5, 'nombre décimal'], ['12', 'nombre en texte'], ['texte', 'texte'],
  ['', 'texte vide'], [true, 'booléen'], [[], 'liste'], [{}, 'objet'], [null, 'null'], [LONG, 'texte de 300 caractères'],
];

/** one value per JSON type, tried below the top level where GENERIC would mostly repeat itself */
const BY_TYPE: [unknown, string][] = [[12345, 'nombre'], ['texte', 'texte'], [true, 'booléen'], [[], 'liste'], [{}, 'objet'], [null, 'null']];

/** values that break one constraint of the schema itself (bounds, pattern, format, enum) */
function constraintBreakers(s: TSchema): [unknown, string][] {
  const out: [unknown, string][] = [];
  if (typeof s.maxLength === 'number') out.push(['é'.repeat(s.maxLength + 1), `${s.maxLength + 1} caractères`]);
  if (typeof s.minLength === 'number' && s.minLength > 0) out.push(['', 'texte vide']);
  if (s.pattern) out.push(['xyz', 'motif'], [`${SAMPLE_ID}0`, 'motif (trop long)']);
  if (s.format === 'date-time') out.push(['pas une date', 'date'], ['2026-13-45T25:61:00Z', 'date impossible'], ['2026-05-04', 'date sans heure']);
  if (s.format === 'email') out.push(['pas-une-adresse', 'adresse e-mail']);
  if (Array.isArray(s.enum)) out.push(['inconnu', 'valeur hors liste'], [String(s.enum[0]).toUpperCase(), 'casse']);
  if (typeof s.minimum === 'number') out.push([s.minimum - 1, `inférieur à ${s.minimum}`], [s.minimum - 0.0001, `juste sous ${s.minimum}`]);
  if (typeof s.maximum === 'number') out.push([s.maximum + 1, `supérieur à ${s.maximum}`]);
  if (s.type === 'integer') out.push([2.5, 'non entier']);
  if (s.type === 'number' || s.type === 'integer') out.push(['1e3', 'nombre en texte']);
  if (s.type === 'array' && typeof s.minItems === 'number' && s.minItems > 0) out.push([[], 'liste vide']);
  if (s.type === 'array' && typeof s.maxItems === 'number') {
    const item = sampleOf(s.items as TSchema);
    if (item !== undefined) out.push([Array.from({ length: s.maxItems + 1 }, () => structuredClone(item)), `${s.maxItems + 1} éléments`]);
  }
  return out;
}

/**
 * The values a schema refuses, each with where its defect is: wrong types and broken constraints of
 * the schema itself, then, `depth` levels down, the same for each property of an object (the
 * others valid) and for the item of a list (`[{ quantity: 'abc' }]`).
 */
export function wrongValues(schema: TSchema, depth = 3, top = true): WrongValue[] {
  const out: WrongValue[] = [];
  const seen = new Set<string>();
  const add = (value: unknown, at: string, what: string) => {
    const k = `${at}|${JSON.stringify(value)}`;
    if (seen.has(k) || !refuses(schema, value)) return;
    seen.add(k);
    out.push({ value, at, what });
  };
  for (const [v, what] of [...(top ? GENERIC : BY_TYPE), ...constraintBreakers(schema)]) add(v, '', what);
  if (depth <= 1) return out;
  // the non-null alternative of a Nullable
  const alternatives = ((schema.anyOf ?? schema.oneOf) as TSchema[] | undefined)?.filter((a) => a.type !== 'null');
  const inner = alternatives?.length === 1 ? alternatives[0] : schema;
  if (inner.type === 'object' && inner.properties) {
    const base = sampleOf(inner) as Record<string, unknown> | undefined;
    if (base !== undefined) {
      if (inner.additionalProperties === false) add({ ...base, inconnu: 1 }, 'inconnu', 'champ inconnu');
      for (const [name, prop] of properties(inner)) {
        for (const w of wrongValues(prop, depth - 1, false)) {
          add({ ...structuredClone(base), [name]: w.value }, w.at ? `${name}.${w.at}` : name, `${name} : ${w.what}`);
        }
      }
    }
  }
  if (inner.type === 'array' && inner.items) {
    const minItems = Number(inner.minItems ?? 0);
    const filler = sampleOf(inner.items as TSchema);
    for (const w of wrongValues(inner.items as TSchema, depth - 1, false)) {
      // the wrong item first, then valid ones if the list needs more
      const list = [w.value, ...Array.from({ length: Math.max(0, minItems - 1) }, () => structuredClone(filler))];
      add(list, w.at ? `0.${w.at}` : '0', `élément : ${w.what}`);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Database fingerprint: every table

export interface TablesSnapshot { [table: string]: { rows: number; hash: string } }

export async function allTables(db: Knex): Promise<string[]> {
  const client = (db.client as { config: { client: string } }).config.client;
  if (client === 'mysql2') {
    const [rows] = await db.raw('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
    return (rows as { name: string }[]).map((r) => r.name).sort();
  }
  const rows = await db('sqlite_master').select('name').where('type', 'table').andWhereNot('name', 'like', 'sqlite_%');
  return rows.map((r: { name: string }) => r.name).sort();
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (Buffer.isBuffer(v)) return JSON.stringify(v.toString('utf8'));
  if (v instanceof Date) return JSON.stringify(v.toISOString());
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  // engines answer numbers as numbers or strings: compare their text
  return JSON.stringify(v === null || v === undefined ? null : String(v));
}

/** Row count and a hash of the rows of every table of the database (kernel and plugins). */
export async function snapshotTables(db: Knex): Promise<TablesSnapshot> {
  const out: TablesSnapshot = {};
  for (const table of await allTables(db)) {
    const rows = await db(table).select('*');
    const lines = rows.map(canonical).sort();
    out[table] = { rows: rows.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') };
  }
  return out;
}

/**
 * Counters of throttled routes: every request counts, refused or not, and they are written outside
 * the request's transaction on purpose (a refusal must not give its attempt back).
 */
const BOOKKEEPING = new Set(['kernel_throttle']);

/** The tables whose fingerprint differs, for a readable failure (throttle counters aside). */
export function changedTables(before: TablesSnapshot, after: TablesSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((t) => !BOOKKEEPING.has(t) && JSON.stringify(before[t]) !== JSON.stringify(after[t])).sort();
}
