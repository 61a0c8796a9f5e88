/**
 * Configuration from the environment, validated at start: a bad value stops the boot with a French
 * sentence naming the variable (docs/architecture.md « Boot order », step 1).
 */
import path from 'node:path';
import { storageConfig, type StorageConfig } from './storage/config.ts';
import { LOG_FORMATS, type LogFormat } from './util/log-format.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  pluginsPaths: string[];
  redisUrl: string | null;
  /** Redis pub/sub channel of the WebSocket fan-out (processes of one installation share it) */
  redisChannel: string;
  /** the address people reach the shell at (`https://comptoir.exemple.fr`), for links in e-mails */
  publicUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  /**
   * COMPTOIR_DEMO: `true` (1) lets the first start of an empty database seed the demo account on
   * any engine and in production, `false` (0) never seeds it at start, `null` (unset) seeds it only
   * on an empty embedded SQLite database outside production without COMPTOIR_ADMIN_* (kernel README)
   */
  demo: boolean | null;
  /** NODE_ENV=production */
  production: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** LOG_FORMAT: auto (readable on a terminal, JSON otherwise), pretty or json (util/log-format.ts) */
  logFormat: LogFormat;
  /** JSON body limit in bytes */
  bodyLimit: number;
  /** failed logins allowed per e-mail and IP within `loginWindowSeconds` */
  loginAttempts: number;
  loginWindowSeconds: number;
  /** reverse proxies in front of the server whose X-Forwarded-For is believed (0: none) */
  trustProxy: number;
  /** built-in plugins folder (`plugins/` of the checkout) */
  builtinPluginsDir: string;
  /** the shell's build (`host/dist` of the checkout) */
  hostDist: string;
  /** uploads (POST /api/kernel/files, avatars): bytes per file, bytes per request, files per request */
  uploadFileLimit: number;
  uploadRequestLimit: number;
  uploadMaxFiles: number;
  /** seconds between two rounds of the job scheduler; 0 = no timer (rounds only by hand, tests) */
  jobsIntervalSeconds: number;
  /** where attachments' bytes live: `DATA_DIR/files` or an S3-compatible bucket (storage/config.ts) */
  storage: StorageConfig;
}

export class ConfigError extends Error { override name = 'ConfigError'; }

const MIB = 1024 * 1024;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`Configuration invalide : ${name} doit être un entier entre ${min} et ${max} (reçu « ${raw} »).`);
  }
  return Number(raw);
}

function optional(env: NodeJS.ProcessEnv, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

/** `https://host[:port]` from COMPTOIR_PUBLIC_URL (a trailing slash is fine, a path is not). */
function publicOrigin(raw: string | null): string | null {
  if (raw === null) return null;
  let url: URL | null;
  try { url = new URL(raw); } catch { url = null; }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new ConfigError(`Configuration invalide : COMPTOIR_PUBLIC_URL doit être l’adresse du serveur, comme https://comptoir.exemple.fr (reçu « ${raw} »).`);
  }
  return url.origin;
}

