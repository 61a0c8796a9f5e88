/** Opening and revoking sessions (platform README « Sessions and access tokens »: 180 days from creation). */
import type { CallContext } from '@comptoir/sdk';
import { SESSION_DURATION_MS, type Session } from '@comptoir/schemas';
import { AccessTokens, Sessions } from '../../../entities/platform.ts';
import { newToken, hashToken } from '../../../auth/tokens.ts';
import { deviceInfo } from '../../../auth/device.ts';

export async function openSession(ctx: CallContext, userId: string, userAgent: string | undefined): Promise<{ token: string; session: Session }> {
  const token = newToken();
  const now = ctx.now;
  const session = await ctx.unscoped(Sessions).create({
    tokenHash: hashToken(token),
    userId,
    expiration: new Date(now.getTime() + SESSION_DURATION_MS).toISOString(),
    lastAction: now.toISOString(),
    deviceInfo: deviceInfo(userAgent),
    revoked: false,
  });
  return { token, session };
}

export async function revokeSession(ctx: CallContext, sessionId: string): Promise<Session> {
  return ctx.unscoped(Sessions).update(sessionId, { revoked: true, revokedAt: ctx.now.toISOString() });
}

/**
 * After a password change whoever knew the old password must lose what it gave them: every other
 * session of the user ends, and every access token of theirs is deleted (a token is a password
 * of its own, and one made by an intruder would otherwise outlive the change). The session that
 * made the change is kept (`keep`): the person is not signed out under their own hands. Each
 * change is an entity event, so every process's authentication cache forgets them.
 */
export async function revokeAfterPasswordChange(ctx: CallContext, userId: string, keep: string | null): Promise<{ sessions: number; accessTokens: number }> {
  const sessions = ctx.unscoped(Sessions);
  const open = await sessions.findMany({ userId, revoked: false });
  const others = open.filter((s) => s._id !== keep);
  for (const s of others) await revokeSession(ctx, s._id);
  const tokens = ctx.unscoped(AccessTokens);
  const owned = await tokens.findMany({ generatedByUser: userId });
  for (const t of owned) await tokens.remove(t._id);
  return { sessions: others.length, accessTokens: owned.length };
}
