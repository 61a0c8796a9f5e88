/**
 * How one notification reaches one recipient: live (push), kept in the notification centre
 * (signal), by e-mail. Plain functions over plain data (the notifier gathers the data).
 *
 * - internal: live only, for the software (never kept, never e-mailed, never a toast);
 * - with a kind: the recipient's choices for that kind (else the kind's defaults), `liveOnly` of
 *   the input is then the recipient's business, not the sender's;
 * - without a kind: live, kept in the centre unless liveOnly, never e-mailed.
 */
import type { Notification, UserPushNotificationSetting } from '@comptoir/schemas';
import type { FilledInput } from './notification.ts';
import { choicesOf, type CataloguedPushNotification, type DeliveryChoices } from './push-notification-catalogue.ts';

/** live-only notifications stay usable (their choices) at least a day, or as long as their toast */
export const LIVE_ONLY_KEPT_MS = 24 * 3600 * 1000;

export function deliveryFor(
  input: FilledInput, kind: CataloguedPushNotification | null, settings: readonly UserPushNotificationSetting[] | undefined, companyId: string,
): DeliveryChoices | null {
  if (input.internal) return { push: true, signal: false, email: false };
  if (!kind) return { push: true, signal: !input.liveOnly, email: false };
  const choices = choicesOf(settings, kind, companyId);
  return choices.push || choices.signal || choices.email ? choices : null;
}

/** The refusal, in French, when a kind may not be addressed that way; null when it may. */
export function recipientRefusal(kind: CataloguedPushNotification | null, to: 'company' | 'users'): string | null {
  if (!kind) return null;
  if (kind.recipient === 'user' && to === 'company') return `les notifications « ${kind.name} » s’adressent à des personnes nommées, pas à toute l’entreprise`;
  if (kind.recipient === 'company' && to === 'users') return `les notifications « ${kind.name} » s’adressent à toute l’entreprise`;
  return null;
}

export interface RowAt {
  _id: string;
  batch: string;
  date: Date;
  sender: string | null;
  companyId: string;
  /** null: the whole company */
  user: string | null;
  type: 'user' | 'company';
}

export type NotificationRow = Omit<Notification, 'metadata'>;

/** The stored notification for one recipient (or the company): `signal` decides whether it is kept. */
export function notificationRow(input: FilledInput, kindName: string | null, signal: boolean, at: RowAt): NotificationRow {
  const liveOnly = !signal;
  const kept = Math.max(input.timeToLive, LIVE_ONLY_KEPT_MS);
  const date = at.date.toISOString();
  return {
    _id: at._id,
    type: at.type,
    title: input.title,
    ...(input.content !== undefined ? { content: input.content } : {}),
    choices: structuredClone(input.choices),
    priority: input.priority,
    style: input.style,
    liveOnly,
    internal: input.internal,
    timeToLive: input.timeToLive,
    sender: at.sender,
    date,
    kind: kindName,
    batch: at.batch,
    read: false,
    readDate: null,
    expiration: liveOnly ? new Date(at.date.getTime() + kept).toISOString() : null,
    fk: { company: at.companyId, user: at.user },
  };
}
