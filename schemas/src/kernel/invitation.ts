/**
 * An invitation to join a company (platform README « Invitations »): a link that grants the
 * company's roles `fk.roles` to whoever uses it, at most `maxUsage` times (0 = unlimited), checked
 * by an administrator when `manualRequestChecking` is on.
 *
 * The link carries a random secret key (256 bits, base64url): the 24-hex `_id` is time-ordered and
 * guessable, so it never opens anything. As for sessions, only the key's SHA-256 is stored
 * (`keyHash`, never returned); the key is shown in the answer that creates it, and a new one can be
 * drawn at any time (the old link stops working).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Str, Text } from '../kinds.ts';
import { createInput, updateInput } from './input.ts';
import { TokenHash } from './token-hash.ts';

/** Far beyond any small company's staff; keeps the counter a plain INT. */
export const INVITATION_MAX_USAGE_LIMIT = 100_000;

export const Invitation = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  /** when the invitation was made (set by the server) */
  date: DateTime(),
  /** how many people may join through it; 0 = unlimited */
  maxUsage: Type.Integer({ minimum: 0, maximum: INVITATION_MAX_USAGE_LIMIT, default: 0 }),
  /** how many people joined through it (accepted requests); kept by the server */
  currentUsageCount: Type.Integer({ minimum: 0, default: 0 }),
  /** each request waits for an administrator's decision */
  manualRequestChecking: Type.Boolean({ default: true }),
  active: Type.Boolean({ default: true }),
  /** SHA-256 (hex) of the link's secret key; never returned */
  keyHash: TokenHash(),
}, {
  company: Id(),
  /** roles of the company granted on acceptance */
  roles: Type.Array(Id(), { default: [], maxItems: 100, uniqueItems: true }),
});
export type Invitation = Static<typeof Invitation>;

/** Server-managed: the date, the usage counter, the key and the company. */
const INVITATION_SERVER_MANAGED = ['date', 'currentUsageCount', 'keyHash'] as const;

export const InvitationCreateInput = createInput(Invitation, { serverManaged: INVITATION_SERVER_MANAGED, required: ['name'] });
export type InvitationCreateInput = Static<typeof InvitationCreateInput>;
export const InvitationUpdateInput = updateInput(Invitation, { serverManaged: INVITATION_SERVER_MANAGED });
export type InvitationUpdateInput = Static<typeof InvitationUpdateInput>;

/** The link's secret: 43 base64url characters (256 random bits), as session tokens. */
export const INVITATION_KEY_PATTERN = '^[A-Za-z0-9_-]{43}$';
export const InvitationKey = () => Type.String({ pattern: INVITATION_KEY_PATTERN, maxLength: 43 });

/** The shell's public page for a key: `/invitation/<key>`. */
export const invitationPath = (key: string) => `/invitation/${key}`;
