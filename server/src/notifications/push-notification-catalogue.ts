/**
 * The kinds of notifications every loaded plugin declares (schemas README
 * « PushNotification setting »), served from code like the permission catalogue, and how one user chose to receive
 * each kind (`User.pushNotificationsSettings`): the kind's flags stand for a user who never chose.
 */
import type { CallContext, PushNotificationDefinition } from '@comptoir/sdk';
import { PushNotification, type UserPushNotificationSetting } from '@comptoir/schemas';
import { validate } from '../db/validation.ts';
import type { LoadedPlugin } from '../plugins/call.ts';

export type CataloguedPushNotification = PushNotification & { plugin: string };

export interface DeliveryChoices { push: boolean; signal: boolean; email: boolean }

/** A declaration with the spec's defaults (recipient any, mode company, flags true); throws a French 400 when invalid. */
export function withPushDefaults(def: PushNotificationDefinition): PushNotification {
  const copy = structuredClone(def) as unknown as Record<string, unknown>;
  validate(PushNotification, copy, { defaults: true, what: `Type de notification « ${def?.sysName ?? '?'} » invalide` });
  return copy as PushNotification;
}

const filled = new WeakMap<PushNotificationDefinition, PushNotification>();

export function pushCatalogueOf(plugins: Iterable<LoadedPlugin>): CataloguedPushNotification[] {
  return [...plugins].flatMap((p) => (p.def.pushNotifications ?? []).map((d) => {
    let kind = filled.get(d);
    if (!kind) { kind = withPushDefaults(d); filled.set(d, kind); }
    return { ...kind, permissions: [...kind.permissions], plugin: p.def.id };
  }));
}

export function pushNotificationCatalogue(ctx: CallContext): CataloguedPushNotification[] {
  return pushCatalogueOf(ctx.resolve<Map<string, LoadedPlugin>>('plugins').values());
}

/** The user's setting for `kind` in `companyId` (per company, or one for all with mode global). */
export function settingOf(
  settings: readonly UserPushNotificationSetting[] | undefined, kind: Pick<PushNotification, 'sysName' | 'mode'>, companyId: string,
): UserPushNotificationSetting | undefined {
  return (settings ?? []).find((s) => s.pushNotification === kind.sysName
    && (kind.mode === 'global' ? !s.companyId : s.companyId === companyId));
}

/** How `kind` reaches this user in `companyId`: their choices, else the kind's defaults. */
export function choicesOf(
  settings: readonly UserPushNotificationSetting[] | undefined, kind: PushNotification, companyId: string,
): DeliveryChoices {
  const s = settingOf(settings, kind, companyId);
  return { push: s?.push ?? kind.push, signal: s?.signal ?? kind.signal, email: s?.email ?? kind.email };
}

/**
 * The settings once `changes` are applied: one entry per (kind, company) — companyId null for a
 * global kind — keeping the other kinds and the other companies' choices untouched.
 */
export function applyChoices(
  settings: readonly UserPushNotificationSetting[] | undefined,
  changes: Array<{ kind: PushNotification } & Partial<DeliveryChoices>>,
  companyId: string,
): UserPushNotificationSetting[] {
  const out = (settings ?? []).map((s) => ({ ...s }));
  for (const { kind, ...flags } of changes) {
    const current = choicesOf(out, kind, companyId);
    const next = {
      push: flags.push ?? current.push, signal: flags.signal ?? current.signal, email: flags.email ?? current.email,
    };
    const existing = settingOf(out, kind, companyId);
    if (existing) Object.assign(existing, next);
    else {
      out.push({
        pushNotification: kind.sysName, ...next, browserSessions: [], companyId: kind.mode === 'global' ? null : companyId,
      });
    }
  }
  return out;
}

/** Whether someone holding `permissions` (or god) may receive `kind`. */
export function mayReceive(kind: PushNotification, grants: { god: boolean; permissions: ReadonlySet<string> }): boolean {
  return grants.god || kind.permissions.every((p) => grants.permissions.has(p));
}

/** The kernel's own kinds. */
export const KERNEL_PUSH_NOTIFICATIONS: PushNotificationDefinition[] = [
  {
    sysName: 'kernel.messages', category: 'Équipe', name: 'Messages de l’équipe',
    description: 'Notifications envoyées par un membre de l’entreprise.',
  },
];
