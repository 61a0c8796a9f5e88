/**
 * The registry of extension points (docs/architecture.md « Extension points »): built once at boot
 * from what the loaded plugins declare. The rules:
 * - a point's id starts with its owner's plugin id, and it is declared once;
 * - a contribution to a point of a loaded plugin that does not declare it stops the boot (a typo
 *   or a version mismatch, better found at boot than as a missing widget);
 * - a contribution to a point of a plugin that is not loaded is left aside: contributing never
 *   requires the owner to be installed (the till adds accounting entries whether invoicing is
 *   there or not);
 * - the point's `validate` checks each contribution at boot, with what the loaded plugins
 *   declare (entities, permissions): a refusal stops the boot and names the contributor;
 * - contributions are listed in plugin dependency order, then in the order each plugin gives them.
 */
import type { Contribution, EntityDefinition, ExtensionPoint, LoadedDeclarations, PluginDefinition } from '@comptoir/sdk';

export interface RegisteredContribution {
  plugin: string;
  value: unknown;
}

export interface ExtensionRegistry {
  /** declared points by id */
  points: Map<string, ExtensionPoint<unknown>>;
  /** contributions by point id (declared points only) */
  contributions: Map<string, RegisteredContribution[]>;
  /** contributions left aside because their owner is not loaded: `<plugin> → <point>` */
  ignored: { plugin: string; point: string }[];
}

interface PluginLike { def: PluginDefinition }

/** What the loaded plugins declare, for the points' `validate`. */
export function loadedDeclarations(list: readonly PluginLike[]): LoadedDeclarations {
  const ids = new Set(list.map((p) => p.def.id));
  const entities = new Map<string, EntityDefinition>();
  for (const { def } of list) for (const e of def.entities ?? []) entities.set(`${e.plugin}.${e.name}`, e);
  const permissions = new Set(list.flatMap((p) => (p.def.permissions ?? []).map((x) => x.sysName)));
  return {
    hasPlugin: (id) => ids.has(id),
    entity: (ref) => entities.get(ref) ?? null,
    hasPermission: (sysName) => permissions.has(sysName),
  };
}

export function buildExtensionRegistry(plugins: Iterable<PluginLike>): ExtensionRegistry {
  const list = [...plugins];
  const loaded = new Set(list.map((p) => p.def.id));
  const points = new Map<string, ExtensionPoint<unknown>>();
  for (const { def } of list) {
    for (const point of def.extensionPoints ?? []) {
      if (point.owner !== def.id) {
        throw new Error(`plugin "${def.id}" declares the extension point "${point.id}", which belongs to "${point.owner}": a plugin declares only its own points`);
      }
      if (points.has(point.id)) throw new Error(`extension point "${point.id}" is declared twice`);
      points.set(point.id, point as ExtensionPoint<unknown>);
    }
  }
  const contributions = new Map<string, RegisteredContribution[]>([...points.keys()].map((id) => [id, []]));
  const declared = loadedDeclarations(list);
  const ignored: ExtensionRegistry['ignored'] = [];
  for (const { def } of list) {
    for (const c of (def.contributions ?? []) as Contribution<unknown>[]) {
      const id = c.point?.id;
      if (typeof id !== 'string') throw new Error(`plugin "${def.id}" contributes to something that is not an extension point (use contribute(point, value))`);
      const point = points.get(id);
      if (!point) {
        if (loaded.has(c.point.owner)) {
          throw new Error(`plugin "${def.id}" contributes to "${id}", which "${c.point.owner}" does not declare`);
        }
        ignored.push({ plugin: def.id, point: id });
        continue;
      }
      const problem = point.validate?.(c.value, declared) ?? null;
      if (problem) throw new Error(`plugin "${def.id}": contribution to "${id}" refused: ${problem}`);
      contributions.get(id)!.push({ plugin: def.id, value: c.value });
    }
  }
  return { points, contributions, ignored };
}

const registries = new WeakMap<object, ExtensionRegistry>();

/** The registry of a set of loaded plugins, built on first use (the boot builds it first). */
export function extensionRegistryOf(plugins: Map<string, PluginLike>): ExtensionRegistry {
  let registry = registries.get(plugins);
  if (!registry) { registry = buildExtensionRegistry(plugins.values()); registries.set(plugins, registry); }
  return registry;
}
