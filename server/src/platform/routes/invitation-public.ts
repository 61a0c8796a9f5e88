/**
 * The public side of an invitation link (`/invitation/<key>` in the shell): what it opens, and
 * using it — signed in, or creating one's account on the way. The key travels in the body, not in
 * the URL, so that it stays out of access logs.
 */
import { Type } from '@sinclair/typebox';
import { isHttpError, route, type CallContext, type RequestContext, type RouteDefinition } from '@comptoir/sdk';
import { Email, InvitationKey, Str, Text } from '@comptoir/schemas';
import { checkInvitation, joinThroughInvitation } from '../services/invitations/invitation-requests.ts';
import type { KeyLimiter } from '../../auth/rate-limit.ts';
import { withRetryAfter } from '../../auth/retry-after.ts';
import { inOwnTransaction } from '../services/own-transaction.ts';

/**
 * Guessing is throttled per IP, as for logins: a key that opens nothing, and an address that
 * already has an account (a working link must not become a way to test who is registered), count
 * as failures; past COMPTOIR_LOGIN_ATTEMPTS in COMPTOIR_LOGIN_WINDOW, even a good key gets 429.
 * Each use is reserved before it runs (rate-limit.ts), so uses sent together cannot pass the
 * limit; the work then runs in its own transaction, so that a failure stays counted.
 */
async function throttled<T>(req: RequestContext, fn: (ctx: CallContext) => Promise<T>): Promise<T> {
  const limiter = req.resolve<KeyLimiter>('invitationLimiter');
  const attempt = await withRetryAfter(req, () => limiter.begin(req.ip));
  try {
    const result = await inOwnTransaction(req, fn);
    await attempt.passed();
    return result;
  } catch (e) {
    if (isHttpError(e) && (e.status === 404 || e.details.some((d) => d.field === 'account.email'))) await attempt.failed();
    else await attempt.passed();
    throw e;
  }
}

const CheckBody = Type.Object({ key: InvitationKey() }, { additionalProperties: false });

const AcceptBody = Type.Object({
  key: InvitationKey(),
  /** a word for the administrators who decide */
  description: Type.Optional(Text({ maxLength: 2000 })),
  /** a new account, for a person who is not signed in */
  account: Type.Optional(Type.Object({
    email: Email(),
    password: Type.String({ minLength: 8, maxLength: 1024 }),
    firstname: Type.Optional(Str()),
    name: Type.Optional(Str()),
  }, { additionalProperties: false })),
}, { additionalProperties: false });

export const invitationPublicRoutes: RouteDefinition[] = [
  route({
    method: 'POST', path: '/kernel/invitations/check', access: 'public', body: CheckBody, transactional: false,
    summary: 'Ce qu’ouvre un lien d’invitation (entreprise, rôles, et où en est la personne connectée)',
    handler: (req) => throttled(req, (x) => checkInvitation(x, req.body.key)),
  }),
  route({
    method: 'POST', path: '/kernel/invitations/accept', access: 'public', body: AcceptBody, transactional: false,
    summary: 'Utiliser un lien d’invitation : demande d’accès, ou entrée immédiate sans validation manuelle',
    handler: (req) => throttled(req, (x) => joinThroughInvitation(x, req.body, req.headers['user-agent'] as string | undefined)),
  }),
];
