/** The entities of the « Catalogue » plugin: a schema, a table, a French label each. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEntity } from '@comptoir/sdk';
import { Entity, Id, Str, Text, Money, DateTime } from '@comptoir/schemas';

export const PLUGIN_ID = 'catalogue';

/** An item of the active company. Columns: see migrations/20261122015700_init.ts. */
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

export const Items = defineEntity({
  plugin: PLUGIN_ID,
  name: 'items',
  table: 'catalogue_items',
  schema: Item,
  companyScoped: true,
  label: 'élément',
});
