/**
 * A user's notification preferences in the active company: for each kind they may receive (the
 * kind's permissions), whether it comes live (push), is kept in the centre (signal) and by e-mail.
 * Stored in `User.pushNotificationsSettings` (per company, or once for a global kind).
 */
import type { CallContext } from '@comptoir/sdk';
import { badRequest } from '@comptoir/sdk';
import type { NotificationPreference, NotificationPreferencesInput } from '@comptoir/schemas';
import { Users } from '../entities/platform.ts';
import { applyChoices, choicesOf, mayReceive, pushNotificationCatalogue, type CataloguedPushNotification } from './push-notification-catalogue.ts';

function receivable(ctx: CallContext): CataloguedPushNotification[] {
  return pushNotificationCatalogue(ctx).filter((k) => mayReceive(k, ctx.caller));
}

export async function preferencesOf(ctx: CallContext): Promise<NotificationPreference[]> {
  const user = await ctx.unscoped(Users).get(ctx.caller.userId!);
  const companyId = ctx.caller.companyId!;
  return receivable(ctx).map((k) => ({ ...k, ...choicesOf(user.pushNotificationsSettings, k, companyId) }));
}

export async function savePreferences(ctx: CallContext, input: NotificationPreferencesInput): Promise<NotificationPreference[]> {
  const kinds = new Map(receivable(ctx).map((k) => [k.sysName, k]));
  const changes = input.preferences.map((p, i) => {
    const kind = kinds.get(p.pushNotification);
    if (!kind) {
      const field = `preferences.${i}.pushNotification`;
      throw badRequest(`Préférences invalides — « ${field} » : type de notification inconnu (« ${p.pushNotification} »).`, [{ field, message: 'type de notification inconnu' }]);
    }
    return { kind, push: p.push, signal: p.signal, email: p.email };
  });
  const users = ctx.unscoped(Users);
  const user = await users.getRaw(ctx.caller.userId!);
  await users.update(user._id, { pushNotificationsSettings: applyChoices(user.pushNotificationsSettings, changes, ctx.caller.companyId!) });
  return preferencesOf(ctx);
}
