/**
 * Bus events about notifications (published after the commit of the call that caused them), which
 * the bridge turns into messages for the recipients' sockets only. The repository's own
 * `kernel.notification.created|updated|deleted` are not forwarded: they would reach the whole company.
 */
import type { LiveNotification } from '@comptoir/sdk';

/** Notifications sent; payload `NotificationSent`. */
export const NOTIFICATION_EVENT = 'kernel.notification.sent';
/** Notifications removed (dismissed, or cleared for everyone); payload `NotificationsTouched`. */
export const NOTIFICATIONS_CLEARED_EVENT = 'kernel.notification.cleared';
/** Notifications marked read or unread; payload `NotificationsTouched`. */
export const NOTIFICATIONS_READ_EVENT = 'kernel.notification.read';

export interface NotificationSent {
  notifications: LiveNotification[];
  /** ids kept in the centre without a live toast (the recipient turned « push » off): a refresh of the bell only */
  quiet?: string[];
}

export interface NotificationsTouched {
  notifications: Array<{ _id: string; fk: { user: string | null; company: string } }>;
}
