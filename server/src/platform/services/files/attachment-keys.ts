/**
 * Names of stored attachments: the URL segments of /attachment/{folder}/{subfolder}/{filename}/{variant}
 * (platform README « Files and attachments »), their storage keys, and how each is served.
 *
 * - folder: the owner, a 24-hex id (the company for its files, the user for an avatar);
 * - subfolder: what it is for (`files`, `avatar`, a company's `logo`), lower case;
 * - filename: 128 random bits in hex plus the extension (`3f0c…9a.png`): the unguessable part of
 *   the URL, which is therefore a capability (see routes/attachments.ts);
 * - variant: `original` or an image size (ATTACHMENT_VARIANTS).
 * Every segment is checked against its grammar before it reaches storage: no `..`, no slash, no
 * encoded trick can name another key.
 */
import { randomBytes } from 'node:crypto';
import { ATTACHMENT_VARIANTS, IMAGE_MIME, type Attachment, type AttachmentVariant, type ImageKind } from '@comptoir/schemas';
import { IMAGE_EXT } from './upload-content.ts';

export const SUBFOLDERS = { files: 'files', avatar: 'avatar', logo: 'logo' } as const;

const FOLDER_RE = /^[0-9a-f]{24}$/;
const SUBFOLDER_RE = /^[a-z][a-z0-9-]{0,31}$/;
const FILENAME_RE = /^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;

export type AttachmentLocation = Pick<Attachment, 'folder' | 'subfolder' | 'filename'>;

export function newFilename(ext: string | null): string {
  const base = randomBytes(16).toString('hex');
  return ext && /^[a-z0-9]{1,10}$/.test(ext) ? `${base}.${ext}` : base;
}

export function isVariant(v: string): v is AttachmentVariant {
  return (ATTACHMENT_VARIANTS as readonly string[]).includes(v);
}

/** Whether the three segments are ours (the grammar above). */
export function isWellFormed(a: AttachmentLocation): boolean {
  return FOLDER_RE.test(a.folder) && SUBFOLDER_RE.test(a.subfolder ?? '') && FILENAME_RE.test(a.filename);
}

export function storageKey(a: AttachmentLocation, variant: AttachmentVariant): string {
  if (!isWellFormed(a)) throw new Error(`not an attachment of ours: ${JSON.stringify(a)}`);
  return `${a.folder}/${a.subfolder}/${a.filename}/${variant}`;
}

/** Every key an attachment may occupy: its original and each variant made so far. */
export function keysOf(a: AttachmentLocation): string[] {
  return ATTACHMENT_VARIANTS.map((v) => storageKey(a, v));
}

export type ParsedPath =
  | { ok: true; location: Required<AttachmentLocation>; variant: string }
  | { ok: false };

/** The segments after `/attachment/`; `ok: false` for anything outside the grammar. */
export function parseAttachmentPath(rest: string): ParsedPath {
  const raw = rest.split('/');
  if (raw.length !== 4) return { ok: false };
  const segments: string[] = [];
  for (const s of raw) {
    try { segments.push(decodeURIComponent(s)); } catch { return { ok: false }; }
  }
  const [folder, subfolder, filename, variant] = segments;
  const location = { folder, subfolder, filename };
  if (!isWellFormed(location) || !/^[a-z0-9]{1,16}$/.test(variant)) return { ok: false };
  return { ok: true, location, variant };
}

const IMAGE_BY_EXT = new Map<string, ImageKind>(
  (Object.entries(IMAGE_EXT) as [ImageKind, string][]).map(([kind, ext]) => [ext, kind]),
);

export interface Served {
  /** Content-Type of the original */
  mime: string;
  /** shown in the browser (images, PDF) rather than downloaded */
  inline: boolean;
  image: ImageKind | null;
}

/**
 * How an original is served, from the extension the upload gave its name: accepted images and PDF
 * as themselves, anything else as a download of opaque bytes (an uploaded HTML page never renders
 * on our origin).
 */
export function servedAs(filename: string): Served {
  const ext = /\.([a-z0-9]+)$/.exec(filename)?.[1] ?? '';
  const image = IMAGE_BY_EXT.get(ext) ?? null;
  if (image) return { mime: IMAGE_MIME[image], inline: true, image };
  if (ext === 'pdf') return { mime: 'application/pdf', inline: true, image: null };
  return { mime: 'application/octet-stream', inline: false, image: null };
}
