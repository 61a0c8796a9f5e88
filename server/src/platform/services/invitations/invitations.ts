/**
 * Invitations (platform README « Invitations »): the link's secret key, the roles they grant, whether one may
 * still be used, and the usage counter. Plain rules first (tested directly), then the few reads
 * and writes that need the database.
 *
 * Decisions are race-free: every path that decides on the invitation (a person joining, an
 * administrator accepting or refusing a request, changing `maxUsage`, `active` or the roles,
 * drawing a new link, sending it, deleting the invitation) first locks the invitation's row
 * (`lockInvitation`), then reads it again. Concurrent uses therefore queue on the row and each
 * sees what the previous one left (test/integration/kernel-invitations-race.test.ts, MariaDB).
 */
import type { CallContext } from '@comptoir/sdk';
import { badRequest, conflict, isHttpError, notFound } from '@comptoir/sdk';
import type { Invitation } from '@comptoir/schemas';
import { Invitations, Roles } from '../../../entities/platform.ts';
import { hashToken, newToken } from '../../../auth/tokens.ts';

export const INVITATION_NOT_FOUND = 'Invitation introuvable : le lien est incorrect, ou il a été remplacé par un nouveau lien.';

/** A new secret for the link (256 random bits) and the hash that is stored. */
export function drawKey(): { key: string; keyHash: string } {
  const key = newToken();
  return { key, keyHash: hashToken(key) };
}

export const keyHashOf = hashToken;

/** 0 means unlimited (maxUsage defaults to 0, platform README « Platform rules and constants »). */
export function hasRoom(inv: Pick<Invitation, 'maxUsage' | 'currentUsageCount'>): boolean {
  return inv.maxUsage === 0 || inv.currentUsageCount < inv.maxUsage;
}

/** Why nobody may use the invitation now (French, for the person holding the link), or null. */
export function unusableReason(inv: Pick<Invitation, 'active' | 'maxUsage' | 'currentUsageCount'>): string | null {
  if (!inv.active) return 'Cette invitation n’est plus active : demandez un nouveau lien à l’entreprise.';
  if (!hasRoom(inv)) return 'Cette invitation a déjà été utilisée le nombre de fois prévu : demandez un nouveau lien à l’entreprise.';
  return null;
}

/** Only roles of the invitation's company may be granted through it. */
export async function assertCompanyRoles(ctx: CallContext, ids: string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const found = await ctx.repo(Roles).findByIds(ids);
  if (found.length !== new Set(ids).size) {
    throw badRequest('Rôle inconnu dans cette entreprise.', [{ field: 'fk.roles', message: 'rôle inconnu' }]);
  }
}

/** The roles an invitation still grants (a role deleted since is skipped), for `companyId`. */
export async function grantedRoles(ctx: CallContext, inv: Invitation): Promise<{ _id: string; name: string }[]> {
  const roles = await ctx.unscoped(Roles).findByIds(inv.fk.roles ?? []);
  return roles.filter((r) => r.fk.company === inv.fk.company).map((r) => ({ _id: r._id, name: r.name }));
}

/** The invitation a link opens, in any company (the caller is usually not a member yet). */
export async function findByKey(ctx: CallContext, key: string): Promise<Invitation> {
  const inv = await ctx.unscoped(Invitations).findOne({ keyHash: keyHashOf(key) });
  if (!inv) throw notFound(INVITATION_NOT_FOUND);
  return inv;
}

/**
 * Locks the invitation's row until the end of the transaction (`getForUpdate`: `SELECT … FOR
 * UPDATE` on MariaDB, SQLite has one writer) and answers it as now committed. Call before reading
 * anything the decision depends on (counter, key, roles, requests, membership).
 */
export async function lockInvitation(ctx: CallContext, id: string): Promise<Invitation> {
  try {
    return await ctx.unscoped(Invitations).getForUpdate(id) as Invitation;
  } catch (e) {
    if (isHttpError(e) && e.status === 404) throw notFound(INVITATION_NOT_FOUND);
    throw e;
  }
}

/**
 * One more person joined: the counter goes up by one, or a 409 when the limit is reached. The
 * invitation must have been locked by `lockInvitation` in this transaction.
 */
export async function takeUsage(ctx: CallContext, locked: Invitation, refusal: string): Promise<Invitation> {
  if (!hasRoom(locked)) throw conflict(refusal, [{ field: 'maxUsage', message: `${locked.maxUsage} utilisation(s) au plus` }]);
  return ctx.unscoped(Invitations).update(locked._id, { currentUsageCount: locked.currentUsageCount + 1 }) as Promise<Invitation>;
}

/** `maxUsage` may not go under the number of people who already joined (0 stays unlimited). */
export function assertMaxUsage(maxUsage: number | undefined, locked: Invitation): void {
  if (maxUsage === undefined || maxUsage === 0 || maxUsage >= locked.currentUsageCount) return;
  throw badRequest(
    `Le nombre maximal d’utilisations ne peut pas être inférieur au nombre de personnes déjà entrées (${locked.currentUsageCount}).`,
    [{ field: 'maxUsage', message: `au moins ${locked.currentUsageCount}` }],
  );
}
