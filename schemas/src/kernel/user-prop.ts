/**
 * A user property (platform README « User properties »): a custom field an administrator adds to a
 * collection (`contacts.customers`), whose values live in each record's `userProps` under
 * `variable`. Server-wide (`server`, made by a server administrator, for every company or for the
 * linked ones) or private to one company (`fk.company`), as ServerSettings allows (platform README « User properties »).
 *
 * Decisions (see server/src/platform/README.md « User properties »):
 * - types: the spec's text, number, checkbox, switch and select, plus what a small business fills
 *   in every day: textarea, date (YYYY-MM-DD), email, tel, url, color (#rrggbb);
 * - `pluginIdentifier` names the collection whose records carry the value, `<plugin>.<collection>`;
 * - `mask` is an input mask (`9` a digit, `a` a letter, `*` either, `\` quotes the next character,
 *   anything else literal), never a regular expression an administrator could get wrong or slow;
 * - placements: where the value shows in the collection's form (`edition`), list columns (`list`)
 *   and detail card (`card`): `none` (default), `start` or `end` of the plugin's own fields,
 *   ordered by the matching position; `container` titles the group of fields in forms and cards.
 */
import { Type, type Static, type TOptional, type TSchema } from '@sinclair/typebox';
import { Entity, Id, Nullable, Str, Text } from '../kinds.ts';
import { StrEnum } from './str-enum.ts';
import { withDefault } from './with-default.ts';

export const USER_PROP_TYPES = [
  'text', 'textarea', 'number', 'checkbox', 'switch', 'select', 'date', 'email', 'tel', 'url', 'color',
] as const;
export type UserPropType = (typeof USER_PROP_TYPES)[number];

export const USER_PROP_PLACEMENTS = ['none', 'start', 'end'] as const;
export type UserPropPlacement = (typeof USER_PROP_PLACEMENTS)[number];

/** Letters, digits and underscore, not starting with a digit: a key of `userProps` and a JSON path. */
export const USER_PROP_VARIABLE_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$';
export const USER_PROP_VARIABLE_MAX = 50;
/** `<plugin>.<collection>`, e.g. `contacts.customers` */
export const USER_PROP_COLLECTION_PATTERN = '^[a-z][a-z0-9-]*\\.[a-z][a-z0-9-]*$';

export const UserPropSelectOption = Type.Object({
  label: Str({ minLength: 1 }),
  value: Str({ minLength: 1 }),
  /** no longer offered in forms; records holding it keep it */
  hidden: Type.Boolean({ default: false }),
}, { additionalProperties: false });
export type UserPropSelectOption = Static<typeof UserPropSelectOption>;

/** An option as sent: `hidden` may be left out (false). */
const UserPropSelectOptionInput = Type.Object({
  label: UserPropSelectOption.properties.label,
  value: UserPropSelectOption.properties.value,
  hidden: Type.Optional(UserPropSelectOption.properties.hidden),
}, { additionalProperties: false });

const Placement = () => StrEnum(USER_PROP_PLACEMENTS, { default: 'none' });
const Position = () => Type.Integer({ default: 0, minimum: -10_000, maximum: 10_000 });
/** a bound, or null when none (the API may send null to remove one) */
const Bound = () => Type.Optional(Nullable(Type.Number({ minimum: -1e15, maximum: 1e15 })));
const CountBound = () => Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 })));

export const UserProp = Entity({
  name: Str({ minLength: 1 }),
  variable: Type.String({ pattern: USER_PROP_VARIABLE_PATTERN, minLength: 1, maxLength: USER_PROP_VARIABLE_MAX }),
  description: Type.Optional(Text()),
  type: StrEnum(USER_PROP_TYPES, { default: 'text' }),
  multiple: Type.Boolean({ default: false }),
  mask: Type.Optional(Str({ maxLength: 100 })),
  /** a database index on the value (not for lists nor long texts) */
  index: Type.Boolean({ default: false }),
  /** offered as a filter above the collection's list */
  filter: Type.Boolean({ default: false }),
  pluginIdentifier: Str({ pattern: USER_PROP_COLLECTION_PATTERN }),
  fullTextSearch: Type.Boolean({ default: false }),
  fullTextWeight: Type.Number({ default: 1, minimum: 0, maximum: 1000 }),
  editionPlacement: Placement(),
  editionPosition: Position(),
  listPlacement: Placement(),
  listPosition: Position(),
  cardPlacement: Placement(),
  cardPosition: Position(),
  container: Type.Optional(Str()),
  required: Type.Boolean({ default: false }),
  /** a value of the property's type (a list when multiple); see user-prop-defaults.ts */
  defaultValue: Type.Optional(Type.Unknown()),
  selectOptions: Type.Array(UserPropSelectOption, { default: [], maxItems: 500 }),
  applyForAllCompanies: Type.Boolean({ default: false }),
  server: Type.Boolean({ default: false }),
  allowCompaniesToUseThisProperty: Type.Boolean({ default: false }),
  /** number: smallest and largest value; texts: shortest and longest length */
  min: Bound(),
  max: Bound(),
  /** multiple: fewest and most values */
  minValues: CountBound(),
  maxValues: CountBound(),
}, {
  /** the company of a private property; null for a server property */
  company: withDefault(Nullable(Id()), null),
  /** server property not applied to all companies: the companies using it */
  companies: Type.Array(Id(), { default: [], maxItems: 10_000, uniqueItems: true }),
});
export type UserProp = Static<typeof UserProp>;

