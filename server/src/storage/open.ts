/**
 * Opens the configured FileStorage once per process (the kernel at boot, `npm run backup` and
 * `npm run restore`). An S3 bucket is asked at once (HeadBucket): a wrong endpoint, bucket or key
 * stops the start with a French sentence naming the variables, rather than the first upload
 * failing.
 */
import { ConfigError } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { describeStorage, type StorageConfig } from './config.ts';
import { localDiskStorage } from './local-disk.ts';

export interface OpenedStorage {
  storage: FileStorage;
  /** where the files are, in French (`le dossier …/files`, `le seau S3 « … » sur …`) */
  description: string;
  close(): Promise<void>;
}

function s3Problem(e: unknown, bucket: string): string {
  const err = e as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = err?.$metadata?.httpStatusCode;
  if (status === 404 || err?.name === 'NoSuchBucket') return `le seau « ${bucket} » n’existe pas (COMPTOIR_S3_BUCKET)`;
  if (status === 401 || status === 403) return 'accès refusé : vérifiez COMPTOIR_S3_ACCESS_KEY_ID, COMPTOIR_S3_SECRET_ACCESS_KEY et les droits de la clé sur ce seau';
  if (status === 301 || err?.name === 'PermanentRedirect') return 'le seau est dans une autre région (COMPTOIR_S3_REGION)';
  return `service injoignable (COMPTOIR_S3_ENDPOINT) : ${err?.code ?? err?.name ?? ''} ${err?.message ?? String(e)}`.replace(/\s+/g, ' ').trim();
}

export async function openStorage(config: StorageConfig): Promise<OpenedStorage> {
  const description = describeStorage(config);
  if (config.kind === 'local') {
    return { storage: localDiskStorage(config.dir), description, close: async () => undefined };
  }
  // the AWS SDK takes most of a second to load: only when a bucket is configured
  const { s3Storage } = await import('./s3.ts');
  const storage = s3Storage(config);
  try {
    await storage.check();
  } catch (e) {
    storage.close();
    throw new ConfigError(`Stockage des fichiers inutilisable (COMPTOIR_STORAGE=s3, ${description}) : ${s3Problem(e, config.bucket)}.`);
  }
  return { storage, description, close: async () => storage.close() };
}
