/** Reads a plugin folder's package.json `comptoir` manifest, refusing anything malformed. */
import fs from 'node:fs';
import path from 'node:path';
import type { PluginManifest, MenuEntry } from '@comptoir/sdk';

export class PluginError extends Error { override name = 'PluginError'; }

const ID_RE = /^[a-z][a-z0-9-]*$/;

export function readManifest(dir: string): PluginManifest {
  const file = path.join(dir, 'package.json');
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new PluginError(`Plugin ${dir} : package.json illisible (${(e as Error).message}).`);
  }
  const m = pkg.comptoir as Record<string, unknown> | undefined;
  if (!m || typeof m !== 'object') throw new PluginError(`Plugin ${dir} : le champ « comptoir » manque dans package.json.`);
  const id = m.id;
  if (typeof id !== 'string' || !ID_RE.test(id)) {
    throw new PluginError(`Plugin ${dir} : « comptoir.id » doit être en minuscules avec des tirets (reçu ${JSON.stringify(id)}).`);
  }
  const version = typeof m.version === 'string' ? m.version : pkg.version;
  if (typeof version !== 'string') throw new PluginError(`Plugin ${id} : version absente.`);
  if (typeof m.sdk !== 'string') throw new PluginError(`Plugin ${id} : « comptoir.sdk » (plage de versions du SDK) est obligatoire.`);
  const dependsOn = (m.dependsOn ?? {}) as Record<string, string>;
  if (typeof dependsOn !== 'object' || Array.isArray(dependsOn) ||
      Object.entries(dependsOn).some(([k, v]) => !ID_RE.test(k) || typeof v !== 'string')) {
    throw new PluginError(`Plugin ${id} : « comptoir.dependsOn » doit associer des identifiants de plugins à des plages de versions.`);
  }
  const menu = (m.menu ?? []) as MenuEntry[];
  if (!Array.isArray(menu) || menu.some((e) => typeof e?.label !== 'string' || typeof e?.path !== 'string')) {
    throw new PluginError(`Plugin ${id} : « comptoir.menu » doit être une liste d'entrées { label, path }.`);
  }
  const client = m.client as PluginManifest['client'] | undefined;
  return {
    id,
    version,
    sdk: m.sdk,
    dependsOn,
    menu,
    client: client && typeof client.remote === 'string' ? client : null,
    server: typeof m.server === 'string' ? m.server : './server/index.ts',
    dir,
  };
}

/** Plugin folders: every direct subfolder holding a package.json with a `comptoir` field. */
export function discoverPluginDirs(roots: string[]): string[] {
  const dirs: string[] = [];
  for (const root of roots) {
    if (!fs.existsSync(root)) throw new PluginError(`Dossier de plugins introuvable : ${root}.`);
    const candidates = fs.existsSync(path.join(root, 'package.json'))
      ? [root]
      : fs.readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(root, d.name));
    for (const dir of candidates) {
      const pkgFile = path.join(dir, 'package.json');
      if (!fs.existsSync(pkgFile)) continue;
      try {
        if (JSON.parse(fs.readFileSync(pkgFile, 'utf8')).comptoir) dirs.push(dir);
      } catch { dirs.push(dir); /* readManifest will name the problem */ }
    }
  }
  return dirs;
}

/**
 * Where plugins are looked for: the built-in folder when it exists (a checkout may have no
 * business plugin yet), then every folder of COMPTOIR_PLUGINS_PATH, which must exist.
 */
export function pluginRoots(config: { builtinPluginsDir: string; pluginsPaths: string[] }): string[] {
  const roots = [...(fs.existsSync(config.builtinPluginsDir) ? [config.builtinPluginsDir] : []), ...config.pluginsPaths];
  return roots.filter((d, i, a) => a.indexOf(d) === i);
}
