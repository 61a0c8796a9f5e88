/**
 * The session context of http README « Authentication and company »: what login answers (user, company, companySettings, profile,
 * roles) and what `/api/auth/me` answers (plus session and server settings).
 */
import type { CallContext } from '@comptoir/sdk';
import type { User, Session } from '@comptoir/schemas';
import { Roles } from '../../../entities/platform.ts';
import { companyContext } from '../companies/companies.ts';
import { getServerSettings } from '../companies/server-settings.ts';
import { sessionLabel } from '../../../auth/device.ts';
import { isId } from '../../../util/ids.ts';

export function activeCompanyOf(user: User, requested?: string | null): string | null {
  const member = user.fk?.companies ?? [];
  if (requested && member.includes(requested)) return requested;
  const preferred = user.settings?.activeCompanyId;
  if (preferred && member.includes(preferred)) return preferred;
  return member[0] ?? null;
}

export async function sessionContext(ctx: CallContext, user: User, companyId: string | null) {
  const ids = (user.roles ?? []).filter(isId);
  const roles = (await ctx.unscoped(Roles).findByIds(ids))
    .filter((r) => r.mode === 'global' || (companyId !== null && r.fk.company === companyId));
  const { company, companySettings, profile } = await companyContext(ctx, user, companyId);
  return { user, company, companySettings, profile, roles };
}

export async function meContext(ctx: CallContext, user: User, companyId: string | null, session: Session | null) {
  const base = await sessionContext(ctx, user, companyId);
  const serverSettings = await getServerSettings(ctx);
  const { tokenHash: _hidden, ...shownSession } = (session ?? {}) as Session;
  void _hidden;
  return {
    ...base,
    session: session ? { ...shownSession, label: sessionLabel(session) } : null,
    serverSettings,
    permissions: [...ctx.caller.permissions].sort(),
    god: ctx.caller.god,
  };
}
