/**
 * The plugin skeleton of sdk/README.md, checked on every plugin of the checkout (the platform and
 * the examples included): the route table in `server/routes/index.ts`, the demo data in
 * `server/seed.ts`, no import cycle between the server's files, services grouped by business process
 * (`server/services/<process>/`, few files flat), and other plugins reached from
 * `server/services/deps.ts` only (`server/index.ts` may name their extension points to contribute).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { REPO_ROOT } from './support.ts';

const pluginsIn = (folder: string) => fs.readdirSync(path.join(REPO_ROOT, folder)).map((d) => path.join(folder, d))
  .filter((d) => fs.existsSync(path.join(REPO_ROOT, d, 'package.json')));
const PLUGINS = [...pluginsIn('plugins'), 'server/src/platform', ...pluginsIn('examples')];

/** The server folder of a plugin (the platform is its own server folder). */
const serverOf = (plugin: string) => path.join(REPO_ROOT, plugin, plugin === 'server/src/platform' ? '' : 'server');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Relative imports that run at load time (`import type` erases; a dynamic import makes no load cycle). */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    if (!m[1]) out.push(path.resolve(path.dirname(file), m[2]));
  }
  return out;
}

/** Every cycle, as the files around it relative to `root`. */
export function importCycles(dir: string): string[] {
  const root = path.resolve(dir);
  const graph = new Map(sourceFiles(root).map((f) => [f, runtimeImports(f)]));
  const cycles: string[] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (file: string) => {
    stack.push(file);
    for (const dep of graph.get(file) ?? []) {
      const at = stack.indexOf(dep);
      if (at >= 0) cycles.push([...stack.slice(at), dep].map((f) => path.relative(root, f)).join(' → '));
      else if (!done.has(dep) && graph.has(dep)) visit(dep);
    }
    stack.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return cycles;
}

/**
 * The files lying flat in `services/` besides `deps.ts` and `index.ts`: a plugin's services live in
 * one folder per business process (sdk/README.md « Plugin skeleton »); a small plugin may keep a
 * file or two there (a helper every process shares), not its processes.
 */
export const MAX_FLAT_SERVICES = 2;
export function flatServices(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !['deps.ts', 'index.ts'].includes(e.name))
    .map((e) => e.name).sort();
}

describe('tools : squelette des plugins', function () {
  for (const plugin of PLUGINS) {
    describe(plugin, function () {
      const server = serverOf(plugin);

      it('a sa table de routes dans routes/index.ts et ses données de démonstration dans seed.ts', function () {
        const index = path.join(server, 'routes', 'index.ts');
        expect(fs.existsSync(index), index).to.equal(true);
        expect(fs.readFileSync(index, 'utf8')).to.match(/export const routes: RouteDefinition\[\]/);
        for (const old of ['routes.ts', 'seed-demo.ts']) expect(fs.existsSync(path.join(server, old)), old).to.equal(false);
        const entry = fs.readFileSync(path.join(server, 'index.ts'), 'utf8');
        expect(entry).to.include("from './routes/index.ts'");
        if (/\bseedDemo\b/.test(entry)) expect(entry).to.include("import { seedDemo } from './seed.ts';");
      });

      it('n’a aucun cycle d’imports entre ses fichiers serveur', function () {
        expect(importCycles(server)).to.deep.equal([]);
      });

      it('range ses services par processus métier (services/<processus>/), pas à plat', function () {
        const services = path.join(server, 'services');
        expect(flatServices(services), services).to.have.length.at.most(MAX_FLAT_SERVICES);
      });

      it('ne joint les autres plugins que par services/deps.ts (et index.ts pour contribuer)', function () {
        const reaching = sourceFiles(server)
          .filter((f) => /from '@comptoir\/plugin-[a-z-]+\/contract'/.test(fs.readFileSync(f, 'utf8')))
          .map((f) => path.relative(server, f).split(path.sep).join('/'));
        for (const f of reaching) expect(['services/deps.ts', 'index.ts'], f).to.include(f);
      });
    });
  }

  it('voit des services à plat quand il y en a (le contrôle lui-même)', function () {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-skeleton-'));
    try {
      for (const f of ['deps.ts', 'index.ts', 'purchases.ts', 'payments.ts', 'links.ts', 'notes.md']) fs.writeFileSync(path.join(dir, f), '');
      fs.mkdirSync(path.join(dir, 'import'));
      fs.writeFileSync(path.join(dir, 'import', 'csv.ts'), '');
      expect(flatServices(dir)).to.deep.equal(['links.ts', 'payments.ts', 'purchases.ts']);
      expect(flatServices(dir)).to.have.length.above(MAX_FLAT_SERVICES);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('voit un cycle quand il y en a un (le contrôle lui-même)', function () {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-skeleton-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import {\n  a,\n} from './a.ts';\nexport const b = () => a;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { a } from './a.ts';\nimport { b } from './b.ts';\nexport type C = typeof a;\nexport const c = b;\n");
      expect(importCycles(dir)).to.deep.equal(['a.ts → b.ts → a.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
