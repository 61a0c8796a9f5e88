/**
 * The headers every answer carries (README « Security headers »), set once here rather than per
 * route. helmet (app/kernel.ts) adds the usual ones (nosniff, Referrer-Policy: no-referrer,
 * X-Frame-Options: DENY, COOP, CORP…); this file adds the Content-Security-Policy of each kind of
 * answer and the headers of served documents:
 * - the shell (`index.html`, static.ts): SHELL_CSP, scripts from our origin only;
 * - a document (a non-JSON success under `/api/` or `/attachment/`: PDF, XML, FEC, archives,
 *   attachments): `Content-Disposition` rewritten safely (RFC 6266, `filename*` in UTF-8 for a
 *   name that is not plain ASCII),
 *   `nosniff`, and a CSP with `sandbox` (DOCUMENT_CSP unless the route set a sandboxed one);
 * - anything else (JSON, the remotes' scripts): API_CSP, nothing may load or frame it.
 */
import type { Readable } from 'node:stream';
import type Koa from 'koa';
import contentDisposition from 'content-disposition';

/**
 * The shell and the remotes it loads from `/plugins/<id>/` on the same origin:
 * - scripts from our origin only: no inline script, no eval (the build emits neither);
 * - styles from our origin and inline: Mantine writes its CSS variables in `<style>` elements at
 *   run time and React sets `style` attributes (a style cannot run code);
 * - images from our origin (attachments), data: (icons) and blob: (previews);
 * - connections to our origin (the API, the WebSocket at `/api/ws`) and blob: (a preview's bytes);
 * - frames: blob: only (« Aperçu PDF » shows the PDF fetched with the token in a blob: iframe;
 *   blob: documents inherit this policy, and Chromium's PDF viewer runs under it);
 * - no plugin objects, no <base>, forms post to our origin, and nobody may frame the shell.
 */
export const SHELL_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'blob:'],
  'frame-src': ['blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** `host:port` as a browser may write it in an address; anything else is left out of the policy */
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The shell's policy for a request to `host`. CSP Level 3 lets `'self'` match the WebSocket of the
 * same host (ws:/wss:); older browsers (Safari before 15.4) do not, so the address is named too.
 */
export function shellCsp(host?: string): string {
  const directives = { ...SHELL_CSP_DIRECTIVES };
  if (host && SAFE_HOST.test(host)) directives['connect-src'] = [...directives['connect-src'], `ws://${host}`, `wss://${host}`];
  return Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** A document shown by the browser itself (a PDF in its viewer, an image): nothing loads, no script runs, nobody frames it. */
export const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; sandbox";
/** JSON and scripts: nothing to render, nothing to frame */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Images a browser shows in its own page (a variant opened in a tab); anything else is saved. */
const SHOWN_INLINE = /^(image\/(png|jpeg|gif|webp|avif)|application\/pdf)$/i;

/** A quoted-string of printable ASCII: accents folded, anything else `_` (old clients read only this) */
const asciiFallback = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\%]/g, '_');
/** RFC 5987 ext-value: UTF-8, percent-encoded outside attr-char */
const extValue = (name: string) => `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/**
 * The Content-Disposition of a document, rewritten whatever the route wrote: `inline` or
 * `attachment` as asked (`attachment` when unreadable), the file name's last path segment without
 * control characters, as `filename` (printable ASCII) and, when that is not the exact name,
 * `filename*` (UTF-8), RFC 6266.
 */
export function safeDisposition(given: string | undefined, mime: string): string {
  let type = SHOWN_INLINE.test(mime) ? 'inline' : 'attachment';
  let name: string | undefined;
  if (given) {
    try {
      const parsed = contentDisposition.parse(given);
      type = parsed.type === 'inline' ? 'inline' : 'attachment';
      name = parsed.parameters.filename;
    } catch {
      type = 'attachment';
    }
  }
  // eslint-disable-next-line no-control-regex
  const clean = name?.split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!clean) return type;
  const ascii = asciiFallback(clean);
  // the exact name in `filename*` when the ASCII one is not it (RFC 6266 §4.3: both, in this order)
  return ascii === clean ? `${type}; filename="${clean}"` : `${type}; filename="${ascii}"; filename*=${extValue(clean)}`;
}

const isDocumentPath = (p: string) => p === '/api' || p.startsWith('/api/') || p.startsWith('/attachment/');

function isStream(body: unknown): body is Readable {
  return !!body && typeof (body as Readable).pipe === 'function';
}

/** A successful answer whose body is bytes for a person (not JSON for a script). */
function isDocument(ctx: Koa.Context): boolean {
  if (ctx.status < 200 || ctx.status >= 300 || ctx.status === 204) return false;
  if (!ctx.response.type || ctx.response.is('json')) return false;
  const body = ctx.body;
  return body == null ? ctx.method === 'HEAD' : Buffer.isBuffer(body) || typeof body === 'string' || isStream(body);
}

export function applyAnswerHeaders(ctx: Koa.Context): void {
  if (isDocumentPath(ctx.path) && isDocument(ctx)) {
    ctx.set('Content-Disposition', safeDisposition(ctx.response.get('Content-Disposition') || undefined, ctx.response.type));
    ctx.set('X-Content-Type-Options', 'nosniff');
    const csp = ctx.response.get('Content-Security-Policy');
    if (!/(^|;)\s*sandbox\b/.test(csp)) ctx.set('Content-Security-Policy', DOCUMENT_CSP);
    return;
  }
  if (!ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', API_CSP);
}

/** Mounted before the error middleware: it sees every answer, errors included, as it will be sent. */
export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      applyAnswerHeaders(ctx);
    }
  };
}
