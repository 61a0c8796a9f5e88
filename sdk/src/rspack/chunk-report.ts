/**
 * Writes `<dist>/.chunks.json`: for every emitted script, the packages whose code it holds and
 * their share of it (by module size before minification). A dotfile, which the kernel never serves;
 * `tools/src/measure-shell.ts` reads it to say what the measured scripts are made of.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

export const CHUNK_REPORT_FILE = '.chunks.json';

/** `{ "static/js/961.c8b86998.js": { "@mantine/core": 0.97, "(shell)": 0.03 } }`: shares sum to 1. */
export type ChunkReport = Record<string, Record<string, number>>;

interface StatsModule {
  name?: string;
  identifier?: string;
  size?: number;
  modules?: StatsModule[];
}

/**
 * `…/node_modules/@mantine/core/esm/…` -> `@mantine/core`; the SDK's sources -> `@comptoir/sdk`,
 * the shell's -> `(shell)`; Module Federation's runtime and the bundler's -> `(runtime)`.
 */
export function packageOfModule(name: string): string {
  const clean = name.replace(/^.*!/, '').replace(/ \+ \d+ modules?$/, '');
  if (/^(consume|provide|remote) |^webpack\/|^data:/.test(clean)) return '(runtime)';
  const index = clean.lastIndexOf('node_modules/');
  if (index >= 0) {
    const parts = clean.slice(index + 'node_modules/'.length).split('/');
    const pkg = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    return pkg.startsWith('@module-federation/') ? '(runtime)' : pkg;
  }
  if (clean.includes('sdk/src/')) return '@comptoir/sdk';
  return '(shell)';
}

/** A concatenated module counts as its root module when its parts are not named. */
function leaves(module: StatsModule, out: StatsModule[]): void {
  if (module.modules?.length && module.modules.every((m) => m.name)) for (const inner of module.modules) leaves(inner, out);
  else out.push(module);
}

export class ChunkReportPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('ComptoirChunkReport', async (compilation) => {
      const stats = compilation.getStats().toJson({
        all: false, chunks: true, chunkModules: true, nestedModules: true, dependentModules: true, ids: true,
      }) as { chunks?: Array<{ files?: string[]; modules?: StatsModule[] }> };
      const report: ChunkReport = {};
      for (const chunk of stats.chunks ?? []) {
        const modules: StatsModule[] = [];
        for (const m of chunk.modules ?? []) leaves(m, modules);
        const sizes = new Map<string, number>();
        let total = 0;
        for (const m of modules) {
          const size = m.size ?? 0;
          const pkg = packageOfModule(m.name ?? m.identifier ?? '');
          sizes.set(pkg, (sizes.get(pkg) ?? 0) + size);
          total += size;
        }
        for (const file of chunk.files ?? []) {
          if (!file.endsWith('.js')) continue;
          const shares: Record<string, number> = {};
          for (const [pkg, size] of [...sizes].sort((a, b) => b[1] - a[1])) shares[pkg] = total ? Math.round((size / total) * 1000) / 1000 : 0;
          report[file] = shares;
        }
      }
      await fs.writeFile(path.join(compiler.outputPath, CHUNK_REPORT_FILE), `${JSON.stringify(report, null, 1)}\n`);
    });
  }
}
