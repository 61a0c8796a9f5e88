/**
 * A kind of notification a plugin sends (schemas README « PushNotification setting »): declared in
 * code by the plugin (`pushNotifications` of definePlugin), served as a catalogue; each user then
 * chooses, per kind, how it reaches them (`User.pushNotificationsSettings`). The flags of the kind
 * are the choices of a user who never chose.
 *
 * push: shown live as a toast on the user's open screens; signal: kept in the notification centre
 * (the bell) until dismissed; email: sent by e-mail through the company's mail server.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Str, Text } from '../kinds.ts';
import { PermissionMode } from './permission.ts';
import { StrEnum } from './str-enum.ts';

/** Who a kind may be addressed to: any (named users or the whole company), user (named users), company (everyone). */
export const PUSH_NOTIFICATION_RECIPIENTS = ['any', 'user', 'company'] as const;

export const PushNotification = Type.Object({
  category: Str({ minLength: 1 }),
  /** `<plugin>.<thing>`, e.g. `invoicing.invoice-paid` */
  sysName: Str({ minLength: 1, pattern: '^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)+$' }),
  /** French label shown in the preferences */
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  recipient: StrEnum(PUSH_NOTIFICATION_RECIPIENTS, { default: 'any' }),
  /** a recipient must hold every one of these permissions in the company, else is skipped */
  permissions: Type.Array(Str({ minLength: 1 }), { default: [] }),
  /** company: each user chooses per company; global: one choice for all their companies */
  mode: PermissionMode({ default: 'company' }),
  push: Type.Boolean({ default: true }),
  signal: Type.Boolean({ default: true }),
  email: Type.Boolean({ default: true }),
}, { additionalProperties: false });
export type PushNotification = Static<typeof PushNotification>;

/** A user's choices for one kind, in the active company (GET /api/kernel/notification-preferences). */
export const NotificationPreference = Type.Object({
  ...PushNotification.properties,
  /** the declaring plugin */
  plugin: Str(),
}, { additionalProperties: false });
export type NotificationPreference = Static<typeof NotificationPreference>;

/** PUT /api/kernel/notification-preferences: the changed kinds only; a flag left out keeps its value. */
export const NotificationPreferencesInput = Type.Object({
  preferences: Type.Array(Type.Object({
    pushNotification: Str({ minLength: 1 }),
    push: Type.Optional(Type.Boolean()),
    signal: Type.Optional(Type.Boolean()),
    email: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 200 }),
}, { additionalProperties: false });
export type NotificationPreferencesInput = Static<typeof NotificationPreferencesInput>;
