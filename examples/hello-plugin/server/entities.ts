/** The entities of the « Bonjour » plugin: a schema, a table, a French label each. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEntity } from '@comptoir/sdk';
import { Entity, Id, Str, Text, DateTime } from '@comptoir/schemas';

export const PLUGIN_ID = 'hello';

/** Someone the company greets. Columns: see migrations/20261122002536_init.ts. */
export const Person = Entity({
  name: Str({ minLength: 1 }),
  note: Type.Optional(Text()),
  /** how many times « Dire bonjour » was used; set only by the `greet` action */
  greetings: Type.Integer({ minimum: 0, default: 0 }),
  lastGreetedAt: Type.Optional(DateTime()),
}, {
  company: Id(),
});
export type Person = Static<typeof Person>;

/** What a client may write on create and update: the greetings change only through `greet`. */
export const PersonInput = Type.Partial(Type.Pick(Person, ['name', 'note']), { additionalProperties: false });

export const People = defineEntity({
  plugin: PLUGIN_ID,
  name: 'people',
  table: 'hello_people',
  schema: Person,
  companyScoped: true,
  label: 'personne',
});
