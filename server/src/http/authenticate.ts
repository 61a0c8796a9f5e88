/**
 * Who is calling, for which company, with which rights (API.md "Authentication and company"):
 * bearer token -> session (not revoked, not expired) -> user -> `AT-Company` (must be one of the
 * user's companies: 403 otherwise) -> roles active in that company -> permissions.
 */
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { Access, CallerInfo } from '@comptoir/sdk';
import { badRequest, forbidden, unauthenticated, isHttpError } from '@comptoir/sdk';
import { createRepository, type DataContext } from '../db/repository.ts';
import { Sessions, Users, Roles, AccessTokens } from '../kernel/entities.ts';
import { hashToken, looksLikeToken } from '../auth/tokens.ts';
import { isId } from '../util/ids.ts';
import type { Clock } from '../util/clock.ts';
import type { CataloguedPermission } from '../kernel/services/permission-catalogue.ts';

export interface Authenticator {
  authenticate(ctx: Koa.Context, access: Access): Promise<CallerInfo>;
}

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** How often `lastAction` is written: not on every request, to keep reads read-only. */
const LAST_ACTION_RESOLUTION_MS = 60_000;

export function systemData(db: Knex | Knex.Transaction, clock: Clock): DataContext {
  return { db, companyId: null, userId: null, now: () => clock.now(), emit: () => undefined };
}

/**
 * Roles active in a company: its company roles and the user's global roles. A company « god » role
 * grants every company-mode permission of that company; only a global god role grants everything,
 * including server-wide (global-mode) permissions.
 */
export async function rolesOf(
  db: Knex | Knex.Transaction, clock: Clock, user: Doc, companyId: string | null, catalogue: CataloguedPermission[],
) {
  const ids: string[] = (user.roles ?? []).filter(isId);
  const roles = (await createRepository<Doc>(Roles, systemData(db, clock), false).findByIds(ids))
    .filter((r) => r.mode === 'global' || (companyId !== null && r.fk?.company === companyId));
  const permissions = new Set<string>();
  for (const r of roles) for (const p of r.permissions ?? []) permissions.add(p);
  const globalGod = roles.some((r) => r.god === true && r.mode === 'global');
  const companyGod = roles.some((r) => r.god === true && r.mode !== 'global');
  if (companyGod) for (const p of catalogue) if (p.mode === 'company') permissions.add(p.sysName);
  return { roles, permissions, god: globalGod };
}

export function createAuthenticator(db: Knex, clock: Clock, catalogue: () => CataloguedPermission[]): Authenticator {
  const sessions = () => createRepository<Doc>(Sessions, systemData(db, clock), false);
  const users = () => createRepository<Doc>(Users, systemData(db, clock), false);

  async function bySessionToken(token: string) {
    const session = await sessions().findOneRaw({ tokenHash: hashToken(token) });
    if (!session) return null;
    const now = clock.now();
    if (session.revoked) throw unauthenticated('Session révoquée : reconnectez-vous.');
    if (new Date(session.expiration).getTime() <= now.getTime()) throw unauthenticated('Session expirée : reconnectez-vous.');
    if (!session.lastAction || now.getTime() - new Date(session.lastAction).getTime() > LAST_ACTION_RESOLUTION_MS) {
      await db(Sessions.table).where({ _id: session._id }).update({ lastAction: now.toISOString() });
    }
    return { session, userId: session.userId as string };
  }

  async function byAccessToken(token: string) {
    const at = await createRepository<Doc>(AccessTokens, systemData(db, clock), false).findOneRaw({ tokenHash: hashToken(token) });
    if (!at) return null;
    return { session: null, userId: at.generatedByUser as string };
  }

  return {
    async authenticate(ctx, access) {
      const headerCompany = ctx.get('AT-Company').trim().toLowerCase();
      if (headerCompany && !isId(headerCompany)) {
        throw badRequest(`En-tête AT-Company invalide : « ${headerCompany} » (identifiant de 24 caractères hexadécimaux attendu).`);
      }
      const auth = ctx.get('Authorization');
      const token = /^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? null;
      const anonymous: CallerInfo = { userId: null, sessionId: null, companyId: headerCompany || null, god: false, permissions: new Set() };
      if (access === 'public') {
        if (!token) return anonymous;
        // a stale token (expired, revoked, of another company) must not lock anyone out of the
        // public routes: a client still sending it can sign in again
        try {
          return await identify(ctx, token, headerCompany, access);
        } catch (e) {
          if (isHttpError(e) && (e.code === 'UNAUTHENTICATED' || e.code === 'FORBIDDEN')) return anonymous;
          throw e;
        }
      }
      if (!token) throw unauthenticated('Authentification requise : en-tête Authorization: Bearer manquant.');
      return identify(ctx, token, headerCompany, access);
    },
  };

  async function identify(ctx: Koa.Context, token: string, headerCompany: string, access: Access): Promise<CallerInfo> {
    if (!looksLikeToken(token)) throw unauthenticated('Jeton invalide.');
    const found = (await bySessionToken(token)) ?? (await byAccessToken(token));
    if (!found) throw unauthenticated('Jeton inconnu : reconnectez-vous.');
    const user = await users().findOne({ _id: found.userId });
    if (!user) throw unauthenticated('Utilisateur introuvable : reconnectez-vous.');
    const memberOf: string[] = user.fk?.companies ?? [];
    let companyId: string | null = headerCompany || null;
    if (companyId && !memberOf.includes(companyId)) {
      throw forbidden('Vous n’appartenez pas à cette entreprise.');
    }
    if (!companyId) {
      // no header: the user's active company, when still a member
      const preferred = user.settings?.activeCompanyId ?? null;
      companyId = preferred && memberOf.includes(preferred) ? preferred : null;
    }
    if (access === 'company' && !companyId) {
      throw badRequest('En-tête AT-Company manquant : indiquez l’entreprise active.');
    }
    const { permissions, god } = await rolesOf(db, clock, user, companyId, catalogue());
    ctx.state.session = found.session;
    ctx.state.user = user;
    return { userId: user._id, sessionId: found.session?._id ?? null, companyId, god, permissions };
  }
}
