/** Operation categories (spec §3 « OperationCategory »): a tree of two levels, categories and sub-categories. */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Nullable, Str } from '@comptoir/schemas';

export const OperationCategory = Entity({
  name: Str({ minLength: 1 }),
  /** an income category (true) or an expense one */
  credit: Type.Boolean({ default: false }),
  /** left out of the budget (transfers between own accounts, loans) */
  offBudget: Type.Boolean({ default: false }),
  /** the category this one is a sub-category of (null: a category) */
  parent: Type.Optional(Nullable(Id())),
}, { company: Id() });
export type OperationCategory = Static<typeof OperationCategory>;

export const CategoryInput = Type.Object({
  name: Type.Optional(Str({ minLength: 1 })),
  credit: Type.Optional(Type.Boolean()),
  offBudget: Type.Optional(Type.Boolean()),
  parent: Type.Optional(Nullable(Id())),
}, { additionalProperties: false });
export type CategoryInput = Static<typeof CategoryInput>;

/** spec §3 « OperationGroup »: a free grouping of operations (a trip, a project) */
export const OperationGroup = Entity({ name: Str({ minLength: 1 }) }, { company: Id() });
export type OperationGroup = Static<typeof OperationGroup>;

export const GroupInput = Type.Object({ name: Type.Optional(Str({ minLength: 1 })) }, { additionalProperties: false });
export type GroupInput = Static<typeof GroupInput>;
