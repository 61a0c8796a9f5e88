/** Module rules and resolution shared by the shell and the plugin remotes. */
import type { RuleSetRule } from '@rspack/core';

export type BuildMode = 'production' | 'development';

/** TypeScript/TSX/JSX through rspack's built-in SWC, with React's automatic JSX runtime. */
export function scriptRule(mode: BuildMode): RuleSetRule {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: mode === 'development' } },
        target: 'es2022',
      },
    },
    type: 'javascript/auto',
  };
}

export function moduleRules(mode: BuildMode): RuleSetRule[] {
  return [
    scriptRule(mode),
    { test: /\.css$/, type: 'css/auto' },
    { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/, type: 'asset' },
  ];
}

export const RESOLVE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'];

/** Hashed output names: `[name].[contenthash:8].js`, which the kernel caches for a year. */
export const HASHED = {
  js: '[name].[contenthash:8].js',
  css: '[name].[contenthash:8].css',
  asset: 'assets/[name].[contenthash:8][ext]',
} as const;
