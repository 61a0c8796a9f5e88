/**
 * Notifications (schemas README « Notification »): a message for a user (or every member of a
 * company), shown live and, unless `liveOnly`, kept in the user's notification centre until
 * dismissed. Defaults of the spec: type user, priority normal, style primary, liveOnly true,
 * internal false, timeToLive 60000 ms; a choice: urlMode hidden, method get.
 *
 * Values the spec does not list are ours (see server/src/notifications/README.md): the styles, the
 * priorities, the url modes, the methods, and the fields after « ours » below.
 */
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { DateTime, Entity, Id, Nullable, Str, Text } from '../kinds.ts';
import { StrEnum } from './str-enum.ts';
import { withDefault } from './with-default.ts';

/** user: addressed to named users; company: to every member of the company. */
export const NOTIFICATION_TYPES = ['user', 'company'] as const;
export const NOTIFICATION_STYLES = ['primary', 'secondary', 'success', 'danger', 'warning', 'info', 'light', 'dark'] as const;
export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;
/**
 * hidden: the server calls `url` back (method, headers) as the user who clicks, who stays where
 * they are; navigate: the shell opens `url` (one of its own paths); blank: `url` in a new tab.
 */
export const CHOICE_URL_MODES = ['hidden', 'navigate', 'blank'] as const;
export const CHOICE_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** 60 s (platform README « Platform rules and constants »). */
export const DEFAULT_TIME_TO_LIVE_MS = 60_000;
/** a toast stays at most a week (0 = until closed) */
export const MAX_TIME_TO_LIVE_MS = 7 * 24 * 3600 * 1000;
export const MAX_CHOICES = 10;

/**
 * A request carrying this header (a user id) is bound by that user's rights in the company as well
 * as the caller's: the call back of a choice sent through the API carries its sender's id, so that
 * clicking it can do nothing its sender could not do (server/src/http/authenticate.ts).
 */
export const RIGHTS_OF_HEADER = 'AT-Rights-Of';

/** Header names a choice may not set: the call is made as the clicking user, by the server. */
export const FORBIDDEN_CHOICE_HEADERS = [
  'authorization', 'at-company', 'at-rights-of', 'cookie', 'host', 'content-length', 'transfer-encoding', 'connection',
  'upgrade', 'te', 'trailer', 'keep-alive', 'proxy-authorization', 'proxy-connection', 'expect',
] as const;

const choiceFields = {
  title: Str({ minLength: 1 }),
  /** the address the choice calls or opens (the spec names its mode and method, not the field: ours) */
  url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
  urlMode: StrEnum(CHOICE_URL_MODES, { default: 'hidden' }),
  method: StrEnum(CHOICE_METHODS, { default: 'get' }),
  /** sent with the call back (hidden mode); never shown to the browser */
  headers: Type.Record(
    Type.String({ pattern: '^[A-Za-z0-9!#$%&\'*+.^_`|~-]{1,100}$' }),
    // no line break nor other control character (a tab is allowed, as in HTTP)
    Type.String({ maxLength: 4096, pattern: '^[^\\u0000-\\u0008\\u000a-\\u001f\\u007f]*$' }),
    { default: {}, maxProperties: 20, additionalProperties: false },
  ),
  /** choosing it removes the notification for every recipient, on every screen */
  clearNotificationForAll: Type.Boolean({ default: false }),
};

export const NotificationChoice = Type.Object({
  ...choiceFields,
  /**
   * (ours, set by the server, never sent) the call back is also bound by this user's rights: the
   * sender of a notification sent through the API (a person or a tool, not plugin code)
   */
  rightsOf: Type.Optional(Id()),
}, { additionalProperties: false });
export type NotificationChoice = Static<typeof NotificationChoice>;

/**
 * The same properties with the defaulted ones optional: a request body is checked before its
 * defaults are filled (server/src/http/router.ts), the stored entity always has them.
 */
