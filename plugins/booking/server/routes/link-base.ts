/**
 * The address the cancellation link of an e-mail starts with: the page's origin the request came
 * from (`Origin`, else the request's own protocol and host). Plugins do not see
 * COMPTOIR_PUBLIC_URL; a visitor booking from the public page gets a link to that same server.
 */
import type { RequestContext } from '@comptoir/sdk';

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

export function linkBase(req: RequestContext): string | null {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && ORIGIN.test(origin)) return origin;
  const protocol = (req.raw as { protocol?: unknown } | undefined)?.protocol === 'https' ? 'https' : 'http';
  const own = `${protocol}://${String(req.headers.host ?? '')}`;
  return ORIGIN.test(own) ? own : null;
}
