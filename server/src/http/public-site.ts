/**
 * Public pages chosen by Host (sdk/src/public-site.ts), mounted after the API router and the
 * attachments, before the shell's files (app/kernel.ts). Only GET and HEAD outside `/api`,
 * `/attachment/` and `/plugins/` are offered to the plugins that declare `publicSite`, and never a
 * request for the shell's own host (`COMPTOIR_PUBLIC_URL`): a Host no plugin claims goes on to
 * the shell as before. The answer's ETag is checked here (304), and a precompressed body is sent
 * to a client that accepts its encoding.
 */
import type Koa from 'koa';
import type { PublicPageAnswer, PublicReads, PublicSite } from '@comptoir/sdk';

export interface PublicSiteHandler {
  pluginId: string;
  site: PublicSite;
}

export interface PublicSiteOptions {
  handlers: PublicSiteHandler[];
  /** the reads a plugin's handler gets for one request */
  reads(pluginId: string, requestId: string): PublicReads;
  /** host names that always belong to the shell (lower case, no port) */
  shellHosts: ReadonlySet<string>;
}

const OWN_PREFIXES = ['/api/', '/attachment/', '/plugins/'];

export function isShellPath(p: string): boolean {
  return p === '/api' || OWN_PREFIXES.some((prefix) => p.startsWith(prefix));
}

function queryOf(ctx: Koa.Context): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(ctx.query)) out[k] = Array.isArray(v) ? v[0] : v;
  return out;
}

function send(ctx: Koa.Context, answer: PublicPageAnswer): void {
  ctx.status = answer.status;
  ctx.type = answer.type;
  for (const [k, v] of Object.entries(answer.headers ?? {})) ctx.set(k, v);
  if (answer.etag) ctx.set('ETag', answer.etag);
  // a cached page's validator: the browser asks again and gets 304 without the body
  if (answer.etag && answer.status === 200 && ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  ctx.vary('Accept-Encoding');
  const { br, gzip } = answer.encodings ?? {};
  const chosen = ctx.acceptsEncodings(...[br ? 'br' : null, gzip ? 'gzip' : null, 'identity'].filter((x): x is string => !!x));
  if (chosen === 'br' && br) {
    ctx.set('Content-Encoding', 'br');
    ctx.body = br;
  } else if (chosen === 'gzip' && gzip) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzip;
  } else {
    ctx.body = answer.body;
  }
  if (ctx.method === 'HEAD') ctx.body = null;
}

export function publicSites(options: PublicSiteOptions): Koa.Middleware {
  return async (ctx, next) => {
    if (!options.handlers.length || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || isShellPath(ctx.path)) return next();
    const host = ctx.hostname.toLowerCase();
    if (!host || options.shellHosts.has(host)) return next();
    for (const { pluginId, site } of options.handlers) {
      const answer = await site.serve(
        { method: ctx.method as 'GET' | 'HEAD', host, path: ctx.path || '/', query: queryOf(ctx) },
        options.reads(pluginId, String(ctx.state.requestId ?? '')),
      );
      if (answer) return send(ctx, answer);
    }
    return next();
  };
}
