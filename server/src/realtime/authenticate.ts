/**
 * A socket is authenticated by the request layer's own authenticator (server/src/http/
 * authenticate.ts), given the token and company of the `auth` message as it would be given the
 * `Authorization` and `AT-Company` headers: same session lookup (SHA-256 of the token), same
 * revocation and expiry checks, same company membership rule, same French messages.
 */
import type Koa from 'koa';
import type { Authenticator } from '../http/authenticate.ts';
import type { SocketAuthenticator } from './hub.ts';

export function socketAuthenticator(authenticator: Authenticator): SocketAuthenticator {
  return async (token, companyId) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'at-company': companyId };
    // the part of a Koa context the authenticator reads: two headers, and `state` it fills
    const ctx = { get: (name: string) => headers[name.toLowerCase()] ?? '', state: {} } as unknown as Koa.Context;
    // read from the database: a re-check follows a change, and may run before this process's cache forgot it
    const caller = await authenticator.authenticate(ctx, 'company', { fresh: true });
    return { userId: caller.userId!, sessionId: caller.sessionId, companyId: caller.companyId! };
  };
}
