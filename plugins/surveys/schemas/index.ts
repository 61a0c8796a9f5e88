/**
 * The shapes of « Questionnaires »: each entity's schema, its bodies and their types. The server, the
 * remote (`import type` only) and the tests import them here; other plugins get the types through
 * `contract.ts`. Data only: this folder imports `@comptoir/schemas` and TypeBox, nothing else.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str, Text, Money, DateTime } from '@comptoir/schemas';

/** An item of the active company. Columns: see server/migrations/20261128002434_init.ts. */
export const Item = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  /** price excluding taxes, in euros (exact, see @comptoir/schemas Money) */
  price: Money({ minimum: 0, default: 0 }),
  /** set only by the `archive` action */
  archived: Type.Boolean({ default: false }),
  archivedAt: Type.Optional(DateTime()),
}, {
  company: Id(),
});
export type Item = Static<typeof Item>;

/** What a client may write on create and update: the archive state changes only through `archive`. */
export const ItemInput = Type.Partial(Type.Pick(Item, ['name', 'description', 'price']), { additionalProperties: false });
export type ItemInput = Static<typeof ItemInput>;
