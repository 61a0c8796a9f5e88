/**
 * A document of the files browser (schemas README « File »):
 * a name, a description, a type and its attachments, filed in a group. Its total `size` is the sum
 * of its attachments' sizes, derived on every write and stored as a column so that lists sort and
 * sum on it. Attachments arrive only through the multipart upload (`POST /api/kernel/files`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Nullable, Str, Text } from '../kinds.ts';
import { Attachments, isImageAttachment, type Attachment } from './attachment.ts';
import { withDefault } from './with-default.ts';

/** `binary` (the spec's default) or `image` when every attachment is an accepted image. */
export const FILE_TYPES = ['binary', 'image'] as const;

export const FileDocument = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  type: Str({ default: 'binary' }),
  attachments: Attachments(),
  /** bytes, the sum of the attachments' sizes (a double column: exact far beyond 2 GiB) */
  size: Type.Integer({ minimum: 0, default: 0, 'x-kind': 'number' }),
}, {
  company: Id(),
  /** a Group of the kernel (its shape only is checked: groups are their own service) */
  group: withDefault(Nullable(Id()), null),
});
export type FileDocument = Static<typeof FileDocument>;

const GroupRef = Type.Object({ group: Type.Optional(Nullable(Id())) }, { additionalProperties: false });

/** What a person may change: the name, the description, the group. */
export const FileUpdateInput = Type.Object({
  name: Type.Optional(Str({ minLength: 1 })),
  description: Type.Optional(Text()),
  fk: Type.Optional(GroupRef),
}, { additionalProperties: false });
export type FileUpdateInput = Static<typeof FileUpdateInput>;

/**
 * The JSON-encoded fields of the upload form (schemas README « File »); `name` defaults to the first file's
 * name. The per-file arrays (`name[]`, `mime[]`, `size[]`, `lastModified[]`) and `fileCount` are
 * read by the form parser, not here.
 */
export const FileUploadFields = Type.Object({
  name: Type.Optional(Str({ minLength: 1 })),
  description: Type.Optional(Text()),
  fk: Type.Optional(GroupRef),
}, { additionalProperties: false });
export type FileUploadFields = Static<typeof FileUploadFields>;

/** The derived fields of a File: total size and type, from its attachments. */
export function fileTotals(attachments: readonly Pick<Attachment, 'size' | 'mime'>[]): { size: number; type: string } {
  const size = attachments.reduce((sum, a) => sum + a.size, 0);
  const type = attachments.length > 0 && attachments.every(isImageAttachment) ? 'image' : 'binary';
  return { size, type };
}
