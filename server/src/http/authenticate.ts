/**
 * Who is calling, for which company, with which rights (http README « Authentication and company »):
 * bearer token -> session (not revoked, not expired) -> user -> `AT-Company` (must be one of the
 * user's companies: 403 otherwise) -> roles active in that company -> permissions.
 * What the database says about a token is kept in a per-process cache, forgotten on every change
 * it depends on (auth-cache.ts, server/src/http/README.md); expiry is checked on each request.
 * With several processes, a read from that cache waits for the fan-out's barrier first.
 */
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { Access, CallerInfo } from '@comptoir/sdk';
import { badRequest, forbidden, unauthenticated, isHttpError } from '@comptoir/sdk';
import { createRepository, type DataContext } from '../db/repository.ts';
import { Sessions, Users, Roles, AccessTokens } from '../entities/platform.ts';
import { hashToken, looksLikeToken } from '../auth/tokens.ts';
import { RIGHTS_OF_HEADER } from '@comptoir/schemas';
import { isId } from '../util/ids.ts';
import type { Clock } from '../util/clock.ts';
import type { CataloguedPermission } from '../auth/permission-catalogue.ts';
import type { ForgetfulCache } from '../util/forgetful-cache.ts';
import type { Identity, RoleGrant, Rights } from './auth-cache.ts';

export interface AuthenticateOptions {
  /** read the database, not the cache: requests that write, and sockets (server/src/http/README.md) */
  fresh?: boolean;
}

export interface Authenticator {
  authenticate(ctx: Koa.Context, access: Access, options?: AuthenticateOptions): Promise<CallerInfo>;
}

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** How often `lastAction` is written: not on every request, to keep reads read-only. */
const LAST_ACTION_RESOLUTION_MS = 60_000;

export function systemData(db: Knex | Knex.Transaction, clock: Clock): DataContext {
  return { db, companyId: null, userId: null, now: () => clock.now(), emit: () => undefined };
}

/**
 * Rights in a company from the user's roles: its company roles and the user's global roles. A
 * company « god » role grants every company-mode permission of that company; only a global god
 * role grants everything, including server-wide (global-mode) permissions.
 */
export function rightsIn(all: RoleGrant[], companyId: string | null, catalogue: CataloguedPermission[]) {
  const roles = all.filter((r) => r.mode === 'global' || (companyId !== null && r.fk?.company === companyId));
  const permissions = new Set<string>();
  for (const r of roles) for (const p of r.permissions ?? []) permissions.add(p);
  const globalGod = roles.some((r) => r.god === true && r.mode === 'global');
  const companyGod = roles.some((r) => r.god === true && r.mode !== 'global');
  if (companyGod) for (const p of catalogue) if (p.mode === 'company') permissions.add(p.sysName);
  return { roles, permissions, god: globalGod };
}

function rolesOfUser(db: Knex | Knex.Transaction, clock: Clock, user: Doc): Promise<RoleGrant[]> {
  const ids: string[] = (user.roles ?? []).filter(isId);
  return createRepository<RoleGrant>(Roles, systemData(db, clock), false).findByIds(ids);
}

/** Roles and rights of a user in a company, read now (notifications, `AT-Rights-Of`). */
export async function rolesOf(
  db: Knex | Knex.Transaction, clock: Clock, user: Doc, companyId: string | null, catalogue: CataloguedPermission[],
) {
  return rightsIn(await rolesOfUser(db, clock, user), companyId, catalogue);
}

/**
 * `barrier` (the Redis fan-out's, realtime/fanout.ts): true once every invalidation published before
 * the call has reached this process's caches; false when that cannot be known. Null: one process,
 * where the bus forgets before the answer of the request that made the change.
 */
