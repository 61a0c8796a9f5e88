/**
 * What an uploaded file really is, judged by its first bytes against what the client declared
 * (its name, its `mime[]`). Plain functions, tested directly (server/test/upload-content.test.ts).
 *
 * The policy (server/src/platform/README.md, « Files »):
 * 1. Programs are refused, recognised by their content (file-type: PE, ELF, Mach-O, Java…) or by
 *    the extension of their name (.exe, .bat, .msi…).
 * 2. A file that claims to be an image, by its mime type or its extension, must be one of the
 *    accepted images of platform README « Platform rules and constants » (png, svg, tiff, webp, gif, jpeg, icon) and its content must be
 *    that image; an SVG is checked whole afterwards (upload-svg.ts).
 * 3. A file that claims a format with a signature (PDF, ZIP and the office formats built on it, the
 *    older Office formats) must carry that signature.
 * 4. Anything else is kept as an opaque file, served only as a download.
 * The stored mime type is the one the content proves (images) or the declared one, never a guess.
 */
import { fileTypeFromBuffer, type FileTypeResult } from 'file-type';
import { badRequest } from '@comptoir/sdk';
import { IMAGE_MIME, type ImageKind } from '@comptoir/schemas';

/** Bytes file-type needs to recognise every format it knows. */
export const SNIFF_BYTES = 4100;

export interface Declared {
  name: string;
  /** as sent in `mime[]`; empty or application/octet-stream when the browser did not know */
  mime: string;
}

export interface Verdict {
  /** the mime type stored in the attachment */
  mime: string;
  /** extension of the stored file name, lower case, without the dot (null: none) */
  ext: string | null;
  /** an accepted image type, or null for an opaque file */
  image: ImageKind | null;
}

export const IMAGE_LABEL: Record<ImageKind, string> = {
  png: 'PNG', svg: 'SVG', tiff: 'TIFF', webp: 'WebP', gif: 'GIF', jpeg: 'JPEG', icon: 'ICO',
};
const ACCEPTED_LABELS = 'PNG, SVG, TIFF, WebP, GIF, JPEG ou ICO';

/** Extension of each image type in stored names. */
export const IMAGE_EXT: Record<ImageKind, string> = {
  png: 'png', svg: 'svg', tiff: 'tif', webp: 'webp', gif: 'gif', jpeg: 'jpg', icon: 'ico',
};

const IMAGE_BY_MIME: Partial<Record<string, ImageKind>> = {
  'image/png': 'png', 'image/x-png': 'png', 'image/apng': 'png',
  'image/svg+xml': 'svg', 'image/svg': 'svg',
  'image/tiff': 'tiff', 'image/tif': 'tiff',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/pjpeg': 'jpeg',
  'image/vnd.microsoft.icon': 'icon', 'image/x-icon': 'icon', 'image/ico': 'icon', 'image/icon': 'icon',
};

const IMAGE_BY_EXT: Partial<Record<string, ImageKind>> = {
  png: 'png', apng: 'png', svg: 'svg', tif: 'tiff', tiff: 'tiff', webp: 'webp', gif: 'gif',
  jpg: 'jpeg', jpeg: 'jpeg', jpe: 'jpeg', jfif: 'jpeg', pjpeg: 'jpeg', ico: 'icon',
};

/** Image extensions of types platform README « Platform rules and constants » does not accept: refused rather than stored as opaque. */
const OTHER_IMAGE_EXTS = new Set(['bmp', 'heic', 'heif', 'avif', 'jxl', 'psd', 'xcf', 'cr2', 'cr3', 'nef', 'arw', 'dng', 'raf', 'orf', 'rw2', 'jp2', 'jxr', 'icns', 'cur', 'svgz', 'emf', 'wmf']);

/** file-type's answers for the accepted images. */
const IMAGE_BY_DETECTED: Partial<Record<string, ImageKind>> = {
  png: 'png', apng: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp', tif: 'tiff', ico: 'icon',
};

const PROGRAM_CONTENT = new Set(['exe', 'elf', 'macho', 'class', 'jar', 'apk', 'crx', 'xpi', 'deb', 'rpm', 'lnk', 'reg', 'swf', 'wasm']);
const PROGRAM_EXTS = new Set(['exe', 'com', 'scr', 'pif', 'bat', 'cmd', 'msi', 'msp', 'dll', 'cpl', 'hta', 'vbs', 'vbe', 'jse', 'wsf', 'wsh', 'ps1', 'psm1', 'lnk', 'reg', 'jar', 'apk', 'app', 'deb', 'rpm']);

interface SignedFormat { label: string; exts: string[]; mimes: (m: string) => boolean; detected: string[] }

const ZIP_DETECTED = ['zip', 'docx', 'xlsx', 'pptx', 'docm', 'xlsm', 'pptm', 'dotx', 'dotm', 'xltx', 'xltm', 'potx', 'potm', 'ppsx', 'ppsm', 'odt', 'ods', 'odp', 'odg', 'ott', 'ots', 'otp', 'otg', 'epub', 'vsdx', '3mf'];

