/**
 * Static files of the browser side (docs/architecture.md « Boot order », steps 7 and 9), mounted after the API router:
 * - `/plugins/<id>/<file>`: the plugin's built remote, from `<plugin>/client/dist`;
 * - any other GET that asks for HTML (a browser navigating to `/factures/12`): the shell's
 *   `host/dist/index.html`, the router of the single-page app taking over from there;
 * - other files of `host/dist` (`/static/js/…`).
 *
 * Hashed names (`main.1a2b3c4d.js`) never change content: cached for a year, `immutable`.
 * `index.html`, `remoteEntry.js` and `mf-manifest.json` name the hashed files: `no-cache`, so a new
 * build is seen at once. Precompressed `.br`/`.gz` copies written by the build are served when the
 * browser accepts them. `/api/*` is never answered here, and no path leaves its folder. HTML pages
 * carry the shell's Content-Security-Policy (headers.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type Koa from 'koa';
import send from 'koa-send';
import { forbidden, notFound } from '@comptoir/sdk';
import { shellCsp } from './headers.ts';

export interface StaticPlugin {
  manifest: { id: string; dir: string; client: { remote: string } | null };
}

export interface StaticOptions {
  /** the shell's build, `host/dist` */
  hostDist: string;
  plugins: Iterable<StaticPlugin>;
}


export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** `[name].[contenthash:8].ext` as the builds name their files (`main.1a2b3c4d.js`, `844.b3bd9654.js`). */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(file: string): string {
  return HASHED_NAME.test(path.basename(file)) ? IMMUTABLE : NO_CACHE;
}

/**
 * The path below the root as safe relative segments, or null when it would leave the root
 * (`..`, an encoded `%2e%2e` or `%2f`, a backslash, a NUL) or cannot be decoded.
 */
export function safeRelative(urlPath: string): string | null {
  const segments: string[] = [];
  for (const raw of urlPath.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.') continue;
    if (segment === '..' || /[\\/\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments.join('/');
}

async function isFile(file: string): Promise<{ mtime: Date } | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/** Sends `rel` from `root` with the cache policy of its name; false when there is no such file. */
async function sendFile(ctx: Koa.Context, root: string, rel: string, cacheControl = cacheControlFor(rel)): Promise<boolean> {
  if (rel === '' || rel.split('/').some((s) => s.startsWith('.'))) return false; // dotfiles (build stamps) stay private
  const stat = await isFile(path.join(root, rel));
  if (!stat) return false;
  ctx.status = 200;
  ctx.set('Cache-Control', cacheControl);
  // the shell's policy on its page, 304 included (the browser keeps the headers of a 304)
  if (/\.html?$/i.test(rel)) ctx.set('Content-Security-Policy', shellCsp(ctx.host));
  ctx.set('Last-Modified', stat.mtime.toUTCString());
  ctx.vary('Accept-Encoding');
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }
  await send(ctx, rel, { root, hidden: false, brotli: true, gzip: true });
  return true;
}

function wantsHtml(ctx: Koa.Context): boolean {
  return /\btext\/html\b/.test(ctx.get('Accept'));
}

export function staticFiles(options: StaticOptions): Koa.Middleware {
  const remotes = new Map<string, string>();
  // the folder of the remote entry the manifest names (`client/dist/remoteEntry.js` by convention)
  for (const p of options.plugins) {
    if (p.manifest.client) remotes.set(p.manifest.id, path.resolve(p.manifest.dir, path.dirname(p.manifest.client.remote)));
  }
  const hostDist = path.resolve(options.hostDist);

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const urlPath = ctx.path;
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return next();

    if (urlPath.startsWith('/plugins/')) {
      const [, , id, ...rest] = urlPath.split('/');
      const root = remotes.get(id);
      if (!root) throw notFound(`Aucun plugin « ${id} » n'est chargé.`);
      const rel = safeRelative(rest.join('/'));
      if (rel === null) throw forbidden('Chemin refusé.');
      if (!(await sendFile(ctx, root, rel))) throw notFound(`Fichier introuvable : ${urlPath}.`);
      return;
    }

    const rel = safeRelative(urlPath);
    if (rel === null) throw forbidden('Chemin refusé.');
    if (await sendFile(ctx, hostDist, rel)) return;

    // `/` is the shell whatever the client accepts (curl, monitors); deeper paths only for browsers
    if (wantsHtml(ctx) || urlPath === '/') {
      if (await sendFile(ctx, hostDist, 'index.html', NO_CACHE)) return;
      ctx.status = 503;
      ctx.type = 'html';
      ctx.set('Content-Security-Policy', shellCsp(ctx.host));
      ctx.set('Cache-Control', NO_CACHE);
      ctx.body = '<!doctype html><html lang="fr"><meta charset="utf-8"><title>Comptoir</title>'
        + '<p>L’interface de Comptoir n’est pas construite : lancez <code>npm run build</code> (ou <code>npm start</code>, qui la construit).</p></html>';
      return;
    }
    return next();
  };
}
