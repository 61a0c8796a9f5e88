/**
 * `node --import tsx tools/src/measure-shell.ts [--build] [--json]`: how much JavaScript the shell
 * makes the browser download, measured in Chromium (playwright-core, /usr/bin/chromium or
 * CHROMIUM_PATH) on the built shell (host/dist) served by a real kernel with the demo seed.
 *
 *  (a) login   — open `/` with no stored session, until the login form is shown and the network is idle;
 *  (b) app     — sign in as the demo user, until the home page is shown and the network is idle
 *                (the scripts downloaded in this step only);
 *  (c) reload  — clear the cache and reload with the stored session, until the home page is shown and
 *                the network is idle (everything the signed-in first screen downloads);
 *  (d) factures — then open « Factures » from the menu (a plugin remote): what the first remote screen
 *                adds, the shell's shared surface and the invoicing remote.
 *
 * Every `.js` (and `.css`) response is mapped back to its file in host/dist (or a plugin's client/dist) and counted at gzip -9
 * (what the build writes as `.gz`; Chromium actually receives the `.br` copy, about 10 % smaller). The
 * packages each file holds come from `host/dist/.chunks.json` (ChunkReportPlugin): shares of the
 * module sizes before minification, applied to the file's gzip size — an estimate.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { createKernel, loadConfig } from '@comptoir/server';
import { formatSize } from '@comptoir/sdk';
import { throwawayDatabase } from '@comptoir/sdk/testing';
import { CHUNK_REPORT_FILE, type ChunkReport } from '@comptoir/sdk/rspack';
import { seedDemo } from './seed.ts';
import { DEMO_LOGIN } from './demo-company.ts';
import { buildClients, hostTarget } from './build-clients.ts';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface ScriptSize {
  file: string;
  gzip: number;
  /** estimated gzip bytes per package */
  packages: Record<string, number>;
}

export interface StepSize {
  step: string;
  /** the scripts, largest first */
  files: ScriptSize[];
  /** gzip -9 bytes of the scripts */
  gzip: number;
  /** estimated gzip bytes per package */
  packages: Record<string, number>;
  /** gzip -9 bytes of the style sheets of the same step */
  css: number;
}

/**
 * gzip -9 size of each built script named by `urls` (style sheets summed apart), with its estimated
 * packages. `remotes` maps a plugin id to its client/dist, for `/plugins/<id>/…` URLs (counted as
 * `plugins/<id>/<file>`, package `(remote <id>)`); other URLs outside `dist` are ignored.
 */
