/**
 * The shell: a Module Federation host with no remote known at build time. Remotes are registered
 * at run time from GET /api/kernel/plugins (src/plugins/federation.ts); the singletons it provides
 * are the list of `@comptoir/sdk/rspack`, the same list the remotes consume.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ChunkReportPlugin, HASHED, PrecompressPlugin, RESOLVE_EXTENSIONS, hostShared, moduleRules, type BuildMode } from '@comptoir/sdk/rspack';

export const HOST_NAME = 'comptoir_shell';

/**
 * react-router's package `exports` only name its development build (dev warnings included): the
 * shell aliases its production build, found wherever npm installed the package (hoisted or not).
 */
export function reactRouterProduction(fromDir: string): string {
  const entry = createRequire(path.join(fromDir, 'noop.js')).resolve('react-router');
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  return path.join(root, 'dist/production/index.mjs');
}

export default function hostConfig(env: { mode?: BuildMode } = {}): Configuration {
  const mode = env.mode ?? 'production';
  const dir = import.meta.dirname;
  return {
    name: 'host',
    context: dir,
    mode,
    target: 'web',
    entry: { main: './src/index.ts' },
    devtool: mode === 'development' ? 'cheap-module-source-map' : false,
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/',
      uniqueName: HOST_NAME,
      filename: `static/js/${HASHED.js}`,
      chunkFilename: `static/js/${HASHED.js}`,
      cssFilename: `static/css/${HASHED.css}`,
      cssChunkFilename: `static/css/${HASHED.css}`,
      assetModuleFilename: `static/${HASHED.asset}`,
      clean: true,
    },
    resolve: {
      extensions: RESOLVE_EXTENSIONS,
      alias: { 'react-router$': reactRouterProduction(dir) },
    },
    module: { rules: moduleRules(mode) },
    optimization: {
      splitChunks: {
        cacheGroups: {
          // React is smaller than splitChunks' minSize: left alone, each shared module's lazy chunk
          // that imports it carried its own copy (16 KB gzip more for the first remote screen)
          react: { test: /[\\/]node_modules[\\/](react|scheduler)[\\/]/, name: 'react', chunks: 'all', enforce: true },
        },
      },
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './index.html', inject: 'body', scriptLoading: 'defer' }),
      new ModuleFederationPlugin({
        name: HOST_NAME,
        remotes: {},
        shared: hostShared(),
        // remotes provide nothing (import: false): no need to fetch every remote entry to compare versions
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        dev: false,
        // the remotes are built with externalRuntime: the shell hands them its federation runtime
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      new PrecompressPlugin(),
      // dist/.chunks.json: which packages each script holds (read by tools/src/measure-shell.ts)
      new ChunkReportPlugin(),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}
