/**
 * `npm run build`: builds the shell (host/) and the React remote of every plugin that has a
 * `client/src` (plugins/* and the COMPTOIR_PLUGINS_PATH folders), with the rspack Node API.
 *
 * A target is skipped when its inputs did not change since its last build: the hash of its source
 * files, build configuration and lockfile is kept in `<dist>/.comptoir-build.json` (a dotfile, which
 * the kernel never serves). `--force` rebuilds everything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fork } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { rspack, type Configuration, type Stats } from '@rspack/core';
import { pluginIdOf, pluginRemoteConfig, REMOTE_MANIFEST, type BuildMode } from '@comptoir/sdk/rspack';
import { loadConfig } from '../../server/src/config.ts';
import { discoverPluginDirs, pluginRoots } from '../../server/src/plugins/manifest.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const STAMP_FILE = '.comptoir-build.json';
const SDK_SRC = path.join(REPO_ROOT, 'sdk/src');
const LOCKFILE = path.join(REPO_ROOT, 'package-lock.json');

export interface ClientTarget {
  /** `host`, or the plugin id */
  name: string;
  kind: 'host' | 'plugin';
  dir: string;
  outDir: string;
  /** files and folders whose content decides whether the build is stale */
  inputs: string[];
  /** a file every successful build leaves in outDir */
  marker: string;
  config(mode: BuildMode): Promise<Configuration>;
}

export interface BuildResult {
  name: string;
  kind: ClientTarget['kind'];
  status: 'built' | 'skipped' | 'failed';
  ms: number;
  outDir: string;
  error?: string;
}

interface Stamp { hash: string; mode: BuildMode; builtAt: string; ms: number }

export function hostTarget(root = REPO_ROOT): ClientTarget {
  const dir = path.join(root, 'host');
  return {
    name: 'host',
    kind: 'host',
    dir,
    outDir: path.join(dir, 'dist'),
    inputs: [
      path.join(dir, 'src'), path.join(dir, 'index.html'), path.join(dir, 'rspack.config.ts'), path.join(dir, 'package.json'),
      // bundled into the shell: the React entry and the HTTP client; the build helpers decide its config
      path.join(SDK_SRC, 'react'), path.join(SDK_SRC, 'client'), path.join(SDK_SRC, 'rspack'), path.join(REPO_ROOT, 'sdk/package.json'),
      // the screen kit (a singleton the shell provides to remotes) and the schemas' runtime helpers
      path.join(SDK_SRC, 'ui'), path.join(REPO_ROOT, 'schemas/src'),
      LOCKFILE,
    ],
    marker: 'index.html',
    async config(mode) {
      const mod = await import(pathToFileURL(path.join(dir, 'rspack.config.ts')).href);
      const exported = mod.default as Configuration | ((env: { mode: BuildMode }) => Configuration);
      return typeof exported === 'function' ? exported({ mode }) : exported;
    },
  };
}

export function pluginTarget(pluginDir: string): ClientTarget {
  const dir = path.resolve(pluginDir);
  const customConfig = path.join(dir, 'client/rspack.config.ts');
  const ownLock = path.join(dir, 'package-lock.json');
  return {
    name: pluginIdOf(dir),
    kind: 'plugin',
    dir,
    outDir: path.join(dir, 'client/dist'),
    inputs: [
      path.join(dir, 'client/src'), customConfig, path.join(dir, 'package.json'),
      path.join(SDK_SRC, 'rspack'), path.join(SDK_SRC, 'react/federation.ts'), path.join(REPO_ROOT, 'sdk/package.json'),
      LOCKFILE, ownLock,
    ],
    marker: REMOTE_MANIFEST,
    async config(mode) {
      if (!fs.existsSync(customConfig)) return pluginRemoteConfig(dir, { mode });
      const mod = await import(pathToFileURL(customConfig).href);
      const exported = mod.default as Configuration | ((env: { mode: BuildMode }) => Configuration);
      return typeof exported === 'function' ? exported({ mode }) : exported;
    },
  };
}

/** The shell, then every discovered plugin that has a client (`client/src`). */
export function discoverTargets(options: { pluginRoots?: string[]; host?: boolean } = {}): ClientTarget[] {
  const roots = options.pluginRoots ?? defaultPluginRoots();
  const targets: ClientTarget[] = options.host === false ? [] : [hostTarget()];
  for (const dir of discoverPluginDirs(roots)) {
    if (fs.existsSync(path.join(dir, 'client/src'))) targets.push(pluginTarget(dir));
  }
  return targets;
}

/** `plugins/` of the checkout and the COMPTOIR_PLUGINS_PATH folders, as the kernel reads them. */
export function defaultPluginRoots(env: NodeJS.ProcessEnv = process.env): string[] {
  return pluginRoots(loadConfig(env));
}

function listFiles(entry: string, out: string[]): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return; // an optional input (custom config, own lockfile) that does not exist
  }
  if (stat.isFile()) {
    out.push(entry);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const child of fs.readdirSync(entry, { withFileTypes: true })) {
    if (child.name.startsWith('.') || child.name === 'node_modules' || child.name === 'dist') continue;
    listFiles(path.join(entry, child.name), out);
  }
}

