/**
 * What `migrate` needs of the kernel, and nothing more: the config, the database, and the plugins
 * (discovered, checked, ordered by `dependsOn`, their definitions imported). No container, no
 * services, no HTTP, no `onBoot`.
 */
import type { Knex } from 'knex';
import { SDK_VERSION, type PluginDefinition, type PluginManifest } from '@comptoir/sdk';
import { loadConfig, type Config } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/connect.ts';
import { discoverPluginDirs, pluginRoots, readManifest } from '../../server/src/plugins/manifest.ts';
import { checkAndOrder } from '../../server/src/plugins/order.ts';
import { loadDefinition } from '../../server/src/plugins/load.ts';
import kernelPlugin, { kernelManifest } from '../../server/src/platform/index.ts';

export interface PluginEntry {
  manifest: PluginManifest;
  def: PluginDefinition;
}

export interface PluginSet {
  config: Config;
  db: Knex;
  /** dependency order: the kernel first, each plugin after what it depends on */
  plugins: PluginEntry[];
  close(): Promise<void>;
}

export async function loadPlugins(config: Config): Promise<PluginEntry[]> {
  const roots = pluginRoots(config);
  const manifests = [kernelManifest, ...discoverPluginDirs(roots).map(readManifest)];
  const ordered = checkAndOrder(manifests, SDK_VERSION);
  const out: PluginEntry[] = [];
  for (const manifest of ordered) {
    out.push({ manifest, def: manifest.id === 'kernel' ? kernelPlugin : await loadDefinition(manifest) });
  }
  return out;
}

export async function openPluginSet(env: NodeJS.ProcessEnv = process.env): Promise<PluginSet> {
  const config = loadConfig(env);
  const plugins = await loadPlugins(config);
  const db = openDatabase(config);
  return { config, db, plugins, close: () => db.destroy() };
}

/** The database named for a person, without its password. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `SQLite (${config.dataDir}/comptoir.sqlite)`;
  const u = new URL(config.databaseUrl);
  return `MySQL/MariaDB (${u.hostname}:${u.port || 3306}${u.pathname})`;
}

/** Plugins that depend on `id`: those naming it in `dependsOn`, and every plugin for the kernel. */
export function dependentsOf(id: string, plugins: PluginEntry[]): PluginEntry[] {
  return plugins.filter((p) => p.manifest.id !== id && (id === 'kernel' || id in p.manifest.dependsOn));
}

/** What `id` depends on: its `dependsOn`, plus the kernel (implicit for every plugin). */
export function dependenciesOf(p: PluginEntry, plugins: PluginEntry[]): PluginEntry[] {
  if (p.manifest.id === 'kernel') return [];
  return plugins.filter((q) => q.manifest.id === 'kernel' || q.manifest.id in p.manifest.dependsOn);
}
