/**
 * The import rules of docs/architecture.md « Layers », as a plain function over (file, target)
 * pairs, and the scan of the repository that feeds it (`tools/test/import-rules.test.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type Area =
  | { kind: 'machinery' } | { kind: 'platform' } | { kind: 'app' } | { kind: 'sdk' } | { kind: 'sdk-testing' } | { kind: 'schemas' }
  | { kind: 'plugin'; id: string; part: 'contract' | 'schemas' | 'code' | 'test' }
  | { kind: 'server-package' }
  /** any other package, by name (`@sinclair/typebox`, `react`…) */
  | { kind: 'package'; name: string }
  | { kind: 'other' };

/** The area of a repository path (relative, with `/`). */
export function areaOf(file: string): Area {
  let m = /^(plugins|examples)\/([^/]+)\/(.*)$/.exec(file);
  if (m) {
    const rest = m[3];
    const part = rest === 'contract.ts' ? 'contract' : rest.startsWith('schemas/') ? 'schemas' : rest.startsWith('test/') ? 'test' : 'code';
    return { kind: 'plugin', id: `${m[1]}/${m[2]}`, part };
  }
  if (file === 'server/src/index.ts' || file.startsWith('server/src/app/')) return { kind: 'app' };
  if (file.startsWith('server/src/platform/')) return { kind: 'platform' };
  if (file.startsWith('server/src/')) return { kind: 'machinery' };
  if (file.startsWith('sdk/src/testing/')) return { kind: 'sdk-testing' };
  if (file.startsWith('sdk/src/')) return { kind: 'sdk' };
  if (file.startsWith('schemas/src/')) return { kind: 'schemas' };
  m = /^server\//.exec(file);
  return m ? { kind: 'other' } : { kind: 'other' };
}

/** What a plugin's `schemas/` may import: the primitives, TypeBox, and its own `schemas/` files. */
const SCHEMAS_PACKAGES = ['@comptoir/schemas', '@sinclair/typebox'];

const serverSide = (a: Area) => a.kind === 'machinery' || a.kind === 'platform' || a.kind === 'app' || a.kind === 'server-package';

/** Why importing `to` from `from` breaks a rule, or null. */
export function importViolation(from: Area, to: Area): string | null {
  if (from.kind === 'machinery' && (to.kind === 'platform' || to.kind === 'app' || to.kind === 'plugin')) {
    return `the machinery imports ${to.kind === 'plugin' ? 'a plugin' : `the ${to.kind}`}`;
  }
  if (from.kind === 'platform' && (to.kind === 'app' || to.kind === 'plugin')) return `the platform plugin imports ${to.kind === 'app' ? 'the composition (app/)' : 'a plugin'}`;
  if ((from.kind === 'sdk' || from.kind === 'schemas') && (serverSide(to) || to.kind === 'plugin')) return `${from.kind} imports the server or a plugin`;
  if (from.kind === 'other' && to.kind === 'plugin' && to.part === 'schemas') {
    return 'outside its plugin, a plugin\'s schemas/ is reached through its contract (@comptoir/plugin-<id>/contract)';
  }
  if (from.kind === 'plugin') {
    if (to.kind === 'plugin' && to.id !== from.id && to.part !== 'contract') return `a plugin imports another plugin's private file (only its contract.ts is public)`;
    if (from.part === 'schemas') {
      const allowed = to.kind === 'schemas' || (to.kind === 'package' && SCHEMAS_PACKAGES.some((p) => to.name === p || to.name.startsWith(`${p}/`)))
        || (to.kind === 'plugin' && to.id === from.id && to.part === 'schemas');
      if (!allowed) return 'a plugin\'s schemas/ is data: it imports @comptoir/schemas, TypeBox and its own schemas/ only';
    }
    if (from.part === 'contract' && to.kind === 'plugin' && to.id === from.id && to.part !== 'schemas') return 'a contract imports its own plugin\'s code (types and ids only)';
    if (from.part !== 'test' && serverSide(to)) return 'plugin code imports the server (use @comptoir/sdk)';
    if (from.part === 'test' && (to.kind === 'machinery' || to.kind === 'platform')) return 'a plugin test imports server internals';
  }
  return null;
}

export interface Violation { file: string; imports: string; rule: string }

const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage']);

function walk(dir: string, root: string, out: string[]): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, root, out);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.relative(root, full).split(path.sep).join('/'));
  }
}

/** Package name → plugin folder, for `@comptoir/plugin-<id>[/subpath]` imports. */
function pluginPackages(root: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const top of ['plugins', 'examples']) {
    const base = path.join(root, top);
    if (!fs.existsSync(base)) continue;
    for (const dir of fs.readdirSync(base)) {
      const pkg = path.join(base, dir, 'package.json');
      if (fs.existsSync(pkg)) map.set(JSON.parse(fs.readFileSync(pkg, 'utf8')).name, `${top}/${dir}`);
    }
  }
  return map;
}

/** Every import of the repository's TypeScript that breaks a rule. */
export function scanImports(root: string, tops = ['server', 'sdk', 'schemas', 'plugins', 'examples', 'host', 'test', 'tools', 'bench']): Violation[] {
  const files: string[] = [];
  for (const top of tops) if (fs.existsSync(path.join(root, top))) walk(path.join(root, top), root, files);
  const packages = pluginPackages(root);
  const violations: Violation[] = [];
  for (const file of files) {
    const from = areaOf(file);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, file), 'utf8'), true, true);
    for (const { fileName: spec } of importedFiles) {
      let to: Area;
      if (spec.startsWith('.')) {
        to = areaOf(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
      } else if (spec === '@comptoir/server' || spec.startsWith('@comptoir/server/')) {
        to = { kind: 'server-package' };
      } else if (spec === '@comptoir/schemas' || spec.startsWith('@comptoir/schemas/')) {
        to = { kind: 'schemas' };
      } else if (spec === '@comptoir/sdk/testing') {
        to = { kind: 'sdk-testing' };
      } else if (spec === '@comptoir/sdk' || spec.startsWith('@comptoir/sdk/')) {
        to = { kind: 'sdk' };
      } else {
        const m = /^(@comptoir\/plugin-[^/]+)(\/.*)?$/.exec(spec);
        const dir = m ? packages.get(m[1]) : undefined;
        to = dir ? { kind: 'plugin', id: dir, part: m![2] === '/contract' ? 'contract' : 'code' } : { kind: 'package', name: spec };
      }
      const rule = importViolation(from, to);
      if (rule) violations.push({ file, imports: spec, rule });
    }
  }
  return violations;
}

/**
 * The schemas package holds primitives only (docs/architecture.md « Names »): the building blocks,
 * the platform's entities and the commerce primitives several plugins share. A plugin's entities
 * live in its own `schemas/` folder; a new folder here is a decision, taken by adding it below.
 */
// identifiers: the check keys of the company's (kernel) and customers' (contacts) identifiers, and of their forms
export const SCHEMAS_PACKAGE_ENTRIES = ['index.ts', 'kinds.ts', 'kernel', 'commerce', 'identifiers'];

/** What `schemas/src` holds beyond its primitives (a plugin's entities moved back, a new folder). */
export function schemasPackageViolations(root: string): string[] {
  return fs.readdirSync(path.join(root, 'schemas', 'src')).filter((e) => !SCHEMAS_PACKAGE_ENTRIES.includes(e))
    .map((e) => `schemas/src/${e}: not a primitive of @comptoir/schemas (a plugin's entities live in plugins/<id>/schemas/)`);
}
