/**
 * Two builds of « Questionnaires »: the Module Federation remote the shell loads (the SDK's one
 * configuration), and the public answer page (`public/answer.html`), a page of its own that
 * visitors open without the shell — it bundles its own React and SurveyJS (README « Public page »).
 */
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { HASHED, PrecompressPlugin, RESOLVE_EXTENSIONS, moduleRules, pluginRemoteConfig, remoteName, type BuildMode } from '@comptoir/sdk/rspack';

const pluginDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(pluginDir, 'client/dist');

function publicPage(mode: BuildMode): Configuration {
  return {
    name: 'public:surveys',
    context: pluginDir,
    mode,
    target: 'web',
    entry: { answer: './client/src/public/answer.tsx' },
    devtool: mode === 'development' ? 'cheap-module-source-map' : false,
    output: {
      path: path.join(dist, 'public'),
      publicPath: '/plugins/surveys/public/',
      uniqueName: `${remoteName('surveys')}_public`,
      filename: HASHED.js, chunkFilename: HASHED.js, cssFilename: HASHED.css, cssChunkFilename: HASHED.css, assetModuleFilename: HASHED.asset,
      clean: true,
    },
    resolve: { extensions: RESOLVE_EXTENSIONS },
    module: { rules: moduleRules(mode) },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './client/src/public/answer.html', filename: 'answer.html', inject: 'body', scriptLoading: 'defer' }),
      new PrecompressPlugin(),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

export default ({ mode }: { mode: BuildMode } = { mode: 'production' }): Configuration[] => {
  const remote = pluginRemoteConfig(pluginDir, { mode });
  // both builds write into client/dist: the remote's clean (even with `keep`) removed the page's
  // files while they were written, so the remote leaves old hashed files in place instead
  remote.output = { ...remote.output, clean: false };
  // one after the other: the remote's clean must be over before the page writes its files
  return [remote, { ...publicPage(mode), dependencies: [String(remote.name)] }];
};