export function sizeScripts(step: string, urls: Iterable<string>, dist = hostTarget().outDir, remotes: Record<string, string> = {}): StepSize {
  let report: ChunkReport = {};
  try {
    report = JSON.parse(fs.readFileSync(path.join(dist, CHUNK_REPORT_FILE), 'utf8')) as ChunkReport;
  } catch {
    // no report: sizes without the breakdown
  }
  const files: ScriptSize[] = [];
  const packages: Record<string, number> = {};
  let css = 0;
  for (const u of new Set(urls)) {
    let rel = decodeURIComponent(new URL(u).pathname).replace(/^\/+/, '');
    let file = path.join(dist, rel);
    let shares: Record<string, number> | undefined;
    const remote = /^plugins\/([^/]+)\/(.+)$/.exec(rel);
    if (remote && remotes[remote[1]]) {
      file = path.join(remotes[remote[1]], remote[2]);
      shares = { [`(remote ${remote[1]})`]: 1 };
      rel = `plugins/${remote[1]}/${remote[2]}`;
    } else if (!file.startsWith(dist)) {
      continue;
    }
    if (!fs.existsSync(file)) continue;
    const gzip = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    if (rel.endsWith('.css')) {
      css += gzip;
      continue;
    }
    shares ??= report[rel] ?? {};
    const own: Record<string, number> = {};
    for (const [pkg, share] of Object.entries(shares)) {
      own[pkg] = gzip * share;
      packages[pkg] = (packages[pkg] ?? 0) + gzip * share;
    }
    files.push({ file: rel, gzip, packages: own });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return { step, files, gzip: files.reduce((n, f) => n + f.gzip, 0), packages, css };
}

/** Records the `.js` and `.css` URLs the page receives while `action` runs. */
export async function recordScripts(page: Page, action: () => Promise<void>): Promise<string[]> {
  const urls: string[] = [];
  const listener = (r: { url(): string; status(): number }) => {
    if (/\.(js|css)$/.test(new URL(r.url()).pathname) && r.status() < 400) urls.push(r.url());
  };
  page.on('response', listener);
  try {
    await action();
  } finally {
    page.off('response', listener);
  }
  return urls;
}

export async function measureShell(options: { build?: boolean; chromium?: string } = {}): Promise<StepSize[]> {
  const executablePath = options.chromium ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (options.build) {
    const [result] = await buildClients([hostTarget()]);
    if (result.status === 'failed') throw new Error(`Construction du shell en échec :\n${result.error}`);
  }
  if (!fs.existsSync(path.join(hostTarget().outDir, 'index.html'))) throw new Error('host/dist absent : lancez npm run build (ou --build).');
  const db = await throwawayDatabase();
  const config = loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', ...(db.url ? { DATABASE_URL: db.url } : {}) });
  const kernel = await createKernel({ config });
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    await seedDemo(kernel);
    const { url } = await kernel.listen(0, '127.0.0.1');
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const home = () => page.getByRole('heading', { name: /Bonjour/ }).first().waitFor({ timeout: 60_000 });

    const login = await recordScripts(page, async () => {
      await page.goto(`${url}/`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    });
    const app = await recordScripts(page, async () => {
      await page.getByLabel('Adresse e-mail').fill(DEMO_LOGIN.email);
      await page.getByLabel('Mot de passe').fill(DEMO_LOGIN.password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await home();
      await page.waitForLoadState('networkidle');
    });
    // a fresh cache: everything the signed-in first screen needs, from scratch
    const reload = await recordScripts(page, async () => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.reload({ waitUntil: 'networkidle' });
      await home();
    });
    // the first plugin screen: the shared surface and the remote, from the menu (no reload)
    const invoices = await recordScripts(page, async () => {
      await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Factures', exact: true }).click();
      await page.getByRole('heading', { name: 'Factures', level: 1 }).waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
    });
    await context.close();
    const remotes = Object.fromEntries(kernel.plugins.filter((p) => p.manifest.client)
      .map((p) => [p.manifest.id, path.resolve(p.manifest.dir, path.dirname(p.manifest.client!.remote))]));
    return [
      sizeScripts('(a) page de connexion', login),
      sizeScripts('(b) après connexion (en plus de a)', app),
      sizeScripts('(c) session enregistrée, rechargement à froid', reload),
      sizeScripts('(d) puis « Factures » (en plus de c)', invoices, hostTarget().outDir, remotes),
    ];
  } finally {
    await browser.close();
    await kernel.stop();
    await db.drop();
  }
}

export function formatSizes(steps: StepSize[]): string {
  const lines: string[] = [];
  for (const s of steps) {
    lines.push(`${s.step} : ${s.files.length} scripts, ${formatSize(s.gzip)} gzip -9 (et ${formatSize(s.css)} de CSS)`);
    const top = Object.entries(s.packages).sort((a, b) => b[1] - a[1]).filter(([, n]) => n >= 512);
    lines.push(`   dont ${top.map(([p, n]) => `${p} ${formatSize(n)}`).join(', ')}`);
    for (const f of s.files) lines.push(`   ${f.file.padEnd(34)} ${formatSize(f.gzip).padStart(9)}  ${Object.entries(f.packages).filter(([, n]) => n >= 512).map(([p]) => p).join(', ')}`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const steps = await measureShell({ build: args.includes('--build') });
  console.log(args.includes('--json') ? JSON.stringify(steps, null, 2) : formatSizes(steps));
  process.exit(0);
}
