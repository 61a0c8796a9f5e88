/**
 * Notifications as spec 001 §3 describes them (Notification, NotificationChoice) with the spec's
 * defaults: type user, priority normal, style primary, liveOnly true, internal false, timeToLive
 * 60000 ms (§9). Live only for now: persisting them, push and e-mail come with a later issue.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, Str, Text, DateTime } from '@comptoir/schemas';
import { validate } from '../db/validation.ts';

export const NOTIFICATION_STYLES = ['primary', 'secondary', 'success', 'danger', 'warning', 'info', 'light', 'dark'] as const;
export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;
export const DEFAULT_TIME_TO_LIVE_MS = 60_000;

export const NotificationChoice = Type.Object({
  title: Str({ minLength: 1 }),
  /** address the choice calls or opens (the spec names its mode, not the field: ours) */
  url: Type.Optional(Str({ maxLength: 2048 })),
  urlMode: Str({ default: 'hidden' }),
  method: Type.Union(['get', 'post', 'put', 'delete'].map((m) => Type.Literal(m)), { default: 'get' }),
  headers: Type.Optional(Type.Record(Type.String({ maxLength: 255 }), Type.String({ maxLength: 4096 }))),
  clearNotificationForAll: Type.Boolean({ default: false }),
}, { additionalProperties: false });
export type NotificationChoice = Static<typeof NotificationChoice>;

/** What a caller of `notifier.notify` gives. */
export const NotificationInput = Type.Object({
  title: Str({ minLength: 1 }),
  content: Type.Optional(Text()),
  style: Type.Union(NOTIFICATION_STYLES.map((s) => Type.Literal(s)), { default: 'primary' }),
  priority: Type.Union(NOTIFICATION_PRIORITIES.map((p) => Type.Literal(p)), { default: 'normal' }),
  choices: Type.Array(NotificationChoice, { maxItems: 10, default: [] }),
  /** ms during which the shell shows it; 0 = until dismissed */
  timeToLive: Type.Integer({ minimum: 0, maximum: 7 * 24 * 3600 * 1000, default: DEFAULT_TIME_TO_LIVE_MS }),
}, { additionalProperties: false });
export type NotificationInput = {
  title: string;
  content?: string;
  style?: (typeof NOTIFICATION_STYLES)[number];
  priority?: (typeof NOTIFICATION_PRIORITIES)[number];
  choices?: Array<Partial<NotificationChoice> & { title: string }>;
  timeToLive?: number;
};

/** A notification as delivered. */
export const Notification = Type.Object({
  _id: Id(),
  type: Type.Literal('user'),
  title: Str(),
  content: Type.Optional(Text()),
  choices: Type.Array(NotificationChoice),
  priority: Type.String(),
  style: Type.String(),
  liveOnly: Type.Boolean(),
  internal: Type.Boolean(),
  timeToLive: Type.Integer(),
  /** sending user (null: the system) */
  sender: Nullable(Id()),
  date: DateTime(),
  /** recipient (null: every member of the company with an open session) */
  fk: Type.Object({ user: Nullable(Id()), company: Nullable(Id()) }),
});
export type Notification = Static<typeof Notification>;

/** Validates and fills the defaults of `input` (throws a French 400 naming the field). */
export function withDefaults(input: NotificationInput): Static<typeof NotificationInput> {
  const copy = structuredClone(input) as Record<string, unknown>;
  validate(NotificationInput, copy, { defaults: true, what: 'Notification invalide' });
  return copy as Static<typeof NotificationInput>;
}

export function buildNotification(
  input: Static<typeof NotificationInput>,
  at: { _id: string; date: Date; sender: string | null; user: string | null; company: string | null },
): Notification {
  return {
    _id: at._id,
    type: 'user',
    title: input.title,
    ...(input.content !== undefined ? { content: input.content } : {}),
    choices: structuredClone(input.choices),
    priority: input.priority,
    style: input.style,
    liveOnly: true,
    internal: false,
    timeToLive: input.timeToLive,
    sender: at.sender,
    date: at.date.toISOString(),
    fk: { user: at.user, company: at.company },
  };
}