/** sha256 over the relative paths and contents of every input file, and the build mode. */
export function inputHash(target: ClientTarget, mode: BuildMode): string {
  const files: string[] = [];
  for (const input of target.inputs) listFiles(input, files);
  const hash = createHash('sha256').update(`mode:${mode}\n`);
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${path.relative(REPO_ROOT, file)}\n`);
    hash.update(fs.readFileSync(file));
    hash.update('\n');
  }
  return hash.digest('hex');
}

function readStamp(outDir: string): Stamp | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, STAMP_FILE), 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

export function isUpToDate(target: ClientTarget, mode: BuildMode, hash = inputHash(target, mode)): boolean {
  const stamp = readStamp(target.outDir);
  return stamp?.hash === hash && stamp.mode === mode && fs.existsSync(path.join(target.outDir, target.marker));
}

export function runRspack(config: Configuration): Promise<Stats> {
  return new Promise((resolve, reject) => {
    const compiler = rspack(config);
    compiler.run((err, stats) => {
      compiler.close((closeErr) => {
        if (err || closeErr || !stats) reject(err ?? closeErr ?? new Error('rspack : aucune statistique'));
        else resolve(stats);
      });
    });
  });
}

export interface BuildOptions {
  mode?: BuildMode;
  force?: boolean;
  log?: (line: string) => void;
}

/** What the build worker needs to find a target again. */
export interface TargetRef { kind: ClientTarget['kind']; dir: string }

export interface WorkerReport { dir: string; ok: boolean; ms: number; error?: string }

const WORKER = path.join(import.meta.dirname, 'build-worker.ts');

/**
 * rspack runs in a child process with only tsx's ESM hook: under `--import tsx` (npm start, mocha)
 * tsx's CommonJS hook would also rewrite the Module Federation runtime that rspack reads as text,
 * leaving esbuild's `__name` helper in the browser code (« __name is not defined »).
 */
function buildInWorker(refs: TargetRef[], mode: BuildMode): Promise<Map<string, WorkerReport>> {
  return new Promise((resolve, reject) => {
    const reports = new Map<string, WorkerReport>();
    const child = fork(WORKER, [mode, JSON.stringify(refs)], {
      execArgv: ['--import', 'tsx/esm'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (report: WorkerReport) => reports.set(report.dir, report));
    child.on('error', reject);
    child.on('exit', (code) => {
      for (const ref of refs) {
        if (!reports.has(ref.dir)) reports.set(ref.dir, { dir: ref.dir, ok: false, ms: 0, error: `le processus de construction s’est arrêté (code ${code}).` });
      }
      resolve(reports);
    });
  });
}

/**
 * Builds the stale targets (all of them with `force`), in one child process, one after the other
 * (rspack already uses every core for one build), and stamps each successful build.
 */
export async function buildClients(targets: ClientTarget[] = discoverTargets(), options: BuildOptions = {}): Promise<BuildResult[]> {
  const mode = options.mode ?? 'production';
  const log = options.log ?? (() => {});
  const hashes = new Map(targets.map((t) => [t.dir, inputHash(t, mode)]));
  const stale = targets.filter((t) => options.force || !isUpToDate(t, mode, hashes.get(t.dir)));
  const reports = stale.length ? await buildInWorker(stale.map((t) => ({ kind: t.kind, dir: t.dir })), mode) : new Map<string, WorkerReport>();
  const results: BuildResult[] = [];
  for (const target of targets) {
    const base = { name: target.name, kind: target.kind, outDir: target.outDir };
    const report = reports.get(target.dir);
    if (!report) {
      log(`Client ${target.name} : à jour, construction ignorée.`);
      results.push({ ...base, status: 'skipped', ms: 0 });
    } else if (report.ok) {
      const stamp: Stamp = { hash: hashes.get(target.dir)!, mode, builtAt: new Date().toISOString(), ms: report.ms };
      fs.writeFileSync(path.join(target.outDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
      log(`Client ${target.name} : construit en ${(report.ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} s.`);
      results.push({ ...base, status: 'built', ms: report.ms });
    } else {
      log(`Client ${target.name} : échec de la construction.\n${report.error}`);
      results.push({ ...base, status: 'failed', ms: report.ms, error: report.error });
    }
  }
  return results;
}

export async function buildTarget(target: ClientTarget, options: BuildOptions = {}): Promise<BuildResult> {
  return (await buildClients([target], options))[0];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const mode: BuildMode = args.includes('--development') ? 'development' : 'production';
  let targets: ClientTarget[];
  try {
    targets = discoverTargets();
  } catch (e) {
    console.error(`Construction impossible : ${(e as Error).message}`);
    process.exit(1);
  }
  const started = performance.now();
  const results = await buildClients(targets, { mode, force: args.includes('--force'), log: (line) => console.log(line) });
  const failed = results.filter((r) => r.status === 'failed');
  const built = results.filter((r) => r.status === 'built').length;
  console.log(`${built} construit(s), ${results.length - built - failed.length} à jour, ${failed.length} en échec — ${Math.round(performance.now() - started)} ms.`);
  if (failed.length) process.exit(1);
}
