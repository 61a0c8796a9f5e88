/**
 * A short code sent by e-mail to confirm an address, an account or a password reset
 * (schemas README « ConfirmationCode »). The server draws the code and dates it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Nullable, Str } from '../kinds.ts';
import { createInput, updateInput } from './input.ts';
import { withDefault } from './with-default.ts';

export const ConfirmationCode = Entity({
  code: Str({ minLength: 1 }),
  date: DateTime(),
  /** the code confirms the creation of an account */
  newAccount: Type.Boolean({ default: false }),
  userId: withDefault(Nullable(Id()), null),
  customerId: withDefault(Nullable(Id()), null),
  /** what the code confirms; values are chosen by the flow that sends it */
  type: Str({ minLength: 1 }),
}, {});
export type ConfirmationCode = Static<typeof ConfirmationCode>;

const CODE_SERVER_MANAGED = ['code', 'date', 'fk'] as const;

export const ConfirmationCodeCreateInput = createInput(ConfirmationCode, {
  serverManaged: CODE_SERVER_MANAGED, required: ['type'],
});
export type ConfirmationCodeCreateInput = Static<typeof ConfirmationCodeCreateInput>;
export const ConfirmationCodeUpdateInput = updateInput(ConfirmationCode, { serverManaged: CODE_SERVER_MANAGED });
export type ConfirmationCodeUpdateInput = Static<typeof ConfirmationCodeUpdateInput>;
