/**
 * Where attachments' bytes live (docs/architecture.md « Scale-out »): local disk by default (local-disk.ts, `DATA_DIR/files`),
 * an S3-compatible bucket when scaled out (s3.ts, `COMPTOIR_STORAGE=s3`); chosen by configuration
 * (config.ts) and opened once at boot (open.ts). Everything above this interface speaks in keys;
 * nothing reads `DATA_DIR/files` directly (backups included), so either plugs in without touching
 * the kernel.
 *
 * Keys are relative paths of `/`-separated segments made of `A-Z a-z 0-9 . _ -`, never starting
 * with a dot (no `.`, `..`, hidden names): `<folder>/<subfolder>/<filename>/<variant>`.
 *
 * Contract every implementation keeps (server/test/storage-contract.test.ts runs the same suite on
 * both, the S3 one against a real S3 protocol server):
 * - **atomic writes**: an object is visible only once complete. A `putStream` whose source fails
 *   or is destroyed half-way (an upload refused mid-stream) leaves nothing behind and rejects with
 *   the source's error. Writing an existing key replaces it whole (readers see the old or the new).
 * - **missing is not an error**: `get`/`getStream`/`stat` answer null, `remove` does nothing.
 * - `list(prefix)` yields every complete key starting with `prefix`, in no particular order
 *   (names outside the key grammar, put there by hand, are not keys and are left out).
 * - large objects are streamed both ways, never held whole (`put`/`get` are for small ones).
 *
 * The S3 mapping (s3.ts, `@aws-sdk/client-s3` and `@aws-sdk/lib-storage`; bucket, region,
 * endpoint, `forcePathStyle` for MinIO and the like, an optional key prefix):
 * - `put` -> PutObject; `putStream` -> lib-storage `Upload` (multipart for large bodies, length
 *   unknown in advance); on a source error the multipart upload is aborted (AbortMultipartUpload):
 *   S3 never exposes a partial object, so the atomicity comes for free. Answers the number of bytes
 *   counted while streaming.
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

/** Whether `key` follows the grammar above. */
export function isStorageKey(key: string): boolean {
  return key.length <= 1024 && key.split('/').every((s) => SEGMENT.test(s));
}

/** Throws on a key outside the grammar above: a programming error, never user input. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
