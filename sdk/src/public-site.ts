/**
 * Public pages chosen by the request's Host (the websites plugin: a company's site on its own
 * domain, served by the same server). A plugin declares `definePlugin({ publicSite })`; the kernel
 * asks it, for each GET or HEAD outside `/api`, `/attachment/` and `/plugins/`, whether the Host is
 * one of its sites, before the shell's files are served (server/src/http/public-site.ts). A Host
 * it does not know (null) falls through to the shell, so the shell's own address keeps serving
 * the shell; the host of `COMPTOIR_PUBLIC_URL` is never asked.
 */
import type { CallContext } from './context.ts';

export interface PublicPageRequest {
  method: 'GET' | 'HEAD';
  /** the Host header's name, lower case, without the port */
  host: string;
  /** the decoded path, `/` at least */
  path: string;
  query: Record<string, string | undefined>;
}

export interface PublicPageAnswer {
  status: number;
  /** `text/html; charset=utf-8`, `application/xml`… */
  type: string;
  body: string | Buffer;
  /** the same bytes compressed, when the plugin keeps them (a cache): sent to clients that accept them */
  encodings?: { br?: Buffer; gzip?: Buffer };
  /** a strong validator of the body (quoted); the kernel answers 304 to a matching If-None-Match */
  etag?: string;
  /** Cache-Control, Content-Security-Policy… */
  headers?: Record<string, string>;
}

/** Reads for a public page: no visitor is signed in, so the plugin reads as the system, without transaction. */
export interface PublicReads {
  /** runs `fn` with the plugin's context as the system in `companyId` (null: no company, unscoped reads only) */
  as<T>(companyId: string | null, fn: (ctx: CallContext) => Promise<T>): Promise<T>;
}

export interface PublicSite {
  /** the answer for a Host the plugin serves, or null (not one of its hosts: the kernel goes on) */
  serve(req: PublicPageRequest, reads: PublicReads): Promise<PublicPageAnswer | null>;
}
