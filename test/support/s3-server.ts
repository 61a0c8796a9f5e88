/**
 * A real S3 protocol server for the tests (s3rver: the S3 REST protocol with path-style requests,
 * multipart uploads, the access key's id checked — SigV4 signatures are not verified), in a
 * process of its own (s3rver-process.ts), on a free port of 127.0.0.1 with its objects in a
 * temporary folder. Used by the storage contract suite and by the kernel booted with
 * `COMPTOIR_STORAGE=s3`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import type { S3StorageConfig } from '../../server/src/storage/config.ts';

/** s3rver's built-in account */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface S3TestServer {
  endpoint: string;
  /** the folder s3rver keeps its objects in */
  directory: string;
  /** the storage configuration of a bucket of this server */
  config(bucket: string, prefix?: string): S3StorageConfig;
  /** the environment a kernel needs to store its files in that bucket */
  env(bucket: string, prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

/** Starts s3rver, in its own process, with `buckets` created. */
export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-s3-'));
  const child = fork(path.join(import.meta.dirname, 's3rver-process.ts'), [JSON.stringify({ directory, buckets })], {
    execArgv: ['--openssl-legacy-provider', '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    config: (bucket, prefix = '') => ({
      kind: 's3', bucket, region: 'us-east-1', endpoint, forcePathStyle: true, prefix,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    }),
    env: (bucket, prefix) => ({
      COMPTOIR_STORAGE: 's3', COMPTOIR_S3_ENDPOINT: endpoint, COMPTOIR_S3_BUCKET: bucket, COMPTOIR_S3_REGION: 'us-east-1',
      COMPTOIR_S3_ACCESS_KEY_ID: ACCESS_KEY, COMPTOIR_S3_SECRET_ACCESS_KEY: SECRET_KEY, COMPTOIR_S3_FORCE_PATH_STYLE: 'true',
      ...(prefix ? { COMPTOIR_S3_PREFIX: prefix } : {}),
    }),
    async stop() {
      if (child.connected) child.disconnect();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