function defaultsOptional(props: TProperties): TProperties {
  const out: TProperties = {};
  for (const [key, schema] of Object.entries(props) as [string, TSchema][]) {
    out[key] = schema.default !== undefined ? Type.Optional(schema) : schema;
  }
  return out;
}

/** A choice in a request body. */
export const NotificationChoiceInput = Type.Object(defaultsOptional(choiceFields), { additionalProperties: false });

const contentOf = <C extends TSchema>(choice: C) => ({
  title: Str({ minLength: 1 }),
  content: Type.Optional(Text()),
  choices: Type.Array(choice, { default: [], maxItems: MAX_CHOICES }),
  priority: StrEnum(NOTIFICATION_PRIORITIES, { default: 'normal' }),
  style: StrEnum(NOTIFICATION_STYLES, { default: 'primary' }),
  /** true: shown live only; false: also kept in the notification centre until dismissed */
  liveOnly: Type.Boolean({ default: true }),
  /** for the software, not for a person: delivered live to screens, never shown, kept or e-mailed */
  internal: Type.Boolean({ default: false }),
  /** ms the live toast stays on screen; 0 = until closed */
  timeToLive: Type.Integer({ minimum: 0, maximum: MAX_TIME_TO_LIVE_MS, default: DEFAULT_TIME_TO_LIVE_MS }),
});

/** A stored notification (`kernel_notifications`): one per recipient, or one for the whole company. */
export const Notification = Entity({
  type: StrEnum(NOTIFICATION_TYPES, { default: 'user' }),
  ...contentOf(NotificationChoice),
  /** the sending user; null: the system */
  sender: withDefault(Nullable(Id()), null),
  date: DateTime(),
  // ours
  /** sysName of the PushNotification setting it was sent for (the recipient's choices applied) */
  kind: withDefault(Nullable(Str()), null),
  /** shared by the notifications of one sending: « clear for all » removes the batch */
  batch: Id(),
  read: Type.Boolean({ default: false }),
  readDate: withDefault(Nullable(DateTime()), null),
  /** live-only notifications are forgotten after this instant (their choices stop working) */
  expiration: withDefault(Nullable(DateTime()), null),
}, {
  company: Id(),
  /** the recipient; null: every member of the company (live-only notifications) */
  user: withDefault(Nullable(Id()), null),
});
export type Notification = Static<typeof Notification>;

/** What `kernel.notifier.notify` takes (and the body of POST /api/kernel/notifications, with recipients). */
export const NotificationInput = Type.Object({
  ...defaultsOptional(contentOf(NotificationChoiceInput)),
  /** sysName of a PushNotification setting: each recipient's push / signal / e-mail choices apply */
  kind: Type.Optional(Str({ minLength: 1 })),
}, { additionalProperties: false });
/** An input once its defaults are filled (`validate` with defaults). */
export type NotificationInput = Omit<Notification, '_id' | 'metadata' | 'fk' | 'extradata' | 'userProps' | 'type' | 'sender' | 'date' | 'kind' | 'batch' | 'read' | 'readDate' | 'expiration'> & { kind?: string };

/** POST /api/kernel/notifications */
export const NotificationSendInput = Type.Object({
  /** user ids (members of the active company), or « company » for every member */
  recipients: Type.Union([Type.Array(Id(), { minItems: 1, maxItems: 500 }), Type.Literal('company')]),
  ...NotificationInput.properties,
}, { additionalProperties: false });
export type NotificationSendInput = Static<typeof NotificationSendInput>;

/** POST /api/kernel/notifications/:id/choose */
export const NotificationChooseInput = Type.Object({
  /** index of the choice in `choices` */
  choice: Type.Integer({ minimum: 0, maximum: MAX_CHOICES - 1 }),
}, { additionalProperties: false });
export type NotificationChooseInput = Static<typeof NotificationChooseInput>;

/** A choice as the browser sees it: no headers, no address of a call back. */
export interface PublicNotificationChoice {
  title: string;
  urlMode: NotificationChoice['urlMode'];
  method: NotificationChoice['method'];
  clearNotificationForAll: boolean;
  /** navigate and blank modes only */
  url?: string;
}
