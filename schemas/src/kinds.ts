/**
 * Schema building blocks that also tell the storage layer how a field is stored (`x-kind`):
 * an identifier, exact money, an instant, a short indexed string, a long text.
 * Everything else is derived from the JSON Schema type (objects and arrays become JSON columns).
 */
import { Type, type TSchema, type TProperties, type SchemaOptions } from '@sinclair/typebox';

export type StorageKind = 'string' | 'text' | 'id' | 'int' | 'number' | 'money' | 'bool' | 'date' | 'json';

export const ID_PATTERN = '^[0-9a-f]{24}$';

/** A 24-hex, time-ordered identifier (ObjectId shape). */
export const Id = (o: SchemaOptions = {}) =>
  Type.String({ pattern: ID_PATTERN, 'x-kind': 'id', ...o });

/**
 * Beyond a billion euros an amount is a typing error, not a small company's invoice; the bound also
 * keeps every sum of stored amounts exact (BIGINT of 1/10 000 €, exact up to about 9·10^11 €).
 */
export const MONEY_LIMIT = 1_000_000_000;

/** Exact money, in euros: computed with decimal.js, stored as scaled integers (see server/src/db/codec.ts). */
export const Money = (o: SchemaOptions = {}) =>
  Type.Number({ 'x-kind': 'money', minimum: -MONEY_LIMIT, maximum: MONEY_LIMIT, ...o });

/** An instant, ISO 8601 in UTC. */
export const DateTime = (o: SchemaOptions = {}) =>
  Type.String({ format: 'date-time', 'x-kind': 'date', ...o });

/**
 * A computed text cut to fit a `Str()` column: by characters (code points), as the column and the
 * schema count them, never through a character (half an emoji is not storable text).
 */
export const clipText = (s: string, max = 255): string => Array.from(s).slice(0, max).join('');

/** A short string: an indexed VARCHAR(255) column. */
export const Str = (o: SchemaOptions = {}) => Type.String({ maxLength: 255, ...o });

/** A long text (TEXT column): notes, descriptions, HTML. */
export const Text = (o: SchemaOptions = {}) => Type.String({ maxLength: 65535, 'x-kind': 'text', ...o });

export const Email = (o: SchemaOptions = {}) => Type.String({ format: 'email', maxLength: 255, ...o });

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Free JSON object (extradata, userProps, settings blobs). */
export const JsonObject = (o: SchemaOptions = {}) => Type.Record(Type.String(), Type.Unknown(), o);

export const Metadata = Type.Object({
  creationDate: DateTime(),
  lastModificationDate: DateTime(),
  createdBy: Nullable(Id()),
  lastModifiedBy: Nullable(Id()),
}, { 'x-flatten': true, additionalProperties: false });

/**
 * A stored entity of the spec: its own fields plus `_id`, `metadata`, `fk`, `extradata`, `userProps`.
 * `fk` is flattened into one column per reference so that references can be filtered and indexed.
 */
export function Entity<P extends TProperties, F extends TProperties>(props: P, fk: F, o: SchemaOptions = {}) {
  return Type.Object({
    _id: Id(),
    ...props,
    metadata: Metadata,
    fk: Type.Object(fk, { 'x-flatten': true, additionalProperties: false }),
    extradata: Type.Optional(JsonObject()),
    userProps: Type.Optional(JsonObject()),
  }, { additionalProperties: false, ...o });
}
