/**
 * The `notifier` service (kernel export: any plugin resolves `kernel.notifier`). It builds the
 * notifications now and queues them on the call as a bus event, so they are delivered only after the
 * transaction commits, like entity events; a rolled-back call delivers nothing. The hub's bridge
 * turns that event into deliveries to the open sockets of the recipients in the caller's company.
 */
import type { CallContext } from '@comptoir/sdk';
import { badRequest } from '@comptoir/sdk';
import { isId, newId } from '../util/ids.ts';
import { buildNotification, withDefaults, type Notification, type NotificationInput } from './notification.ts';

/** Bus event carrying live notifications; payload `NotificationSent`. */
export const NOTIFICATION_EVENT = 'kernel.notification.sent';

export interface NotificationSent {
  notifications: Notification[];
}

export interface Notifier {
  /**
   * Sends `notification` live to `userIds` (or every member with an open session: `'company'`) in
   * the caller's company, after commit. Answers the notifications as they will be delivered (one
   * per recipient, or one for the company). Async: persistence will come behind the same call.
   */
  notify(userIds: string[] | 'company', notification: NotificationInput): Promise<Notification[]>;
}

export function notifier(ctx: CallContext): Notifier {
  return {
    async notify(userIds, input) {
      const companyId = ctx.caller.companyId;
      const n = withDefaults(input);
      const at = (user: string | null) => buildNotification(n, {
        _id: newId(), date: ctx.now, sender: ctx.caller.userId, user, company: companyId,
      });
      let notifications: Notification[];
      if (userIds === 'company') {
        if (!companyId) throw new Error('notifier.notify(\'company\') needs a call with an active company');
        notifications = [at(null)];
      } else {
        if (!Array.isArray(userIds)) throw badRequest('Destinataires invalides : une liste d’identifiants ou « company » est attendue.');
        const ids = [...new Set(userIds.map((u) => (typeof u === 'string' ? u.toLowerCase() : u)))];
        const wrong = ids.find((u) => !isId(u));
        if (wrong !== undefined) {
          throw badRequest(`Destinataire invalide : « ${String(wrong)} » (24 caractères hexadécimaux attendus).`, [{ field: 'userIds', message: 'identifiant invalide' }]);
        }
        notifications = ids.map((u) => at(u));
      }
      if (notifications.length) ctx.emit(NOTIFICATION_EVENT, { notifications } satisfies NotificationSent);
      return structuredClone(notifications);
    },
  };
}
