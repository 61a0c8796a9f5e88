/**
 * Steps of the boot that need no service (docs/architecture.md « Boot order »): the plugins of a
 * set of folders, ordered and imported; their migrations and the maintained totals. The boot runs
 * them; `migratePluginDirs` runs them alone, so that tests can migrate a template database once and
 * copy it (sdk/src/testing/template.ts) into a state the boot then finds up to date.
 */
import type { Knex } from 'knex';
import type { Logger as Pino } from 'pino';
import { SDK_VERSION, type PluginDefinition, type PluginManifest } from '@comptoir/sdk';
import { readManifest } from '../plugins/manifest.ts';
import { checkAndOrder } from '../plugins/order.ts';
import { loadDefinition } from '../plugins/load.ts';
import { migratePlugin } from '../db/migrate.ts';
import { syncTotalsTables } from '../db/totals/sync.ts';
import kernelPlugin, { kernelManifest } from '../platform/index.ts';

export interface PluginOfSet { manifest: PluginManifest; def: PluginDefinition }

/** The kernel and the plugins of `dirs`, checked and in dependency order, their definitions imported. */
export async function loadPluginSet(dirs: string[]): Promise<PluginOfSet[]> {
  const manifests: PluginManifest[] = [kernelManifest, ...dirs.map(readManifest)];
  const out: PluginOfSet[] = [];
  for (const manifest of checkAndOrder(manifests, SDK_VERSION)) {
    out.push({ manifest, def: manifest.id === 'kernel' ? kernelPlugin : await loadDefinition(manifest) });
  }
  return out;
}

/** Each plugin's pending migrations in dependency order, then the maintained totals tables. */
export async function migratePlugins(db: Knex, defs: PluginDefinition[], now: Date, log?: Pino): Promise<void> {
  for (const def of defs) {
    const applied = await migratePlugin(db, def.id, def.migrations ?? [], now);
    if (applied.length) log?.info({ plugin: def.id, applied }, 'migrations applied');
  }
  // the entities' maintained totals: made and filled when missing or declared anew (db/totals/README.md)
  const rebuilt = await syncTotalsTables(db, defs.flatMap((d) => d.entities ?? []), now);
  if (rebuilt.length) log?.info({ tables: rebuilt }, 'maintained totals rebuilt');
}

/** What a boot with these plugin folders migrates, without booting. */
export async function migratePluginDirs(db: Knex, dirs: string[], now = new Date()): Promise<void> {
  await migratePlugins(db, (await loadPluginSet(dirs)).map((p) => p.def), now);
}
