/**
 * `pluginRemoteConfig(pluginDir)`: the complete rspack configuration of a plugin's React remote.
 * A plugin's `client/rspack.config.ts` is one line:
 *
 *   export default pluginRemoteConfig(import.meta.dirname + '/..');
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { HOST_DIR, REPO_ROOT, remoteShared } from './shared.ts';
import { HASHED, RESOLVE_EXTENSIONS, moduleRules, type BuildMode } from './rules.ts';
import { PrecompressPlugin } from './precompress.ts';
import { SharedSurfacePlugin } from './surface-check.ts';
import { REMOTE_ENTRY, REMOTE_MANIFEST, remoteBase, remoteName } from '../react/federation.ts';

export { REMOTE_ENTRY, REMOTE_MANIFEST, remoteName };

export interface RemoteOptions {
  mode?: BuildMode;
  /** the plugin id; default: `comptoir.id` of the plugin's package.json */
  id?: string;
  /** more modules to expose, paths relative to the plugin folder, e.g. website blocks */
  exposes?: Record<string, string>;
  /** output folder; default `<pluginDir>/client/dist` */
  outDir?: string;
}

const SOURCE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];

/** `client/src/<base>.<ext>` relative to the plugin folder, or null when absent. */
export function clientSource(pluginDir: string, base: string): string | null {
  for (const ext of SOURCE_EXTENSIONS) {
    const rel = `./client/src/${base}${ext}`;
    if (fs.existsSync(path.join(pluginDir, rel))) return rel;
  }
  return null;
}

export function pluginIdOf(pluginDir: string): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(pluginDir, 'package.json'), 'utf8'));
    if (typeof pkg?.comptoir?.id === 'string') return pkg.comptoir.id;
  } catch {
    // fall back to the folder name
  }
  return path.basename(pluginDir);
}

export function pluginRemoteConfig(pluginDir: string, options: RemoteOptions = {}): Configuration {
  const dir = path.resolve(pluginDir);
  const id = options.id ?? pluginIdOf(dir);
  const mode = options.mode ?? 'production';
  const name = remoteName(id);
  const app = clientSource(dir, 'App');
  if (!app) throw new Error(`Plugin « ${id} » : client/src/App.tsx introuvable (le remote expose ./App).`);
  const settings = clientSource(dir, 'Settings');
  const exposes: Record<string, string> = { './App': app, ...(settings ? { './Settings': settings } : {}), ...options.exposes };

  return {
    name: `remote:${id}`,
    context: dir,
    mode,
    target: 'web',
    entry: {},
    devtool: mode === 'development' ? 'cheap-module-source-map' : false,
    output: {
      path: options.outDir ?? path.join(dir, 'client/dist'),
      publicPath: remoteBase(id),
      uniqueName: name,
      filename: HASHED.js,
      chunkFilename: HASHED.js,
      cssFilename: HASHED.css,
      cssChunkFilename: HASHED.css,
      assetModuleFilename: HASHED.asset,
      clean: true,
    },
    resolve: {
      extensions: RESOLVE_EXTENSIONS,
      // a plugin may import what the shell installs (react-router lives in host/node_modules)
      modules: ['node_modules', path.join(dir, 'node_modules'), path.join(HOST_DIR, 'node_modules'), path.join(REPO_ROOT, 'node_modules')],
    },
    module: { rules: moduleRules(mode) },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: REMOTE_ENTRY,
        exposes,
        shared: remoteShared([dir, HOST_DIR]),
        manifest: { fileName: REMOTE_MANIFEST },
        dts: false,
        dev: false,
        // the federation runtime comes from the shell (provideExternalRuntime), not from each remote
        experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      }),
      new PrecompressPlugin(),
      // an import outside the shell's curated surfaces fails the build, not the screen at run time
      new SharedSurfacePlugin(dir),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}
