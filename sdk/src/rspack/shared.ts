/**
 * The shared singletons of the shell and of every plugin remote, declared once (host README « Shared singletons »).
 *
 * The shell provides each of them; remotes consume them with `import: false`, so a remote never
 * carries its own copy of React, the router, the query client, the UI kit or the SDK: one React
 * context tree, one router, one QueryClient for the whole page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * One shared module: `request` is what a remote imports (and the share key); `surface`, when set, is
 * the curated module of `sdk/src/surface/` that the shell provides under that name instead of the
 * whole package: the exports a remote may use (sdk/README-client.md « The shared surface »).
 */
export interface SharedModule {
  request: string;
  surface?: string;
}

export const SHARED_MODULES: readonly SharedModule[] = [
  { request: 'react' },
  { request: 'react/jsx-runtime' },
  { request: 'react-dom' },
  { request: 'react-dom/client' },
  { request: 'react-router', surface: 'react-router.ts' },
  { request: '@tanstack/react-query' },
  { request: '@mantine/core', surface: 'mantine-core.ts' },
  { request: '@mantine/hooks', surface: 'mantine-hooks.ts' },
  { request: '@mantine/dates', surface: 'mantine-dates.ts' },
  { request: '@mantine/form' },
  { request: '@mantine/notifications' },
  { request: 'dayjs' },
  { request: '@comptoir/sdk/react' },
  { request: '@comptoir/sdk/client' },
  { request: '@comptoir/sdk/ui' },
  { request: '@comptoir/sdk/commerce' },
];

/** The requests of SHARED_MODULES: what a remote never bundles. */
export const SHARED_SINGLETONS: readonly string[] = SHARED_MODULES.map((m) => m.request);

export type SharedSingleton = string;

/** `@scope/name/sub` -> `@scope/name`, `react/jsx-runtime` -> `react`. */
export function packageNameOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The repository checkout this SDK lives in (sdk/src/rspack -> ../../..). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const HOST_DIR = path.join(REPO_ROOT, 'host');
const SDK_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * Installed version of a package, looked up from each folder in turn (the plugin, the shell, the
 * SDK). Reads the package.json found above the resolved entry, since not every package exports
 * its package.json.
 */
export function installedVersion(pkg: string, fromDirs: string[] = [HOST_DIR, SDK_DIR]): string | null {
  if (pkg === '@comptoir/sdk') return readJson(path.join(SDK_DIR, 'package.json'))?.version ?? null;
  for (const dir of fromDirs) {
    let entry: string;
    try {
      entry = createRequire(path.join(dir, 'noop.js')).resolve(pkg);
    } catch {
      continue;
    }
    let current = path.dirname(entry);
    while (current !== path.dirname(current)) {
      const json = readJson(path.join(current, 'package.json'));
      if (json?.name === pkg && typeof json.version === 'string') return json.version;
      current = path.dirname(current);
    }
  }
  return null;
}

function readJson(file: string): { name?: string; version?: string } | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** `19.3.1` -> `^19.0.0`; `0.34.2` -> `^0.34.0` (caret on 0.x already pins the minor). */
export function compatibleRange(version: string): string {
  const [major, minor] = version.split('.');
  return major === '0' ? `^0.${minor}.0` : `^${major}.0.0`;
}

export interface SharedEntry {
  singleton: true;
  requiredVersion: string | false;
  eager?: boolean;
  /** what is provided: a request, a file; false: consumed only */
  import?: string | false;
  shareKey?: string;
  version?: string;
}

function versions(fromDirs?: string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const request of SHARED_SINGLETONS) out[request] = installedVersion(packageNameOf(request), fromDirs);
  return out;
}

/** The folder of the curated modules the shell provides (`SharedModule.surface`). */
export const SURFACE_DIR = path.join(SDK_DIR, 'src/surface');

/**
 * The shell's config keys are `comptoir-provided:<request>`, which no module imports: the shell
 * provides each shared module without consuming it. Its own code imports the packages directly and
 * is tree-shaken (the first screen downloads the Mantine components it shows, not the surface),
 * while a remote gets the provided module: the same module instances, one build, one React context.
 */
export const PROVIDE_KEY_PREFIX = 'comptoir-provided:';

/** What the shell provides for `module`: its surface file, the SDK's source file, or the package itself. */
export function providedImport(module: SharedModule): string {
  if (module.surface) return path.join(SURFACE_DIR, module.surface);
  if (module.request.startsWith('@comptoir/sdk/')) {
    const exports = (readJson(path.join(SDK_DIR, 'package.json')) as { exports?: Record<string, string> } | null)?.exports ?? {};
    const target = exports[`./${module.request.slice('@comptoir/sdk/'.length)}`];
    if (!target) throw new Error(`Module partagé absent des exports du SDK : ${module.request}.`);
    // a file, always provided (a bare request is provided only when the shell's code imports it)
    return path.join(SDK_DIR, target);
  }
  return module.request;
}

/** The shell provides every shared module, lazily (nothing is eager), and consumes none. */
export function hostShared(fromDirs?: string[]): Record<string, SharedEntry> {
  const found = versions(fromDirs);
  const shared: Record<string, SharedEntry> = {};
  for (const module of SHARED_MODULES) {
    const version = found[module.request];
    if (!version) throw new Error(`Module partagé introuvable depuis le shell : ${module.request} (npm install ?).`);
    shared[`${PROVIDE_KEY_PREFIX}${module.request}`] = {
      singleton: true, requiredVersion: compatibleRange(version), version, shareKey: module.request, import: providedImport(module),
    };
  }
  return shared;
}

/**
 * Remotes consume the shell's copies and bundle no fallback (`import: false`): a remote only ever
 * runs inside the shell, and this is what keeps each remote small.
 */
export function remoteShared(fromDirs?: string[]): Record<string, SharedEntry> {
  const found = versions(fromDirs);
  const shared: Record<string, SharedEntry> = {};
  for (const request of SHARED_SINGLETONS) {
    const version = found[request];
    shared[request] = { singleton: true, import: false, requiredVersion: version ? compatibleRange(version) : false };
  }
  return shared;
}
