/**
 * The public side (sdk/src/public-site.ts): the kernel asks, for each GET outside `/api`, whether
 * the Host is one of our websites. A known host gets its page (render/page.ts) with an ETag, its
 * cache headers, a Content-Security-Policy for visitors' pages, and gzip/brotli bytes kept with
 * the page in the cache; `www.` + a site's domain is redirected to the domain; an unknown host
 * goes on to the shell.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { PublicPageAnswer, PublicReads, PublicSite } from '@comptoir/sdk';
import { IFRAME_HOSTS } from '../content/sanitize.ts';
import { websiteOfHost, type FoundWebsite } from '../sites/home-access.ts';
import { renderSite, type SiteAnswer } from './page.ts';
import { TtlCache, structureTtlMs } from './page-cache.ts';
import { siteStructure, structureCache } from './structure.ts';

// host → website is structure, not a page: kept as long as the site structure (render/structure.ts)
export const hostCache = new TtlCache<FoundWebsite | null>(structureTtlMs);
export const pageCache = new TtlCache<PublicPageAnswer>();

/** A change to a company's websites data: its cached pages and host look-ups are forgotten. */
export function forgetCompany(companyId: string | null): void {
  hostCache.forget(companyId);
  structureCache.forget(companyId);
  pageCache.forget(companyId);
}

const frameSources = IFRAME_HOSTS.map((h) => `https://${h}`).join(' ');

/** Visitors' pages: our own scripts only (inline ones too when the template allows editors' scripts). */
export function siteCsp(allowScripts: boolean): string {
  return [
    "default-src 'self'", "img-src 'self' data: https:", "style-src 'self' 'unsafe-inline'",
    allowScripts ? "script-src 'self' 'unsafe-inline' https:" : "script-src 'self'",
    `frame-src ${frameSources}`, "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'self'",
  ].join('; ');
}

const COMPRESSIBLE = /^(text\/|application\/xml)/;

export function toPublicAnswer(a: SiteAnswer, allowScripts: boolean): PublicPageAnswer {
  const bytes = Buffer.isBuffer(a.body) ? a.body : Buffer.from(a.body, 'utf8');
  const etag = `"${crypto.createHash('sha1').update(bytes).digest('base64url')}"`;
  const encodings = COMPRESSIBLE.test(a.type) && bytes.length > 1024
    ? { gzip: zlib.gzipSync(bytes, { level: 6 }), br: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) }
    : undefined;
  const headers: Record<string, string> = { 'Cache-Control': a.cacheControl, 'X-Content-Type-Options': 'nosniff' };
  if (a.type.startsWith('text/html')) headers['Content-Security-Policy'] = siteCsp(allowScripts);
  return { status: a.status, type: a.type, body: bytes, encodings, etag, headers };
}

async function findHost(host: string, reads: PublicReads): Promise<FoundWebsite | null> {
  const cached = hostCache.get(host);
  if (cached !== undefined) return cached;
  const found = await reads.as(null, (ctx) => websiteOfHost(ctx, host));
  hostCache.set(host, found, found?.website.fk.company ?? null);
  return found;
}

export const publicSite: PublicSite = {
  async serve(req, reads) {
    const found = await findHost(req.host, reads);
    if (!found) return null;
    const { website } = found;
    if (found.redirectTo) {
      const location = `${website.https ? 'https' : 'http'}://${found.redirectTo}${req.path}`;
      return { status: 301, type: 'text/plain; charset=utf-8', body: `Adresse déplacée : ${location}`, headers: { Location: location, 'Cache-Control': 'public, max-age=3600' } };
    }
    const key = `${website._id}|${req.path}|${req.query.page ?? ''}|${req.query.v ?? ''}`;
    const cached = pageCache.get(key);
    if (cached) return cached;
    const readAt = pageCache.generation;
    const answer = await reads.as(website.fk.company, async (ctx) => {
      const structure = await siteStructure(ctx, website);
      const rendered = await renderSite(ctx, structure, req.path, req.query, ctx.now);
      return { rendered, public: toPublicAnswer(rendered, !!structure.access.template?.allowEditorScripts) };
    });
    if (answer.rendered.cacheable) pageCache.set(key, answer.public, website.fk.company, Date.now(), readAt);
    return answer.public;
  },
};
