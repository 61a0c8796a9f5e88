/**
 * The entity of « Pourboires »: one tip received, in euros and cents, possibly left with the
 * payment of a sale (`fk.invoice`, an invoice of the invoicing plugin, which this one does not
 * depend on: an optional reference, checked by the platform when invoicing is installed).
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineEntity } from '@comptoir/sdk';
import { DateTime, Entity, Id, Money, Str } from '@comptoir/schemas';

export const PLUGIN_ID = 'tip-jar';

export const Tip = Entity({
  /** euros, more than 0 (cents at most: see services/tips.ts) */
  amount: Money({ exclusiveMinimum: 0 }),
  /** when it was received */
  date: DateTime(),
  note: Type.Optional(Str()),
}, {
  company: Id(),
  /** the sale it was left with */
  invoice: Type.Optional(Id()),
});
export type Tip = Static<typeof Tip>;

export const TipInput = Type.Object({
  amount: Money({ exclusiveMinimum: 0 }),
  date: Type.Optional(DateTime()),
  note: Type.Optional(Str()),
  fk: Type.Optional(Type.Object({ invoice: Type.Optional(Id()) }, { additionalProperties: false })),
}, { additionalProperties: false });

export const Tips = defineEntity({
  plugin: PLUGIN_ID,
  name: 'tips',
  table: 'tip_jar_tips',
  schema: Tip,
  companyScoped: true,
  label: 'pourboire',
  // written by this plugin, checked by the platform in the active company: no column in invoicing's table
  references: { 'fk.invoice': { entity: 'invoicing.invoices', optional: true } },
});
