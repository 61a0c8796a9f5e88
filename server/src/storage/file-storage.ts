/**
 * Where attachments' bytes live (DESIGN §2: local disk by default, S3-compatible storage when
 * scaled out). Everything above this interface speaks in keys; nothing reads `DATA_DIR/files`
 * directly, so another implementation plugs in without touching the kernel.
 *
 * Keys are relative paths of `/`-separated segments made of `A-Z a-z 0-9 . _ -`, never starting
 * with a dot (no `.`, `..`, hidden names): `<folder>/<subfolder>/<filename>/<variant>`.
 *
 * Contract every implementation keeps (the kernel's tests check it on the local one):
 * - **atomic writes**: an object is visible only once complete. A `putStream` whose source fails
 *   or is destroyed half-way (an upload refused mid-stream) leaves nothing behind and rejects with
 *   the source's error. Writing an existing key replaces it whole (readers see the old or the new).
 * - **missing is not an error**: `get`/`getStream`/`stat` answer null, `remove` does nothing.
 * - `list(prefix)` yields every complete key starting with `prefix`, in no particular order.
 *
 * An S3-compatible implementation (AWS S3, MinIO, Scaleway, OVH — none runs here, so none is
 * shipped untested) maps them as follows, with `@aws-sdk/client-s3` and `@aws-sdk/lib-storage`,
 * configured by bucket, region, endpoint (`forcePathStyle` for MinIO) and an optional key prefix:
 * - `put` -> PutObject; `putStream` -> lib-storage `Upload` (multipart for large bodies, length
 *   unknown in advance); on a source error call `upload.abort()`, which sends
 *   AbortMultipartUpload: S3 never exposes a partial object, so the atomicity comes for free.
 *   Answer the number of bytes counted while streaming.
 * - `get` / `getStream` -> GetObject (`Body` is the stream, `ContentLength` the size);
 *   `stat` -> HeadObject; `NoSuchKey` / 404 -> null.
 * - `remove` -> DeleteObject (idempotent in S3).
 * - `list` -> ListObjectsV2 with `Prefix`, following `ContinuationToken`.
 * Add a lifecycle rule aborting incomplete multipart uploads after a day (a crashed process).
 */
import type { Readable } from 'node:stream';

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** streams `source` to `key`; resolves with the bytes written once the object is complete */
  putStream(key: string, source: Readable): Promise<{ size: number }>;
  get(key: string): Promise<Buffer | null>;
  getStream(key: string): Promise<{ stream: Readable; size: number } | null>;
  stat(key: string): Promise<{ size: number } | null>;
  remove(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<string>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Throws on a key outside the grammar above: a programming error, never user input. */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 1024 || segments.some((s) => !SEGMENT.test(s))) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
