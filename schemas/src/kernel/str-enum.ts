/**
 * A closed list of short string values (a mode, a type, a method).
 *
 * Written as one `{ type: 'string', enum, maxLength: 255 }` rather than a union of literals for two
 * reasons: the storage layer maps a literal union to a TEXT column (it looks at the first literal,
 * which has no maxLength) whereas this is an indexable VARCHAR, and ajv reports one readable
 * "must be equal to one of the allowed values" instead of one error per literal.
 */
import { Type, type SchemaOptions } from '@sinclair/typebox';

export const StrEnum = <const V extends readonly string[]>(values: V, o: SchemaOptions = {}) =>
  Type.Unsafe<V[number]>(Type.String({ enum: [...values], maxLength: 255, ...o }));