/** What a value check needs of a definition (the client's forms use the same functions). */
export type UserPropDefinition = Pick<UserProp,
  'variable' | 'name' | 'type' | 'multiple' | 'required' | 'selectOptions'
> & Partial<Pick<UserProp, 'mask' | 'min' | 'max' | 'minValues' | 'maxValues' | 'defaultValue'>>;

const FIELDS_OF_INPUT = {
  name: UserProp.properties.name,
  description: UserProp.properties.description,
  type: UserProp.properties.type,
  multiple: UserProp.properties.multiple,
  mask: UserProp.properties.mask,
  index: UserProp.properties.index,
  filter: UserProp.properties.filter,
  fullTextSearch: UserProp.properties.fullTextSearch,
  fullTextWeight: UserProp.properties.fullTextWeight,
  editionPlacement: UserProp.properties.editionPlacement,
  editionPosition: UserProp.properties.editionPosition,
  listPlacement: UserProp.properties.listPlacement,
  listPosition: UserProp.properties.listPosition,
  cardPlacement: UserProp.properties.cardPlacement,
  cardPosition: UserProp.properties.cardPosition,
  container: UserProp.properties.container,
  required: UserProp.properties.required,
  defaultValue: UserProp.properties.defaultValue,
  selectOptions: Type.Array(UserPropSelectOptionInput, { maxItems: 500 }),
  applyForAllCompanies: UserProp.properties.applyForAllCompanies,
  allowCompaniesToUseThisProperty: UserProp.properties.allowCompaniesToUseThisProperty,
  min: UserProp.properties.min,
  max: UserProp.properties.max,
  minValues: UserProp.properties.minValues,
  maxValues: UserProp.properties.maxValues,
};

type Optionalised<T extends Record<string, TSchema>> = { [K in keyof T]: TOptional<T[K]> };
function optional<T extends Record<string, TSchema>>(props: T): Optionalised<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props)) out[k] = Type.Optional(v);
  return out as Optionalised<T>;
}

/** `fk.companies` is set by server administrators only (the service checks who sends it). */
const InputFk = Type.Optional(Type.Object({
  companies: Type.Optional(UserProp.properties.fk.properties.companies),
}, { additionalProperties: false }));

/** POST body: `server` chooses the scope; the company of a private property is the active one. */
export const UserPropCreateInput = Type.Object({
  ...optional(FIELDS_OF_INPUT),
  name: UserProp.properties.name,
  variable: UserProp.properties.variable,
  pluginIdentifier: UserProp.properties.pluginIdentifier,
  server: Type.Optional(UserProp.properties.server),
  fk: InputFk,
}, { additionalProperties: false });
export type UserPropCreateInput = Static<typeof UserPropCreateInput>;

/**
 * PUT body: the collection, the variable and the scope are fixed once created (the stored values
 * are keyed by them); so is `multiple` (a value is a list or it is not).
 */
export const UserPropUpdateInput = Type.Object({
  ...optional(FIELDS_OF_INPUT),
  fk: InputFk,
}, { additionalProperties: false });
export type UserPropUpdateInput = Static<typeof UserPropUpdateInput>;

/** PUT /kernel/user-props/:id/usage: a company takes up (or leaves) an offered server property. */
export const UserPropUsageInput = Type.Object({ used: Type.Boolean() }, { additionalProperties: false });
export type UserPropUsageInput = Static<typeof UserPropUsageInput>;
