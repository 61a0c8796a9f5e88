/** The files browser's data: a File as the API answers it, and what a viewer may do with it. */
import type { Attachment, FileDocument } from '@comptoir/schemas';
import { attachmentUrl, isImageAttachment } from '@comptoir/schemas';

export const FILES_PATH = '/kernel/files';
export const MANAGE_FILES = 'kernel.files.manage';

export type FileRecord = FileDocument;

/** The picture a row shows: the first image attachment's square thumbnail. */
export function thumbnailOf(file: FileRecord): string | null {
  const image = file.attachments.find(isImageAttachment);
  return image ? attachmentUrl(image, 's64') : null;
}

/** The link that downloads an attachment under its own name. */
export function downloadUrl(a: Attachment): string {
  return `${attachmentUrl(a)}?download=${encodeURIComponent(a.name ?? a.filename)}`;
}

/** « PDF », « PNG », « Fichier » : what the list says of an attachment's type. */
export function typeLabel(a: Attachment | undefined): string {
  if (!a) return '—';
  const ext = /\.([a-z0-9]+)$/i.exec(a.name ?? a.filename)?.[1];
  return ext ? ext.toUpperCase() : 'Fichier';
}
