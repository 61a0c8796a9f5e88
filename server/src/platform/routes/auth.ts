/** POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me, GET /api/health (http README « Authentication and company »). */
import { Type } from '@sinclair/typebox';
import { route, reply, badRequest, unauthenticated, type RouteDefinition } from '@comptoir/sdk';
import type { User } from '@comptoir/schemas';
import { Users, Sessions } from '../../entities/platform.ts';
import { verifyPassword, dummyHash } from '../../auth/passwords.ts';
import { openSession, revokeSession } from '../services/users/sessions.ts';
import { activeCompanyOf, meContext, sessionContext } from '../services/users/login-context.ts';
import type { LoginLimiter } from '../../auth/rate-limit.ts';
import { withRetryAfter } from '../../auth/retry-after.ts';
import { inOwnTransaction } from '../services/own-transaction.ts';
import type { LoadedPlugin } from '../../plugins/call.ts';

const LoginBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 255 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
}, { additionalProperties: false });

const WRONG = 'Adresse e-mail ou mot de passe incorrect.';
export const ACCESS_TOKEN_LOGOUT = 'Un jeton d’accès ne se déconnecte pas : supprimez-le (Mes sessions › Jetons d’accès, ou DELETE /api/kernel/access-tokens/<id>) pour qu’il cesse de fonctionner.';

export const authRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/health', access: 'public', summary: 'État du serveur et plugins chargés',
    handler(req) {
      const plugins = req.resolve<Map<string, LoadedPlugin>>('plugins');
      const kernel = plugins.get('kernel')!;
      return {
        status: 'ok',
        version: kernel.manifest.version,
        plugins: [...plugins.values()].map((p) => ({ id: p.manifest.id, version: p.manifest.version })),
      };
    },
  }),
  route({
    method: 'POST', path: '/auth/login', access: 'public', body: LoginBody, summary: 'Connexion',
    // the throttle's counters are written whatever the outcome; the session in its own transaction
    transactional: false,
    async handler(req) {
      const email = req.body.email.trim().toLowerCase();
      const limiter = req.resolve<LoginLimiter>('loginLimiter');
      const attempt = await withRetryAfter(req, () => limiter.begin(req.ip, email));
      const user = await req.unscoped(Users).findOneRaw({ email });
      // same work and same answer whether the e-mail exists or not
      const ok = user
        ? await verifyPassword(user.password, req.body.password)
        : (await verifyPassword(await dummyHash(), req.body.password), false);
      if (!user || !ok) {
        await attempt.failed();
        throw unauthenticated(WRONG);
      }
      await attempt.succeeded();
      return inOwnTransaction(req, async (x) => {
        const { token, session } = await openSession(x, user._id, req.headers['user-agent'] as string | undefined);
        const { password: _pw, ...shown } = user;
        void _pw;
        const companyId = activeCompanyOf(user, x.caller.companyId);
        const context = await sessionContext(x, shown as User, companyId);
        return { token, sessionId: session._id, expiration: session.expiration, ...context };
      });
    },
  }),
  route({
    method: 'POST', path: '/auth/logout', access: 'user', summary: 'Déconnexion (révoque la session)',
    async handler(req) {
      // an access token has no session to end: answering 204 would let its holder believe it dead
      if (!req.caller.sessionId) throw badRequest(ACCESS_TOKEN_LOGOUT);
      await revokeSession(req, req.caller.sessionId);
      return reply(204);
    },
  }),
  route({
    method: 'GET', path: '/auth/me', access: 'user', summary: 'Contexte de la session',
    async handler(req) {
      const user = await req.unscoped(Users).get(req.caller.userId!);
      const session = req.caller.sessionId ? await req.unscoped(Sessions).getRaw(req.caller.sessionId) : null;
      return meContext(req, user, activeCompanyOf(user, req.caller.companyId), session);
    },
  }),
];