/** COMPTOIR_TRUST_PROXY: how many reverse proxies append to X-Forwarded-For (`true` = 1). */
function trustProxy(raw: string | null): number {
  if (raw === null || raw === 'false') return 0;
  if (raw === 'true') return 1;
  if (/^\d+$/.test(raw) && Number(raw) <= 10) return Number(raw);
  throw new ConfigError(`Configuration invalide : COMPTOIR_TRUST_PROXY doit être le nombre de serveurs mandataires (reverse proxies) devant Comptoir, de 0 à 10, ou true/false (reçu « ${raw.slice(0, 60)} »).`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl) {
    let url: URL;
    try { url = new URL(databaseUrl); } catch {
      throw new ConfigError(`Configuration invalide : DATABASE_URL n'est pas une adresse valide (attendu mysql://utilisateur:motdepasse@hôte:port/base).`);
    }
    if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
      throw new ConfigError(`Configuration invalide : DATABASE_URL doit commencer par mysql:// (reçu « ${url.protocol}// »).`);
    }
    if (url.pathname.replace(/^\//, '') === '') {
      throw new ConfigError('Configuration invalide : DATABASE_URL doit nommer la base (mysql://…/nom_de_la_base).');
    }
  }
  const redisUrl = optional(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('Configuration invalide : REDIS_URL doit commencer par redis:// ou rediss://.');
  }
  const redisChannel = optional(env, 'COMPTOIR_REDIS_CHANNEL') ?? 'comptoir:realtime';
  if (!/^[A-Za-z0-9:._-]{1,200}$/.test(redisChannel)) {
    throw new ConfigError(`Configuration invalide : COMPTOIR_REDIS_CHANNEL doit contenir de 1 à 200 lettres, chiffres, « : », « . », « _ » ou « - » (reçu « ${redisChannel.slice(0, 60)} »).`);
  }
  const publicUrl = publicOrigin(optional(env, 'COMPTOIR_PUBLIC_URL'));
  const adminEmail = optional(env, 'COMPTOIR_ADMIN_EMAIL');
  const adminPassword = optional(env, 'COMPTOIR_ADMIN_PASSWORD');
  if (adminEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError(`Configuration invalide : COMPTOIR_ADMIN_EMAIL n'est pas une adresse e-mail (reçu « ${adminEmail} »).`);
  }
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new ConfigError('Configuration invalide : COMPTOIR_ADMIN_EMAIL et COMPTOIR_ADMIN_PASSWORD vont ensemble (l’un est défini sans l’autre).');
  }
  if (adminPassword && adminPassword.length < 8) {
    throw new ConfigError('Configuration invalide : COMPTOIR_ADMIN_PASSWORD doit contenir au moins 8 caractères.');
  }
  const demo = optional(env, 'COMPTOIR_DEMO');
  if (demo !== null && !['0', '1', 'true', 'false'].includes(demo.toLowerCase())) {
    throw new ConfigError(`Configuration invalide : COMPTOIR_DEMO doit valoir 1 (créer le compte de démonstration sur une base vide) ou 0 (jamais) (reçu « ${demo.slice(0, 60)} »).`);
  }
  const logLevel = (optional(env, 'LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`Configuration invalide : LOG_LEVEL doit valoir ${LOG_LEVELS.join(', ')} (reçu « ${logLevel} »).`);
  }
  const logFormat = (optional(env, 'LOG_FORMAT') ?? 'auto') as LogFormat;
  if (!LOG_FORMATS.includes(logFormat)) {
    throw new ConfigError(`Configuration invalide : LOG_FORMAT doit valoir ${LOG_FORMATS.join(', ')} (reçu « ${logFormat.slice(0, 60)} »).`);
  }
  const host = optional(env, 'HOST') ?? '127.0.0.1';
  const pluginsPaths = (optional(env, 'COMPTOIR_PLUGINS_PATH') ?? '')
    .split(path.delimiter).filter(Boolean).map((p) => path.resolve(cwd, p));
  const dataDir = path.resolve(cwd, optional(env, 'DATA_DIR') ?? './data');
  const storage = storageConfig(env, dataDir, (message) => new ConfigError(message));
  return {
    port: int(env, 'PORT', 3000, 0, 65535),
    host,
    dataDir,
    databaseUrl,
    pluginsPaths,
    redisUrl,
    redisChannel,
    publicUrl,
    adminEmail: adminEmail?.toLowerCase() ?? null,
    adminPassword,
    demo: demo === null ? null : ['1', 'true'].includes(demo.toLowerCase()),
    production: optional(env, 'NODE_ENV') === 'production',
    logLevel,
    logFormat,
    bodyLimit: int(env, 'COMPTOIR_BODY_LIMIT', 1024 * 1024, 1024, 100 * 1024 * 1024),
    loginAttempts: int(env, 'COMPTOIR_LOGIN_ATTEMPTS', 10, 1, 10000),
    loginWindowSeconds: int(env, 'COMPTOIR_LOGIN_WINDOW', 15 * 60, 1, 86400),
    trustProxy: trustProxy(optional(env, 'COMPTOIR_TRUST_PROXY')),
    builtinPluginsDir: path.resolve(optional(env, 'COMPTOIR_BUILTIN_PLUGINS') ?? path.join(import.meta.dirname, '../../plugins')),
    hostDist: path.resolve(optional(env, 'COMPTOIR_HOST_DIST') ?? path.join(import.meta.dirname, '../../host/dist')),
    // a phone photo is 3–15 Mo, a scanned contract 1–20 Mo: 50 Mo per file leaves room for a short
    // video, 200 Mo per request for a batch of photos
    uploadFileLimit: int(env, 'COMPTOIR_UPLOAD_FILE_LIMIT', 50 * MIB, 1024, 5 * 1024 * MIB),
    uploadRequestLimit: int(env, 'COMPTOIR_UPLOAD_REQUEST_LIMIT', 200 * MIB, 1024, 20 * 1024 * MIB),
    uploadMaxFiles: int(env, 'COMPTOIR_UPLOAD_MAX_FILES', 20, 1, 1000),
    jobsIntervalSeconds: int(env, 'COMPTOIR_JOBS_INTERVAL', 30, 0, 3600),
    storage,
  };
}
