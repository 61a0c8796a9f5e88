/**
 * The references every loaded entity declares (`EntityDefinition.references`), resolved once at
 * boot against every loaded plugin's entities: forward (what a document's ids must name, checked
 * on each write by reference-check.ts) and backward (which tables may hold a record's id, asked
 * before its deletion by reference-usage.ts). A declaration naming an unknown entity, a plugin it
 * does not depend on, or a path its schema does not have stops the boot with one French sentence.
 *
 * The kernel machinery reads the referenced plugins' tables for these checks: that is not a
 * cross-plugin join of business code (docs/architecture.md « Layers ») but the repository verifying ids by primary key,
 * as a foreign key constraint would, which SQL cannot express here (JSON lists, one table per
 * plugin, plugins that come and go).
 */
import type { TSchema } from '@sinclair/typebox';
import type { EntityDefinition, PluginDefinition, PluginManifest, ReferenceDeclaration } from '@comptoir/sdk';
import { ID_PATTERN } from '@comptoir/schemas';
import { PluginError } from '../plugins/manifest.ts';

export interface PathStep {
  key: string;
  /** a list of objects: each item is walked */
  list: boolean;
}

export interface ResolvedReference {
  source: EntityDefinition;
  /** as declared: `fk.receiverCustomer`, `items[].itemId` */
  path: string;
  steps: PathStep[];
  /** `contacts.customers` */
  targetName: string;
  /** null: an optional target whose plugin is not loaded (every id is refused) */
  target: EntityDefinition | null;
  blocksDeletion: boolean;
  /** the SQL column of `source` holding the ids */
  column: string;
  /** one id per row in a plain column (`fk_customer = ?`); otherwise inside a JSON column */
  scalarColumn: boolean;
}

export interface ReferenceIndex {
  /** what the documents of `entity` reference */
  from(entity: EntityDefinition): ResolvedReference[];
  /** the declared references whose target is `entity` */
  to(entity: EntityDefinition): ResolvedReference[];
}

interface PluginLike { def: PluginDefinition; manifest: Pick<PluginManifest, 'id' | 'dependsOn'> }

export const entityKey = (e: Pick<EntityDefinition, 'plugin' | 'name'>) => `${e.plugin}.${e.name}`;

function parsePath(path: string): PathStep[] {
  return path.split('.').map((part) => (part.endsWith('[]') ? { key: part.slice(0, -2), list: true } : { key: part, list: false }));
}

/** The schema without its `null` alternative. */
function nonNull(s: TSchema): TSchema {
  const alternatives = (s.anyOf ?? s.oneOf) as TSchema[] | undefined;
  if (!alternatives) return s;
  const rest = alternatives.filter((a) => a.type !== 'null');
  return rest.length === 1 ? nonNull(rest[0]) : s;
}

const isIdSchema = (s: TSchema) => s.type === 'string' && s.pattern === ID_PATTERN;

/** Where the path leads in the schema: an id, a list of ids, or nothing usable (null). */
function leafOf(schema: TSchema, steps: PathStep[]): 'id' | 'ids' | null {
  let node: TSchema = schema;
  for (const [i, step] of steps.entries()) {
    const obj = nonNull(node);
    const prop = obj.type === 'object' ? (obj.properties as Record<string, TSchema> | undefined)?.[step.key] : undefined;
    if (!prop) return null;
    node = nonNull(prop);
    if (step.list) {
      if (node.type !== 'array' || !node.items || nonNull(node.items as TSchema).type !== 'object') return null;
      node = nonNull(node.items as TSchema);
      if (i === steps.length - 1) return null;
    }
  }
  if (isIdSchema(node)) return 'id';
  if (node.type === 'array' && node.items && isIdSchema(nonNull(node.items as TSchema))) return 'ids';
  return null;
}

function fail(source: EntityDefinition, message: string): never {
  throw new PluginError(`Plugin « ${source.plugin} » : l’entité « ${source.name} » ${message}`);
}

