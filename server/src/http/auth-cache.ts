/**
 * The per-process caches of the request layer (server/src/http/README.md « Authentication cache »):
 * who a bearer token is (session or access token, user, memberships, roles), and the user-property
 * definitions of each collection in each company. Both are forgotten, on every process, as soon as
 * a change they depend on is committed: `authChangeOf` names what an entity event makes stale; this
 * process applies it from the bus before the answer of the request that made the change, the
 * others from the fan-out (the bridge sends it as a `recheck`); with Redis, they read these caches
 * only after the fan-out's barrier (authenticate.ts), which passes once what was published before
 * the request arrived has been applied.
 */
import type { Knex } from 'knex';
import type { BusEvent } from '@comptoir/sdk';
import type { UserProp } from '@comptoir/schemas';
import { createForgetfulCache, type ForgetfulCache } from '../util/forgetful-cache.ts';
import { definitionsCache } from '../db/user-props.ts';
import { isId } from '../util/ids.ts';

/** What a committed change makes stale. */
export interface AuthChange {
  sessionId?: string;
  userId?: string;
  accessTokenId?: string;
  /** every identity holding this role */
  roleId?: string;
  /** every collection's user-property definitions */
  userProps?: boolean;
  /** everything */
  all?: boolean;
}

/** A role as authentication uses it. */
export interface RoleGrant {
  _id: string;
  mode?: string;
  god?: boolean;
  permissions?: string[];
  fk?: { company?: string | null };
}

export interface Rights { permissions: ReadonlySet<string>; god: boolean }

/** What a token stands for, as read from the database (never a refusal: those are not kept). */
export interface Identity {
  sessionId: string | null;
  accessTokenId: string | null;
  userId: string;
  /** the session's end (ms): checked against the clock on every request; null for an access token */
  expiresAt: number | null;
  /** the `lastAction` last written (ms), so that it is written at most once a minute */
  lastActionAt: number;
  companies: ReadonlySet<string>;
  activeCompanyId: string | null;
  /** the ids in the user's `roles`, found or not */
  roleIds: ReadonlySet<string>;
  roles: RoleGrant[];
  /** rights per company (`''`: no company), computed on first use */
  rights: Map<string, Rights>;
}

export const IDENTITY_TTL_MS = 30_000;

export function authChangeOf(e: BusEvent): AuthChange | null {
  const p = e.payload as { _id?: unknown; entity?: unknown } | null;
  if (!p || typeof p !== 'object' || !isId(p._id) || typeof p.entity !== 'string') return null;
  // a creation changes nothing anyone holds (a new session is found by its token; a new role is granted by a user update)
  const changed = e.name.endsWith('.updated') || e.name.endsWith('.deleted');
  switch (p.entity) {
    case 'kernel.sessions': return changed ? { sessionId: p._id } : null;
    case 'kernel.users': return changed ? { userId: p._id } : null;
    // its owner's sockets are checked again (only the owner deletes a token)
    case 'kernel.access-tokens': return changed ? { accessTokenId: p._id, ...(e.userId ? { userId: e.userId } : {}) } : null;
    case 'kernel.roles': return changed ? { roleId: p._id } : null;
    case 'kernel.user-props': return { userProps: true };
    // nothing of it feeds authentication today; it changes seldom, so forgetting everything is free
    case 'kernel.server-settings': return { all: true };
    default: return null;
  }
}

function concerns(change: AuthChange, i: Identity): boolean {
  return (change.sessionId !== undefined && i.sessionId === change.sessionId)
    || (change.userId !== undefined && i.userId === change.userId)
    || (change.accessTokenId !== undefined && i.accessTokenId === change.accessTokenId)
    || (change.roleId !== undefined && i.roleIds.has(change.roleId));
}

export interface RequestCaches {
  identities: ForgetfulCache<Identity>;
  definitions: ForgetfulCache<UserProp[]>;
  forget(change: AuthChange): void;
  /** false: invalidations may be lost or late (Redis subscription down or not answering), nothing is served from memory */
  link(up: boolean): void;
}

export function createRequestCaches(db: Knex): RequestCaches {
  const identities = createForgetfulCache<Identity>({
    max: 5_000,
    ttlMs: IDENTITY_TTL_MS,
    // a user of 100 000 companies weighs 100 000: a few such accounts, not 5 000, fit in memory
    maxSize: 200_000,
    sizeOf: (i) => 1 + i.companies.size + i.roles.reduce((n, r) => n + (r.permissions?.length ?? 0), 0),
  });
  const definitions = definitionsCache(db);
  return {
    identities,
    definitions,
    forget(change) {
      if (change.all) identities.forget();
      else if (change.sessionId || change.userId || change.accessTokenId || change.roleId) identities.forget((i) => concerns(change, i));
      if (change.all || change.userProps) definitions.forget();
    },
    link(up) {
      identities.pause(!up);
      definitions.pause(!up);
    },
  };
}
