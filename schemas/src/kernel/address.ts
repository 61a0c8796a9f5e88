/**
 * A postal address (schemas README « Address »), embedded in users, profiles, companies, customers,
 * providers, contacts and establishments. Lists of addresses are JSON columns; a single address is
 * one JSON column too.
 *
 * `delivery` and `invoicing` default to true (schemas README « Address »): a body may leave them out wherever an
 * address is written (request bodies are validated without filling defaults, so they are optional
 * here), and the repository stores them filled (ajv `useDefaults` on the stored document).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Str } from '../kinds.ts';

export const Address = Type.Object({
  name: Type.Optional(Str()),
  address: Type.Optional(Str()),
  address2: Type.Optional(Str()),
  zipCode: Type.Optional(Str()),
  city: Type.Optional(Str()),
  country: Type.Optional(Str()),
  latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  /** used when a document copies the delivery address (only if exactly one is flagged) */
  delivery: Type.Optional(Type.Boolean({ default: true })),
  /** used when a document copies the invoicing address (only if exactly one is flagged) */
  invoicing: Type.Optional(Type.Boolean({ default: true })),
}, { additionalProperties: false });
export type Address = Static<typeof Address>;
