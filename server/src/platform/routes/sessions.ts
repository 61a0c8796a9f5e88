/** /api/kernel/sessions and /api/kernel/access-tokens: the signed-in user's own. */
import { Type } from '@sinclair/typebox';
import { route, reply, forbidden, notFound, type RouteDefinition } from '@comptoir/sdk';
import { Str, Id, Nullable } from '@comptoir/schemas';
import type { Knex } from 'knex';
import { Sessions, AccessTokens } from '../../entities/platform.ts';
import { listEntity } from '../../db/repository.ts';
import { revokeSession } from '../services/users/sessions.ts';
import { sessionLabel } from '../../auth/device.ts';
import { newToken, hashToken } from '../../auth/tokens.ts';

const TokenBody = Type.Object({
  name: Str({ minLength: 1 }),
  fk: Type.Optional(Type.Object({ linkedObject: Type.Optional(Nullable(Id())) }, { additionalProperties: false })),
}, { additionalProperties: false });

export const TOKEN_FROM_TOKEN = 'Un jeton d’accès ne peut pas créer d’autres jetons : connectez-vous avec votre mot de passe pour en créer un.';

export const sessionRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/sessions', access: 'user', summary: 'Mes sessions',
    async handler(req) {
      const db = req.resolve<Knex>('db');
      const page = await listEntity<Record<string, unknown>>(db, Sessions, req.query as never, (qb) => qb.where(`${Sessions.table}.userId`, req.caller.userId!));
      return {
        ...page,
        data: page.data.map((s) => ({ ...s, label: sessionLabel(s as never), current: s._id === req.caller.sessionId })),
      };
    },
  }),
  route({
    method: 'DELETE', path: '/kernel/sessions/:id', access: 'user', summary: 'Révoquer une de mes sessions',
    async handler(req) {
      const s = await req.unscoped(Sessions).findOne({ _id: req.params.id, userId: req.caller.userId! });
      if (!s) throw notFound('Session introuvable.');
      await revokeSession(req, s._id);
      return reply(204);
    },
  }),
  route({
    method: 'GET', path: '/kernel/access-tokens', access: 'user', summary: 'Mes jetons d’accès',
    handler: (req) => listEntity(req.resolve<Knex>('db'), AccessTokens, req.query as never,
      (qb) => qb.where(`${AccessTokens.table}.generatedByUser`, req.caller.userId!)),
  }),
  route({
    method: 'POST', path: '/kernel/access-tokens', access: 'user', body: TokenBody, status: 201,
    summary: 'Créer un jeton d’accès (affiché une seule fois)',
    async handler(req) {
      // a token minting tokens would make a stolen one immortal: deleting it would not be enough
      if (!req.caller.sessionId) throw forbidden(TOKEN_FROM_TOKEN);
      const token = newToken();
      const created = await req.unscoped(AccessTokens).create({
        name: req.body.name, generatedByUser: req.caller.userId, tokenHash: hashToken(token),
        fk: { linkedObject: req.body.fk?.linkedObject ?? null },
      });
      return { ...created, token };
    },
  }),
  route({
    method: 'DELETE', path: '/kernel/access-tokens/:id', access: 'user', summary: 'Supprimer un de mes jetons',
    async handler(req) {
      const t = await req.unscoped(AccessTokens).findOne({ _id: req.params.id, generatedByUser: req.caller.userId! });
      if (!t) throw notFound('Jeton introuvable.');
      await req.unscoped(AccessTokens).remove(t._id);
      return reply(204);
    },
  }),
];
