/**
 * A signed-in browser or client (schemas README « Session »). A session lives SESSION_DURATION_MS from
 * its creation; signing out or revoking it from the sessions list sets `revoked`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Nullable, Str } from '../kinds.ts';
import { createInput, updateInput } from './input.ts';
import { TokenHash } from './token-hash.ts';
import { withDefault } from './with-default.ts';

/** 180 days (platform README « Platform rules and constants »), counted from the creation of the session. */
export const SESSION_DURATION_MS = 15552000000;

/** How a session that cannot be found is shown (schemas README « Session »). */
export const UNKNOWN_SESSION_LABEL = '(session inconnue)';

const NameVersion = Type.Object({
  name: Type.Optional(Str()),
  version: Type.Optional(Str()),
}, { additionalProperties: false, default: {} });

/** What the user-agent says about the device, parsed once at sign-in. */
export const SessionDeviceInfo = Type.Object({
  browser: NameVersion,
  os: NameVersion,
  platform: Type.Object({
    /** desktop, mobile, tablet, tv... */
    type: Type.Optional(Str()),
    vendor: Type.Optional(Str()),
    model: Type.Optional(Str()),
  }, { additionalProperties: false, default: {} }),
  engine: NameVersion,
  /** the raw User-Agent header */
  userAgent: Type.Optional(Type.String({ maxLength: 2048 })),
}, { additionalProperties: false, default: {} });
export type SessionDeviceInfo = Static<typeof SessionDeviceInfo>;

export const Session = Entity({
  /**
   * The spec's `token` is not stored: only its SHA-256 (hex). The token is given to the client
   * once, at sign-in; each request hashes the bearer token and looks this column up.
   */
  tokenHash: TokenHash(),
  /** a label the user can give ("Ordinateur du bureau") */
  name: Type.Optional(Str()),
  userId: Id(),
  expiration: DateTime(),
  lastAction: DateTime(),
  deviceInfo: SessionDeviceInfo,
  revoked: Type.Boolean({ default: false }),
  revokedAt: withDefault(Nullable(DateTime()), null),
}, {});
export type Session = Static<typeof Session>;

/** Everything but the label is set by the sign-in and the request layer. */
const SESSION_SERVER_MANAGED = [
  'tokenHash', 'userId', 'expiration', 'lastAction', 'deviceInfo', 'revoked', 'revokedAt', 'fk',
] as const;

export const SessionCreateInput = createInput(Session, { serverManaged: SESSION_SERVER_MANAGED });
export type SessionCreateInput = Static<typeof SessionCreateInput>;
export const SessionUpdateInput = updateInput(Session, { serverManaged: SESSION_SERVER_MANAGED });
export type SessionUpdateInput = Static<typeof SessionUpdateInput>;
