/**
 * The image types, variants and URL of a stored file (schemas README « Attachment »), apart from the
 * schema in attachment.ts so that a browser screen using them does not download TypeBox.
 */
import type { Attachment } from './attachment.ts';

/** The accepted image types, in the order of platform README « Platform rules and constants ». */
export const IMAGE_KINDS = ['png', 'svg', 'tiff', 'webp', 'gif', 'jpeg', 'icon'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** The stored mime type of each accepted image type. */
export const IMAGE_MIME: Record<ImageKind, string> = {
  png: 'image/png', svg: 'image/svg+xml', tiff: 'image/tiff', webp: 'image/webp', gif: 'image/gif',
  jpeg: 'image/jpeg', icon: 'image/vnd.microsoft.icon',
};

/**
 * Variants of an attachment: `original` (the bytes as uploaded), `w<N>` (an image `N` pixels wide at
 * most, height in proportion) and `s<N>` (a square `N`×`N` thumbnail, cropped at the centre).
 * Image variants are PNG when the image has transparency, JPEG otherwise.
 */
export const IMAGE_WIDTHS = [64, 160, 320, 640, 1280, 1920] as const;
export const IMAGE_SQUARES = [64, 160, 320] as const;
export const ATTACHMENT_VARIANTS = [
  'original', ...IMAGE_WIDTHS.map((w) => `w${w}` as const), ...IMAGE_SQUARES.map((s) => `s${s}` as const),
] as const;
export type AttachmentVariant = (typeof ATTACHMENT_VARIANTS)[number];

/** Whether the attachment is an image with variants (the accepted types of platform README « Platform rules and constants »). */
export function isImageAttachment(a: Pick<Attachment, 'mime'>): boolean {
  return Object.values(IMAGE_MIME).includes(a.mime);
}

/** `/attachment/{folder}/{subfolder}/{filename}/{variant}` (schemas README « Attachment »). */
export function attachmentUrl(a: Pick<Attachment, 'folder' | 'subfolder' | 'filename'>, variant: AttachmentVariant = 'original'): string {
  return ['', 'attachment', a.folder, a.subfolder ?? '', a.filename, variant].map(encodeURIComponent).join('/');
}

/** The first attachment carrying `tag` (a user's `avatar`), if any. */
export function taggedAttachment<A extends Pick<Attachment, 'tags'>>(list: readonly A[] | undefined, tag: string): A | undefined {
  return list?.find((a) => a.tags?.includes(tag));
}
