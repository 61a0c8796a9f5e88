/**
 * A remote may import from a curated shared module only what the shell provides under its name
 * (sdk/README-client.md « The shared surface »): anything else would be `undefined` at run time, a
 * blank screen. `SharedSurfacePlugin` fails the remote's build instead, in French, naming the file,
 * the import and the module. The surfaces are read from their files in sdk/src/surface/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';
import { SHARED_MODULES, SURFACE_DIR } from './shared.ts';

/** The names a surface file re-exports: `export { A, B as C } from '…'` (comments skipped). */
export function surfaceExports(source: string): Set<string> {
  const names = new Set<string>();
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  for (const block of code.matchAll(/export\s*\{([^}]*)\}\s*from/g)) {
    for (const part of block[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/** request -> the names it offers, for every shared module that has a surface. */
export function sharedSurfaces(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const m of SHARED_MODULES) {
    if (m.surface) out.set(m.request, surfaceExports(fs.readFileSync(path.join(SURFACE_DIR, m.surface), 'utf8')));
  }
  return out;
}

export interface SurfaceImport {
  /** the importing file, relative to the plugin */
  file: string;
  request: string;
  name: string;
}

/** The imports outside the surfaces, each as a French sentence. */
export function surfaceViolations(imports: readonly SurfaceImport[], surfaces: Map<string, Set<string>>): string[] {
  const out: string[] = [];
  for (const i of imports) {
    const allowed = surfaces.get(i.request);
    if (!allowed || allowed.has(i.name)) continue;
    out.push(`${i.file} importe « ${i.name} » de ${i.request}, qui ne fait pas partie de la surface partagée par le shell `
      + '(sdk/src/surface/ ; voir sdk/README-client.md « The shared surface »).');
  }
  return [...new Set(out)];
}

interface DependencyLike {
  request?: string;
  ids?: string[];
}

interface ModuleLike {
  resource?: string;
  dependencies?: DependencyLike[];
}

export class SharedSurfacePlugin implements RspackPluginInstance {
  constructor(private readonly pluginDir: string) {}

  apply(compiler: Compiler): void {
    const surfaces = sharedSurfaces();
    compiler.hooks.thisCompilation.tap('ComptoirSharedSurface', (compilation) => {
      compilation.hooks.finishModules.tap('ComptoirSharedSurface', (modules) => {
        const imports: SurfaceImport[] = [];
        for (const module of modules as Iterable<ModuleLike>) {
          if (!module.resource) continue;
          for (const dependency of module.dependencies ?? []) {
            const { request, ids } = dependency;
            // `import { X }`, `M.X` of `import * as M`, `export { X } from`: ids[0] is X; default imports are 'default'
            if (!request || !surfaces.has(request) || !ids?.length) continue;
            imports.push({ file: path.relative(this.pluginDir, module.resource), request, name: ids[0] });
          }
        }
        for (const message of surfaceViolations(imports, surfaces)) {
          compilation.errors.push(new compiler.webpack.WebpackError(message));
        }
      });
    });
  }
}
