/**
 * Writes a new plugin folder that boots and passes its own tests unchanged. Everything is checked
 * before the first file is written, so a refusal leaves nothing behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkLabel, checkPluginId, checkTarget } from './validate.ts';
import { defaultLabel, namesOf, type PluginNames } from './names.ts';
import {
  contractTs, indexTs, schemasIndexTs, entitiesTs, permissionsTs, eventsTs, routesIndexTs, itemRoutesTs, itemsServiceTs, archivingTs, depsTs,
  seedTs, migrationTs,
} from './server-templates.ts';
import { archivingTestTs, pluginTestTs, seedTestTs } from './test-templates.ts';
import { packageJson, readme, gitignore, SHELL_PEERS, DEV_TOOLS, type DependencyVersions } from './doc-templates.ts';
import {
  rspackConfigTs, clientTsconfigJson, serverTsconfigJson, clientApiTs, appTsx, itemsScreenTsx, newItemScreenTsx,
  itemScreenTsx, settingsTsx, clientReadme,
} from './client-templates.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ScaffoldOptions {
  id: string | undefined;
  /** the plugin folder itself; default `plugins/<id>` of the checkout */
  dir?: string;
  /** French menu label; default from the id */
  label?: string;
  now?: Date;
  /** where to look for plugins already using the id (default `plugins/` of the checkout) */
  builtinDir?: string;
}

export interface ScaffoldResult {
  dir: string;
  names: PluginNames;
  /** relative to `dir` */
  files: string[];
}

/**
 * The ranges the checkout installs (the shell's packages, the root's dev tools), so that a plugin
 * created in `plugins/` adds nothing new to the lockfile and one created elsewhere installs what works.
 */
export function dependencyVersions(root = REPO_ROOT): DependencyVersions {
  const out: DependencyVersions = {};
  for (const file of ['package.json', 'host/package.json', 'sdk/package.json']) {
    let pkg: Record<string, Record<string, string> | undefined>;
    try { pkg = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')); } catch { continue; }
    for (const field of ['dependencies', 'devDependencies'] as const) Object.assign(out, pkg[field] ?? {});
  }
  const wanted = new Set<string>([...SHELL_PEERS, ...DEV_TOOLS, '@sinclair/typebox']);
  return Object.fromEntries(Object.entries(out).filter(([name]) => wanted.has(name)));
}

export function planFiles(n: PluginNames, versions: DependencyVersions = dependencyVersions()): Record<string, string> {
  return {
    'package.json': packageJson(n, versions),
    '.gitignore': gitignore(),
    'tsconfig.json': serverTsconfigJson(),
    'README.md': readme(n),
    'contract.ts': contractTs(n),
    'schemas/index.ts': schemasIndexTs(n),
    'server/index.ts': indexTs(n),
    'server/entities.ts': entitiesTs(n),
    'server/permissions.ts': permissionsTs(n),
    'server/events.ts': eventsTs(n),
    'server/routes/index.ts': routesIndexTs(n),
    'server/routes/items.ts': itemRoutesTs(n),
    'server/services/deps.ts': depsTs(),
    'server/services/items/items.ts': itemsServiceTs(n),
    'server/services/items/archiving.ts': archivingTs(),
    'server/seed.ts': seedTs(n),
    [`server/migrations/${n.migrationName}.ts`]: migrationTs(n),
    'client/README.md': clientReadme(n),
    'client/rspack.config.ts': rspackConfigTs(),
    'client/tsconfig.json': clientTsconfigJson(),
    'client/src/App.tsx': appTsx(n),
    'client/src/Settings.tsx': settingsTsx(n),
    'client/src/api.ts': clientApiTs(n),
    'client/src/items/ItemsScreen.tsx': itemsScreenTsx(n),
    'client/src/items/NewItemScreen.tsx': newItemScreenTsx(n),
    'client/src/items/ItemScreen.tsx': itemScreenTsx(n),
    'test/archiving.test.ts': archivingTestTs(n),
    'test/seed.test.ts': seedTestTs(n),
    [`test/${n.id}.test.ts`]: pluginTestTs(n),
  };
}

export function scaffoldPlugin(options: ScaffoldOptions): ScaffoldResult {
  const id = checkPluginId(options.id);
  const label = checkLabel(options.label ?? defaultLabel(id));
  const builtinDir = options.builtinDir ?? path.join(REPO_ROOT, 'plugins');
  const dir = path.resolve(options.dir ?? path.join(builtinDir, id));
  checkTarget(id, dir, builtinDir);
  const names = namesOf(id, label, options.now ?? new Date());
  const files = planFiles(names);
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content, { flag: 'wx' });
  }
  return { dir, names, files: Object.keys(files) };
}
