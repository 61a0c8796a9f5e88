/**
 * A person who signs in (schemas README « User »). A user may belong to several companies
 * (`fk.companies`) and works in one at a time (`settings.activeCompanyId`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Email, Entity, Id, JsonObject, Nullable, Str } from '../kinds.ts';
import { Address } from './address.ts';
import { Attachments } from './attachment.ts';
import { createInput, updateInput } from './input.ts';
import { withDefault } from './with-default.ts';

/** An argon2id hash in PHC form: the pattern stops a plain password from being stored by mistake. */
export const PasswordHash = Type.String({ pattern: '^\\$argon2id\\$', maxLength: 255 });

export const UserSettings = Type.Object({
  theme: Str({ default: 'light' }),
  activeCompanyId: withDefault(Nullable(Id()), null),
}, { additionalProperties: false, default: {} });
export type UserSettings = Static<typeof UserSettings>;

/** How one kind of push notification reaches this user (per company when companyId is set). */
export const UserPushNotificationSetting = Type.Object({
  /** sysName of the PushNotification setting a plugin declares */
  pushNotification: Str(),
  /** shown live on the user's open screens (ours: the spec lists the flag on the kind only) */
  push: Type.Boolean({ default: true }),
  email: Type.Boolean({ default: true }),
  signal: Type.Boolean({ default: true }),
  /** ids of the sessions whose browser receives it as a web push */
  browserSessions: Type.Array(Id(), { default: [] }),
  companyId: Type.Optional(Nullable(Id())),
}, { additionalProperties: false });
export type UserPushNotificationSetting = Static<typeof UserPushNotificationSetting>;

export const User = Entity({
  civ: Type.Optional(Str()),
  name: Type.Optional(Str()),
  firstname: Type.Optional(Str()),
  company: Type.Optional(Str()),
  birthdate: Type.Optional(Nullable(DateTime())),
  /** the sign-in identifier */
  email: Email(),
  /** argon2id hash; never returned by the API (see USER_HIDDEN_FIELDS) */
  password: Type.Optional(PasswordHash),
  gender: Str({ default: 'secret' }),
  telHome: Type.Optional(Str()),
  telMobile: Type.Optional(Str()),
  telFax: Type.Optional(Str()),
  addresses: Type.Array(Address, { default: [] }),
  nickname: Type.Optional(Str()),
  /** role ids, across the user's companies (each role names its company) */
  roles: Type.Array(Id(), { default: [] }),
  systemNickname: Type.Optional(Str()),
  /** provider links written by the social sign-in flow; their shape belongs to each provider */
  socialLogins: Type.Array(JsonObject(), { default: [] }),
  settings: UserSettings,
  pushNotificationsSettings: Type.Array(UserPushNotificationSetting, { default: [] }),
  /** the avatar is the attachment tagged `avatar` */
  attachments: Attachments(),
}, {
  companies: Type.Array(Id(), { default: [] }),
});
export type User = Static<typeof User>;

/** Fields the API strips from every answer. */
export const USER_HIDDEN_FIELDS = ['password'] as const;

/** A user as the API returns it. */
export const UserPublic = Type.Omit(User, USER_HIDDEN_FIELDS);
export type UserPublic = Static<typeof UserPublic>;

/**
 * Not in a body: the password hash (set by the sign-up, reset and change-password routes, which
 * hash it), the social links (sign-in flow), the system nickname, role grants and company
 * memberships (permission-checked routes and invitations), so that a user editing their own profile
 * cannot grant themselves anything.
 */
const USER_SERVER_MANAGED = ['password', 'socialLogins', 'systemNickname', 'roles', 'fk'] as const;

export const UserCreateInput = createInput(User, { serverManaged: USER_SERVER_MANAGED, required: ['email'] });
export type UserCreateInput = Static<typeof UserCreateInput>;
/** `settings` may carry one setting (the theme alone): the route merges it into the stored ones. */
const UserUpdateBase = updateInput(User, { serverManaged: USER_SERVER_MANAGED });
export const UserUpdateInput = Type.Object({
  ...UserUpdateBase.properties,
  settings: Type.Optional(Type.Partial(Type.Object(UserSettings.properties, { additionalProperties: false }), { additionalProperties: false })),
}, { additionalProperties: false });
export type UserUpdateInput = Static<typeof UserUpdateInput>;

type DisplayNameParts = { civ?: string | null; firstname?: string | null; name?: string | null };

/** civ, firstname and name, joined by single spaces, skipping the empty ones. */
export function userDisplayName(u: DisplayNameParts): string {
  return [u.civ, u.firstname, u.name]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
}
