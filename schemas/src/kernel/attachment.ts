/**
 * A stored file as embedded in an entity's `attachments` list (schemas README « Attachment »).
 * Its URL is /attachment/{folder}/{subfolder}/{filename}/{variant}; the upload handler fills it,
 * so a client sends back what it received.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Str } from '../kinds.ts';

export const Attachment = Type.Object({
  mime: Str(),
  /** bytes */
  size: Type.Integer({ minimum: 0 }),
  folder: Str(),
  subfolder: Type.Optional(Str()),
  filename: Str(),
  /** milliseconds since the epoch, as the browser's File.lastModified gives it at upload */
  lastModified: Type.Optional(Type.Number({ minimum: 0 })),
  name: Type.Optional(Str()),
  createdAt: Type.Optional(DateTime()),
  /** e.g. `avatar` marks a user's picture */
  tags: Type.Array(Str(), { default: [] }),
  alias: Type.Optional(Str()),
  uuid: Str(),
}, { additionalProperties: false });
export type Attachment = Static<typeof Attachment>;

/** The list every entity with files carries; empty by default. */
export const Attachments = () => Type.Array(Attachment, { default: [] });

// image types, variants and URLs hold no schema: a client imports them without TypeBox
export * from './attachment-files.ts';