const SIGNED: SignedFormat[] = [
  { label: 'PDF', exts: ['pdf'], mimes: (m) => m === 'application/pdf', detected: ['pdf'] },
  {
    label: 'ZIP (archive ou document bureautique)',
    exts: ['zip', 'docx', 'xlsx', 'pptx', 'docm', 'xlsm', 'pptm', 'odt', 'ods', 'odp', 'odg', 'epub'],
    mimes: (m) => m === 'application/zip' || m === 'application/x-zip-compressed' || m === 'application/epub+zip'
      || m.startsWith('application/vnd.openxmlformats-officedocument.') || m.startsWith('application/vnd.oasis.opendocument.'),
    detected: ZIP_DETECTED,
  },
  {
    label: 'Microsoft Office (97–2003)',
    exts: ['doc', 'xls', 'ppt'],
    mimes: (m) => m === 'application/msword' || m === 'application/vnd.ms-excel' || m === 'application/vnd.ms-powerpoint',
    detected: ['cfb'],
  },
];

const GENERIC_MIMES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);
const MIME_RE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** Lower-case extension of a file name, without the dot; null when it has none usable. */
export function extensionOf(name: string): string | null {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return m ? m[1].toLowerCase() : null;
}

/** A declared mime type, lower case and without parameters; '' when absent or malformed. */
export function cleanMime(mime: string): string {
  const bare = mime.split(';')[0].trim().toLowerCase();
  return MIME_RE.test(bare) ? bare : '';
}

const refuse = (message: string) => badRequest(message, [{ field: 'files', message }]);

function describe(detected: FileTypeResult | undefined): string {
  if (!detected) return 'du texte ou un format non reconnu';
  const image = IMAGE_BY_DETECTED[detected.ext];
  if (image) return `une image ${IMAGE_LABEL[image]}`;
  if (PROGRAM_CONTENT.has(detected.ext)) return 'un programme';
  return `un fichier ${detected.ext.toUpperCase()}`;
}

/** The image type a file claims by its mime type and its name; 'other' for a refused image type. */
function claimedImage(name: string, mime: string): ImageKind | 'other' | null {
  const byMime = mime.startsWith('image/') ? (IMAGE_BY_MIME[mime] ?? 'other') : null;
  const ext = extensionOf(name);
  const byExt = ext ? (IMAGE_BY_EXT[ext] ?? (OTHER_IMAGE_EXTS.has(ext) ? 'other' : null)) : null;
  if (byMime === 'other' || byExt === 'other') return 'other';
  if (byMime && byExt && byMime !== byExt) {
    throw refuse(`Le fichier « ${name} » annonce deux types d’image différents (${IMAGE_LABEL[byMime]} et ${IMAGE_LABEL[byExt]}) : il est refusé.`);
  }
  return byMime ?? byExt;
}

/**
 * The verdict on a file from its declaration and its first bytes (`SNIFF_BYTES`, or the whole file
 * when shorter); throws a French 400 naming the file when it is refused.
 */
export async function judgeContent(declared: Declared, head: Uint8Array): Promise<Verdict> {
  const { name } = declared;
  const mime = cleanMime(declared.mime);
  const ext = extensionOf(name);
  const detected = head.length ? await fileTypeFromBuffer(head) : undefined;

  if ((detected && PROGRAM_CONTENT.has(detected.ext)) || (ext && PROGRAM_EXTS.has(ext))) {
    throw refuse(`Le fichier « ${name} » est un programme : les programmes ne sont pas acceptés.`);
  }

  const image = claimedImage(name, mime);
  if (image === 'other') {
    throw refuse(`Le fichier « ${name} » n’est pas d’un type d’image accepté : envoyez une image ${ACCEPTED_LABELS}.`);
  }
  if (image) {
    const actual = detected ? IMAGE_BY_DETECTED[detected.ext] : undefined;
    // an SVG is text: file-type sees XML at most; the whole text is checked after (upload-svg.ts)
    const fits = image === 'svg' ? (!detected || detected.ext === 'xml') : actual === image;
    if (!fits) {
      throw refuse(`Le fichier « ${name} » n’est pas une image ${IMAGE_LABEL[image]} : son contenu est ${describe(detected)}. Il est refusé.`);
    }
    return { mime: IMAGE_MIME[image], ext: IMAGE_EXT[image], image };
  }

  // nothing claimed (no type, no extension known): an accepted image is recognised as such
  const unclaimed = detected && GENERIC_MIMES.has(mime) ? IMAGE_BY_DETECTED[detected.ext] : undefined;
  if (unclaimed && !(ext && SIGNED.some((f) => f.exts.includes(ext)))) {
    return { mime: IMAGE_MIME[unclaimed], ext: IMAGE_EXT[unclaimed], image: unclaimed };
  }

  const signed = SIGNED.find((f) => f.mimes(mime) || (ext !== null && f.exts.includes(ext)));
  if (signed && !(detected && signed.detected.includes(detected.ext))) {
    throw refuse(`Le fichier « ${name} » n’est pas un fichier ${signed.label} : son contenu est ${describe(detected)}. Il est refusé.`);
  }
  const stored = GENERIC_MIMES.has(mime) ? (detected?.mime ?? 'application/octet-stream') : mime;
  return { mime: stored, ext, image: null };
}
