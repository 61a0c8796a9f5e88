/**
 * The S3-compatible FileStorage (`COMPTOIR_STORAGE=s3`): AWS S3, MinIO, Scaleway, OVH, Garage…
 * through `@aws-sdk/client-s3`, mapped as file-storage.ts writes it. Keys are the same as on local
 * disk (`<folder>/<subfolder>/<filename>/<variant>`), under an optional prefix. Tested against a
 * real S3 protocol server (s3rver) by the same contract suite as the local disk
 * (server/test/storage-contract.test.ts).
 *
 * - Streams in: lib-storage's `Upload` (one PutObject below 5 Mo, a multipart upload above, two
 *   5 Mo parts sent at once: a 50 Mo file is never held whole). A source that fails half-way
 *   makes the upload fail before any object exists (S3 shows an object only once complete, and a
 *   multipart upload only once completed); its parts are aborted (or left to the bucket's
 *   lifecycle rule if the abort fails). The caller gets the source's own error.
 * - Streams out: GetObject's body, never buffered for `getStream`.
 * - Missing: `NoSuchKey` / 404 answer null, as the local disk does; any other error (a missing
 *   bucket, refused credentials) is thrown.
 * - Checksums only when the service requires them (`WHEN_REQUIRED`): the SDK's default CRC32 trailers
 *   are not understood by many S3-compatible servers.
 */
import type { Readable } from 'node:stream';
import { Transform, pipeline } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, isStorageKey, type FileStorage } from './file-storage.ts';
import type { S3StorageConfig } from './config.ts';

// the pinned SDK supports Node 20, which the product targets; its notice that later versions
// will not is for whoever upgrades it (root README), not for every start of the server
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** bytes per part of a multipart upload (S3's minimum), and parts in flight at once */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

interface S3Error { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } }

/**
 * The object is not there (a missing bucket is an error, not an absence). A HEAD answer carries
 * no body, so `stat` cannot tell a missing bucket from a missing object: the bucket is checked at
 * boot (open.ts).
 */
function isMissing(e: unknown): boolean {
  const err = e as S3Error;
  if (err?.name === 'NoSuchBucket' || err?.Code === 'NoSuchBucket') return false;
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
}

export interface S3FileStorage extends FileStorage {
  readonly client: S3Client;
  /** the bucket answers with these credentials (HeadBucket); throws otherwise */
  check(): Promise<void>;
  close(): void;
}

/** `pageSize`: keys per listing request (S3's default and maximum: 1 000) */
export function s3Storage(c: S3StorageConfig, options: { pageSize?: number } = {}): S3FileStorage {
  const client = new S3Client({
    region: c.region,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    ...(c.credentials ? { credentials: c.credentials } : {}),
    forcePathStyle: c.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = c.bucket;
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${c.prefix}${key}`;
  };

  async function getObject(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  return {
    client,

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    close() { client.destroy(); },

    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentLength: data.length }));
    },

    async putStream(key, source: Readable) {
      const Key = objectKey(key);
      let size = 0;
      let sourceError: Error | null = null;
      source.once('error', (e: Error) => { sourceError ??= e; });
      // counted as it flows; the source's failure destroys the body with its error, which fails the upload
      const body = new Transform({
        transform(chunk: Buffer, _enc, done) { size += chunk.length; done(null, chunk); },
      });
      pipeline(source, body, () => undefined);
      const upload = new Upload({ client, params: { Bucket, Key, Body: body }, partSize: PART_SIZE, queueSize: PARTS_IN_FLIGHT });
      try {
        await upload.done();
      } catch (e) {
        source.destroy();
        body.destroy();
        throw sourceError ?? e;
      }
      if (sourceError) throw sourceError;
      return { size };
    },

    async get(key) {
      const out = await getObject(key);
      if (!out?.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    },

    async getStream(key) {
      const out = await getObject(key);
      if (!out?.Body) return null;
      return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },

    async remove(key) {
      // idempotent in S3: a missing key is not an error
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${c.prefix}${prefix}`, ContinuationToken, MaxKeys: options.pageSize }));
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(c.prefix.length);
          // objects of our prefix that are not ours (put there by hand) are not keys
          if (key && o.Key!.startsWith(c.prefix) && isStorageKey(key)) yield key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
