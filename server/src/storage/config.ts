/**
 * Which FileStorage the server uses, from the environment (root README, « Configuration »):
 * `COMPTOIR_STORAGE=local` (default: `DATA_DIR/files`) or `s3` (an S3-compatible bucket, named by
 * the `COMPTOIR_S3_*` variables). A bad or missing value stops the start with a French sentence
 * naming the variable; a secret is never repeated in it.
 */
import path from 'node:path';

export interface LocalStorageConfig { kind: 'local'; dir: string }

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** `https://s3.fr-par.scw.cloud`, `http://127.0.0.1:9000`; null: AWS's own endpoint for the region */
  endpoint: string | null;
  /** both or neither; neither: the AWS SDK's default chain (AWS_* variables, instance role…) */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `bucket` in the path rather than the host name (MinIO, s3rver, most self-hosted servers) */
  forcePathStyle: boolean;
  /** prepended to every key: `''` or `segment/…/` */
  prefix: string;
}

export type StorageConfig = LocalStorageConfig | S3StorageConfig;

/** What stops the start: the same class as the other configuration errors (config.ts). */
type ErrorOf = (message: string) => Error;

const S3_VARIABLES = ['COMPTOIR_S3_BUCKET', 'COMPTOIR_S3_REGION', 'COMPTOIR_S3_ENDPOINT', 'COMPTOIR_S3_ACCESS_KEY_ID', 'COMPTOIR_S3_SECRET_ACCESS_KEY', 'COMPTOIR_S3_FORCE_PATH_STYLE', 'COMPTOIR_S3_PREFIX'];

/** S3's rule for bucket names (3 to 63 lower-case letters, digits, dots and hyphens) */
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_RE = /^[a-z0-9][a-z0-9-]{0,62}$/;
const PREFIX_SEGMENT_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

const value = (env: NodeJS.ProcessEnv, name: string) => {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
};

function endpointOf(raw: string | null, error: ErrorOf): string | null {
  if (raw === null) return null;
  let url: URL | null;
  try { url = new URL(raw); } catch { url = null; }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw error(`Configuration invalide : COMPTOIR_S3_ENDPOINT doit être l’adresse du service S3, comme https://s3.fr-par.scw.cloud ou http://127.0.0.1:9000 (reçu « ${raw.slice(0, 100)} »).`);
  }
  return url.origin;
}

function prefixOf(raw: string | null, error: ErrorOf): string {
  if (raw === null) return '';
  const segments = raw.replace(/^\/+|\/+$/g, '').split('/');
  if (raw.length > 200 || !segments.every((s) => PREFIX_SEGMENT_RE.test(s))) {
    throw error(`Configuration invalide : COMPTOIR_S3_PREFIX doit être un chemin de segments faits de lettres, chiffres, « . », « _ » ou « - », comme comptoir/ ou clients/acme (reçu « ${raw.slice(0, 100)} »).`);
  }
  return `${segments.join('/')}/`;
}

function flag(env: NodeJS.ProcessEnv, name: string, error: ErrorOf): boolean {
  const raw = value(env, name);
  if (raw === null) return false;
  if (/^(1|true)$/i.test(raw)) return true;
  if (/^(0|false)$/i.test(raw)) return false;
  throw error(`Configuration invalide : ${name} doit valoir true ou false (reçu « ${raw.slice(0, 40)} »).`);
}

/** The storage named by the environment; `dataDir` is the resolved DATA_DIR. */
export function storageConfig(env: NodeJS.ProcessEnv, dataDir: string, error: ErrorOf): StorageConfig {
  const kind = (value(env, 'COMPTOIR_STORAGE') ?? 'local').toLowerCase();
  if (kind !== 'local' && kind !== 's3') {
    throw error(`Configuration invalide : COMPTOIR_STORAGE doit valoir local ou s3 (reçu « ${String(env.COMPTOIR_STORAGE).slice(0, 40)} »).`);
  }
  if (kind === 'local') {
    const stray = S3_VARIABLES.filter((n) => value(env, n) !== null);
    if (stray.length) {
      throw error(`Configuration invalide : ${stray.join(', ')} ${stray.length > 1 ? 'sont définies' : 'est définie'} mais COMPTOIR_STORAGE ne vaut pas s3 : les fichiers iraient sur le disque local (DATA_DIR). Ajoutez COMPTOIR_STORAGE=s3, ou retirez ${stray.length > 1 ? 'ces variables' : 'cette variable'}.`);
    }
    return { kind: 'local', dir: path.join(dataDir, 'files') };
  }
  const bucket = value(env, 'COMPTOIR_S3_BUCKET');
  if (bucket === null) throw error('Configuration invalide : COMPTOIR_S3_BUCKET est obligatoire avec COMPTOIR_STORAGE=s3 (le nom du seau).');
  if (!BUCKET_RE.test(bucket)) {
    throw error(`Configuration invalide : COMPTOIR_S3_BUCKET doit être un nom de seau S3 (3 à 63 lettres minuscules, chiffres, « . » ou « - ») (reçu « ${bucket.slice(0, 70)} »).`);
  }
  const region = value(env, 'COMPTOIR_S3_REGION') ?? 'us-east-1';
  if (!REGION_RE.test(region)) {
    throw error(`Configuration invalide : COMPTOIR_S3_REGION doit être un nom de région, comme eu-west-3 ou fr-par (reçu « ${region.slice(0, 70)} »).`);
  }
  const accessKeyId = value(env, 'COMPTOIR_S3_ACCESS_KEY_ID');
  const secretAccessKey = value(env, 'COMPTOIR_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw error('Configuration invalide : COMPTOIR_S3_ACCESS_KEY_ID et COMPTOIR_S3_SECRET_ACCESS_KEY vont ensemble (l’une est définie sans l’autre).');
  }
  return {
    kind: 's3',
    bucket,
    region,
    endpoint: endpointOf(value(env, 'COMPTOIR_S3_ENDPOINT'), error),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: flag(env, 'COMPTOIR_S3_FORCE_PATH_STYLE', error),
    prefix: prefixOf(value(env, 'COMPTOIR_S3_PREFIX'), error),
  };
}

/** The storage in French, for messages (never a secret). */
export function describeStorage(c: StorageConfig): string {
  if (c.kind === 'local') return `le dossier ${c.dir}`;
  const where = c.endpoint ?? `AWS (${c.region})`;
  return `le seau S3 « ${c.bucket} »${c.prefix ? ` (préfixe « ${c.prefix} »)` : ''} sur ${where}`;
}