export function buildReferenceIndex(plugins: Iterable<PluginLike>): ReferenceIndex {
  const list = [...plugins];
  const entities = new Map<string, EntityDefinition>();
  for (const p of list) for (const e of p.def.entities ?? []) entities.set(entityKey(e), e);
  const known = (id: string) => list.some((p) => p.def.id === id);

  // by name, not by object: an entity imported through another module instance (a test's own
  // import under a different loader) is still the same entity
  const forward = new Map<string, ResolvedReference[]>();
  const backward = new Map<string, ResolvedReference[]>();
  for (const p of list) {
    const reachable = new Set([p.def.id, 'kernel', ...Object.keys(p.manifest.dependsOn ?? {})]);
    for (const source of p.def.entities ?? []) {
      if (source.archive) {
        const flag = (source.schema.properties as Record<string, TSchema>)[source.archive.field];
        if (!flag || nonNull(flag).type !== 'boolean') {
          fail(source, `s’archive par « ${source.archive.field} », qui n’est pas un booléen de son schéma.`);
        }
      }
      for (const [path, declared] of Object.entries(source.references ?? {}) as [string, ReferenceDeclaration][]) {
        const decl = typeof declared === 'string' ? { entity: declared } : declared;
        const at = `(${path})`;
        if (path === 'fk.company' && source.companyScoped) fail(source, `déclare « fk.company » comme référence : c’est l’entreprise du dépôt, déjà vérifiée.`);
        const steps = parsePath(path);
        const leaf = leafOf(source.schema, steps);
        if (!leaf) fail(source, `déclare la référence « ${path} », absente de son schéma ou qui n’y est pas un identifiant (ni une liste d’identifiants).`);
        const targetPlugin = decl.entity.slice(0, decl.entity.indexOf('.'));
        const target = entities.get(decl.entity) ?? null;
        if (!decl.optional) {
          if (!target) fail(source, `référence « ${decl.entity} » ${at}, une entité qu’aucun plugin chargé ne déclare.`);
          if (!reachable.has(targetPlugin)) {
            fail(source, `référence « ${decl.entity} » ${at}, d’un plugin dont « ${p.def.id} » ne dépend pas : ajoutez-le à dependsOn, ou déclarez la référence optional.`);
          }
        } else if (!target && known(targetPlugin)) {
          fail(source, `référence « ${decl.entity} » ${at} : le plugin « ${targetPlugin} » est chargé mais ne déclare pas cette entité.`);
        }
        if (target?.companyScoped && !source.companyScoped) {
          fail(source, `n’appartient à aucune entreprise et ne peut référencer « ${decl.entity} » ${at}, qui appartient à une entreprise.`);
        }
        const flattened = steps[0].key === 'fk' && !steps[0].list && steps.length === 2;
        const ref: ResolvedReference = {
          source, path, steps, targetName: decl.entity, target,
          blocksDeletion: decl.blocksDeletion ?? true,
          column: flattened ? `fk_${steps[1].key}` : steps[0].key,
          scalarColumn: flattened && leaf === 'id',
        };
        forward.set(entityKey(source), [...(forward.get(entityKey(source)) ?? []), ref]);
        if (target) backward.set(entityKey(target), [...(backward.get(entityKey(target)) ?? []), ref]);
      }
    }
  }
  return {
    from: (entity) => forward.get(entityKey(entity)) ?? [],
    to: (entity) => backward.get(entityKey(entity)) ?? [],
  };
}

const indexes = new WeakMap<object, ReferenceIndex>();

/**
 * The index of a set of loaded plugins (the kernel's plugin map), built once: the boot builds it
 * first, so its errors stop the boot; every call of the process then reuses it.
 */
export function referenceIndexOf(plugins: Map<string, PluginLike>): ReferenceIndex {
  let index = indexes.get(plugins);
  if (!index) { index = buildReferenceIndex(plugins.values()); indexes.set(plugins, index); }
  return index;
}

/** Every id at `steps` in `doc`, with the field each was read at (`fk.groups.1`, `items.0.itemId`). */
export function idsAt(doc: unknown, steps: PathStep[]): { id: string; field: string }[] {
  const out: { id: string; field: string }[] = [];
  const walk = (node: unknown, i: number, field: string) => {
    if (node === null || node === undefined) return;
    if (i === steps.length) {
      if (typeof node === 'string') out.push({ id: node, field });
      else if (Array.isArray(node)) node.forEach((v, n) => { if (typeof v === 'string') out.push({ id: v, field: `${field}.${n}` }); });
      return;
    }
    if (typeof node !== 'object') return;
    const step = steps[i];
    const child = (node as Record<string, unknown>)[step.key];
    const at = field ? `${field}.${step.key}` : step.key;
    if (step.list) {
      if (Array.isArray(child)) child.forEach((item, n) => walk(item, i + 1, `${at}.${n}`));
    } else walk(child, i + 1, at);
  };
  walk(doc, 0, '');
  return out;
}
