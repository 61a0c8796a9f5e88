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

export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  '@tanstack/react-query',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/dates',
  '@mantine/form',
  '@mantine/notifications',
  'dayjs',
  '@comptoir/sdk/react',
  '@comptoir/sdk/client',
  '@comptoir/sdk/ui',
  '@comptoir/sdk/commerce',
] as const;

export type SharedSingleton = (typeof SHARED_SINGLETONS)[number];

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
  import?: false;
  version?: string;
}

function versions(fromDirs?: string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const request of SHARED_SINGLETONS) out[request] = installedVersion(packageNameOf(request), fromDirs);
  return out;
}

/** The shell provides every singleton, lazily (nothing is eager: index.ts crosses an async boundary). */
export function hostShared(fromDirs?: string[]): Record<string, SharedEntry> {
  const found = versions(fromDirs);
  const shared: Record<string, SharedEntry> = {};
  for (const request of SHARED_SINGLETONS) {
    const version = found[request];
    if (!version) throw new Error(`Module partagé introuvable depuis le shell : ${request} (npm install ?).`);
    shared[request] = { singleton: true, requiredVersion: compatibleRange(version), version };
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