export function createAuthenticator(
  db: Knex, clock: Clock, catalogue: () => CataloguedPermission[], cache: ForgetfulCache<Identity> | null = null,
  barrier: (() => Promise<boolean>) | null = null,
): Authenticator {
  const sessions = () => createRepository<Doc>(Sessions, systemData(db, clock), false);
  const users = () => createRepository<Doc>(Users, systemData(db, clock), false);

  /** The token's session or access token, its user and roles; refusals are thrown, never kept. */
  async function load(tokenHash: string): Promise<Identity> {
    const session = await sessions().findOneRaw({ tokenHash });
    let userId: string | null;
    let accessTokenId: string | null = null;
    if (session) {
      if (session.revoked) throw unauthenticated('Session révoquée : reconnectez-vous.');
      userId = session.userId;
    } else {
      const at = await createRepository<Doc>(AccessTokens, systemData(db, clock), false).findOneRaw({ tokenHash });
      if (!at) throw unauthenticated('Jeton inconnu : reconnectez-vous.');
      ({ _id: accessTokenId, generatedByUser: userId } = at);
    }
    const expiresAt = session ? new Date(session.expiration).getTime() : null;
    // expired: refused before the user is read, as it always was
    if (expiresAt !== null && expiresAt <= clock.now().getTime()) throw unauthenticated('Session expirée : reconnectez-vous.');
    const user = await users().findOne({ _id: userId });
    if (!user) throw unauthenticated('Utilisateur introuvable : reconnectez-vous.');
    return {
      sessionId: session?._id ?? null,
      accessTokenId,
      userId: user._id,
      expiresAt,
      lastActionAt: session?.lastAction ? new Date(session.lastAction).getTime() : 0,
      companies: new Set(user.fk?.companies ?? []),
      activeCompanyId: user.settings?.activeCompanyId ?? null,
      roleIds: new Set((user.roles ?? []).filter(isId)),
      roles: await rolesOfUser(db, clock, user),
      rights: new Map(),
    };
  }

  /** From the database, kept unless something was forgotten meanwhile. */
  async function fill(tokenHash: string): Promise<Identity> {
    // taken before reading: a change committed meanwhile makes `set` drop this (older) state
    const ticket = cache?.ticket() ?? 0;
    const identity = await load(tokenHash);
    cache?.set(tokenHash, identity, ticket);
    return identity;
  }

  async function identityOf(token: string, fresh: boolean): Promise<Identity> {
    const tokenHash = hashToken(token);
    if (fresh || !cache) return fill(tokenHash);
    if (!barrier) return cache.get(tokenHash) ?? fill(tokenHash);
    // Another process may have committed a change, and answered the client who then sent this
    // request, before this process read the invalidation: asked now, after this request arrived,
    // the barrier passes once every invalidation published so far has been applied here. Awaited
    // on a miss too (beside the database read), for the user-property definitions this request
    // may read from memory next.
    const synced = barrier().catch(() => false);
    if (!cache.get(tokenHash)) {
      const [identity] = await Promise.all([fill(tokenHash), synced]);
      return identity;
    }
    // read again after the barrier: the entry may be what it made this process forget
    const hit = (await synced) ? cache.get(tokenHash) : undefined;
    return hit ?? fill(tokenHash);
  }

  /** Expiry against the clock on every request; `lastAction` written at most once a minute. */
  async function checkSession(i: Identity) {
    if (i.sessionId === null) return;
    const now = clock.now().getTime();
    if (i.expiresAt !== null && i.expiresAt <= now) throw unauthenticated('Session expirée : reconnectez-vous.');
    if (now - i.lastActionAt > LAST_ACTION_RESOLUTION_MS) {
      i.lastActionAt = now;
      await db(Sessions.table).where({ _id: i.sessionId }).update({ lastAction: new Date(now).toISOString() });
    }
  }

  function rightsOf(i: Identity, companyId: string | null): Rights {
    const key = companyId ?? '';
    let r = i.rights.get(key);
    if (!r) {
      const { permissions, god } = rightsIn(i.roles, companyId, catalogue());
      r = { permissions, god };
      i.rights.set(key, r);
    }
    return r;
  }

  return {
    async authenticate(ctx, access, options = {}) {
      const headerCompany = ctx.get('AT-Company').trim().toLowerCase();
      if (headerCompany && !isId(headerCompany)) {
        throw badRequest(`En-tête AT-Company invalide : « ${headerCompany} » (identifiant de 24 caractères hexadécimaux attendu).`);
      }
      const auth = ctx.get('Authorization');
      const token = /^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? null;
      const anonymous: CallerInfo = { userId: null, sessionId: null, companyId: headerCompany || null, god: false, permissions: new Set() };
      const fresh = options.fresh === true;
      if (access === 'public') {
        if (!token) return anonymous;
        // a stale token (expired, revoked, of another company) must not lock anyone out of the
        // public routes: a client still sending it can sign in again
        try {
          return await identify(ctx, token, headerCompany, access, fresh);
        } catch (e) {
          if (isHttpError(e) && (e.code === 'UNAUTHENTICATED' || e.code === 'FORBIDDEN')) return anonymous;
          throw e;
        }
      }
      if (!token) throw unauthenticated('Authentification requise : en-tête Authorization: Bearer manquant.');
      return identify(ctx, token, headerCompany, access, fresh);
    },
  };

  async function identify(ctx: Koa.Context, token: string, headerCompany: string, access: Access, fresh: boolean): Promise<CallerInfo> {
    if (!looksLikeToken(token)) throw unauthenticated('Jeton invalide.');
    const identity = await identityOf(token, fresh);
    await checkSession(identity);
    let companyId: string | null = headerCompany || null;
    if (companyId && !identity.companies.has(companyId)) {
      throw forbidden('Vous n’appartenez pas à cette entreprise.');
    }
    if (!companyId) {
      // no header: the user's active company, when still a member
      const preferred = identity.activeCompanyId;
      companyId = preferred && identity.companies.has(preferred) ? preferred : null;
    }
    if (access === 'company' && !companyId) {
      throw badRequest('En-tête AT-Company manquant : indiquez l’entreprise active.');
    }
    let { permissions, god } = rightsOf(identity, companyId);
    const rightsOfHeader = ctx.get(RIGHTS_OF_HEADER).trim().toLowerCase();
    if (rightsOfHeader) ({ permissions, god } = await narrowed({ permissions, god }, rightsOfHeader, companyId));
    return { userId: identity.userId, sessionId: identity.sessionId, companyId, god, permissions };
  }

  /**
   * `AT-Rights-Of: <userId>` (the call back of a notification choice sent through the API): the
   * request may do only what both the caller and that user may do in the company. It can only
   * take rights away, so a client sending it itself gains nothing.
   */
  async function narrowed(own: Rights, otherId: string, companyId: string | null): Promise<Rights> {
    if (!isId(otherId)) throw badRequest(`En-tête ${RIGHTS_OF_HEADER} invalide : identifiant de 24 caractères hexadécimaux attendu.`);
    const other = await users().findOne({ _id: otherId });
    if (!companyId || !other || !(other.fk?.companies ?? []).includes(companyId)) {
      throw forbidden('L’auteur de cette action n’appartient plus à cette entreprise.');
    }
    const theirs = await rolesOf(db, clock, other, companyId, catalogue());
    if (own.god) return { permissions: theirs.permissions, god: theirs.god };
    if (theirs.god) return own;
    return { permissions: new Set([...own.permissions].filter((p) => theirs.permissions.has(p))), god: false };
  }
}
