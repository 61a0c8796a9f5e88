/**
 * Adds a default to a schema built by a helper that takes no options, e.g.
 * `withDefault(Nullable(Id()), null)`: ajv (`useDefaults`) then writes an explicit `null`, so a
 * stored entity always has the key.
 */
import type { Static, TSchema } from '@sinclair/typebox';

export const withDefault = <T extends TSchema>(schema: T, value: Static<T>): T => ({ ...schema, default: value });
