/**
 * An upload from the request to storage: the form is read as a stream (upload-form.ts), each
 * file's first bytes are judged against its declaration (upload-content.ts), then its bytes are
 * streamed to storage under a new random name while their count is held to the declared size. An
 * SVG is read whole (it is checked as XML before it is stored); an image's header is read once
 * stored (dimensions: more than MAX_PIXELS is a 413). Any refusal removes every object this upload
 * stored: a refused upload leaves no bytes behind, even when it is refused half-way through a file.
 */
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { badRequest } from '@comptoir/sdk';
import type { Attachment, ImageKind } from '@comptoir/schemas';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { readUploadForm, tooLarge, type DeclaredFile, type UploadLimits } from '../../../http/upload-form.ts';
import { judgeContent, SNIFF_BYTES, IMAGE_LABEL } from './upload-content.ts';
import { svgProblem, svgText } from './upload-svg.ts';
import { newFilename, storageKey } from './attachment-keys.ts';
import { imageInfo, MAX_PIXELS, MAX_PIXELS_TEXT, UnreadableImageError } from './attachment-variants.ts';
import { removeKeys } from './attachment-release.ts';

export interface UploadTarget {
  storage: FileStorage;
  limits: UploadLimits;
  /** owner id and purpose: the attachment's folder and subfolder */
  folder: string;
  subfolder: string;
  now: Date;
  tags?: string[];
  /** accepted images only (an avatar) */
  imagesOnly?: boolean;
  /** only these image types (a company's logo: PNG or JPEG), judged on the content like imagesOnly */
  imageKinds?: readonly ImageKind[];
  /** checks the JSON fields before the first byte is stored; throws to refuse */
  fields(fields: Record<string, unknown>): void;
}

export interface Received {
  fields: Record<string, unknown>;
  attachments: Attachment[];
  /** storage keys written: to remove if what follows (the database write) fails */
  keys: string[];
}

const refuse = (message: string) => badRequest(message, [{ field: 'files', message }]);

type Chunks = AsyncIterator<Buffer>;

async function readHead(chunks: Chunks): Promise<{ head: Buffer; done: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) return { head: Buffer.concat(parts), done: true };
    parts.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(parts), done: false };
}

/**
 * The file's bytes, head first, held to the declared size: more is refused as soon as it arrives,
 * less at the end.
 */
async function* declaredBytes(head: Buffer, chunks: Chunks, done: boolean, declared: DeclaredFile): AsyncGenerator<Buffer> {
  let seen = 0;
  const take = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > declared.size) throw refuse(`Le fichier « ${declared.name} » est plus gros que sa taille annoncée (size[${declared.index}] = ${declared.size} octets) : il est refusé.`);
    return chunk;
  };
  if (head.length) yield take(head);
  while (!done) {
    const next = await chunks.next();
    if (next.done) break;
    yield take(next.value);
  }
  if (seen < declared.size) throw refuse(`Le fichier « ${declared.name} » est plus petit que sa taille annoncée (${seen} octets reçus, ${declared.size} annoncés) : il est refusé.`);
}

async function checkImage(bytes: Buffer, kind: ImageKind, name: string): Promise<void> {
  let info;
  try {
    info = await imageInfo(bytes, kind);
  } catch (e) {
    if (e instanceof UnreadableImageError) throw refuse(`L’image « ${name} » est illisible ou endommagée (${IMAGE_LABEL[kind]}) : elle est refusée.`);
    throw e;
  }
  if (info.width * info.height > MAX_PIXELS) {
    throw tooLarge(`L’image « ${name} » est trop grande (${info.width} × ${info.height} pixels) : ${MAX_PIXELS_TEXT} au plus.`);
  }
}

async function storeOne(declared: DeclaredFile, stream: Readable, target: UploadTarget, keys: string[]): Promise<Attachment> {
  const chunks = stream[Symbol.asyncIterator]() as Chunks;
  const { head, done } = await readHead(chunks);
  const verdict = await judgeContent(declared, head);
  if (target.imagesOnly && !verdict.image) {
    throw refuse(`Le fichier « ${declared.name} » n’est pas une image : envoyez une image PNG, SVG, TIFF, WebP, GIF, JPEG ou ICO.`);
  }
  if (target.imageKinds && !(verdict.image && target.imageKinds.includes(verdict.image))) {
    const kinds = target.imageKinds.map((k) => IMAGE_LABEL[k]);
    const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} ou ${kinds.at(-1)}` : kinds[0];
    throw refuse(`Le fichier « ${declared.name} » n’est pas une image ${list} : envoyez une image ${list}.`);
  }
  const location = { folder: target.folder, subfolder: target.subfolder, filename: newFilename(verdict.ext) };
  const key = storageKey(location, 'original');
  keys.push(key);
  let size: number;
  if (verdict.image === 'svg') {
    const parts: Buffer[] = [];
    for await (const chunk of declaredBytes(head, chunks, done, declared)) parts.push(chunk);
    const bytes = Buffer.concat(parts);
    const text = svgText(bytes);
    const problem = text === null ? 'ce n’est pas un texte UTF-8' : svgProblem(text);
    if (problem) throw refuse(`Le fichier SVG « ${declared.name} » est refusé : ${problem}.`);
    await target.storage.put(key, bytes);
    size = bytes.length;
    await checkImage(bytes, 'svg', declared.name);
  } else {
    const source = Readable.from(declaredBytes(head, chunks, done, declared), { objectMode: false });
    ({ size } = await target.storage.putStream(key, source));
    if (verdict.image) await checkImage((await target.storage.get(key))!, verdict.image, declared.name);
  }
  return {
    mime: verdict.mime, size, ...location, lastModified: declared.lastModified, name: declared.name,
    createdAt: target.now.toISOString(), tags: [...(target.tags ?? [])], uuid: randomUUID(),
  };
}

/** Reads the upload into storage; on any refusal, what was stored is removed before rethrowing. */
export async function receiveUpload(req: IncomingMessage, target: UploadTarget): Promise<Received> {
  const keys: string[] = [];
  try {
    const form = await readUploadForm(req, target.limits, {
      fields: target.fields,
      file: (declared, stream) => storeOne(declared, stream, target, keys),
    });
    return { fields: form.fields, attachments: form.files, keys };
  } catch (e) {
    await removeKeys(target.storage, keys);
    throw e;
  }
}
