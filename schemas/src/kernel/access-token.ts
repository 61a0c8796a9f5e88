/**
 * A long-lived bearer token for scripts or for a shared link to one object (schemas README « AccessToken »
 * "AccessToken"). As for sessions, only the SHA-256 of the token is stored (`tokenHash` instead
 * of the spec's `token`): the token is shown once, in the creation answer.
 */
import { type Static } from '@sinclair/typebox';
import { Entity, Id, Nullable, Str } from '../kinds.ts';
import { createInput, updateInput } from './input.ts';
import { TokenHash } from './token-hash.ts';
import { withDefault } from './with-default.ts';

export const AccessToken = Entity({
  name: Str({ minLength: 1 }),
  /** the user who created it (set from the session), or null when the server issued it */
  generatedByUser: withDefault(Nullable(Id()), null),
  tokenHash: TokenHash(),
}, {
  /** the object the token opens (a document to share), or null for a general token */
  linkedObject: withDefault(Nullable(Id()), null),
});
export type AccessToken = Static<typeof AccessToken>;

export const AccessTokenCreateInput = createInput(AccessToken, {
  serverManaged: ['generatedByUser', 'tokenHash'], required: ['name'],
});
export type AccessTokenCreateInput = Static<typeof AccessTokenCreateInput>;
/** Only the label changes: a token for another object is a new token. */
export const AccessTokenUpdateInput = updateInput(AccessToken, {
  serverManaged: ['generatedByUser', 'tokenHash', 'fk'],
});
export type AccessTokenUpdateInput = Static<typeof AccessTokenUpdateInput>;
