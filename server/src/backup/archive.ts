/**
 * The backup archive: one gzipped tar holding the database dump (`database.sqlite` or
 * `database.sql`), the stored files under `files/<key>` (the storage keys: the layout of
 * DATA_DIR/files, whichever storage holds them) and `manifest.json`. Written as a stream
 * (tar-writer.ts), read with node-tar.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar';
import type { FileStorage } from '../storage/file-storage.ts';
import { TarWriter } from './tar-writer.ts';
import { BACKUP_NAME_PATTERN } from '@comptoir/schemas';
import type { Engine } from '../db/connect.ts';
import { DUMP_FILE } from './database.ts';
import { BackupError } from './errors.ts';

export const ARCHIVE_FORMAT = 'comptoir-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const FILES_DIR = 'files';

/** What the archive says of itself; `backup` is the Backup entity recorded for it. */
export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  engine: Engine;
  /** the server version that made it */
  version: string;
  /** the dump's file name inside the archive */
  database: string;
  backup: { _id: string; name: string; serverName: string; date: string; storageSize: number; databaseSize: number; createdBy: string | null };
}

/**
 * Writes `file` (a .tar.gz) as one stream: the dump from `workDir`, then every stored object under
 * `files/<key>` read through the storage interface (a folder or a bucket alike), then the
 * manifest, made last by `manifestOf` once the stored bytes are counted. An object removed
 * between the listing and its reading is left out (its File was deleted meanwhile).
 */
export async function writeArchive(o: {
  workDir: string; storage: FileStorage; date: Date; file: string; database: string;
  manifestOf(storageSize: number): BackupManifest;
}): Promise<BackupManifest> {
  const tarStream = new PassThrough();
  const written = pipeline(tarStream, createGzip(), fs.createWriteStream(o.file));
  const writer = new TarWriter(tarStream);
  try {
    const dump = path.join(o.workDir, o.database);
    await writer.add(o.database, fs.statSync(dump).size, o.date, fs.createReadStream(dump));
    let storageSize = 0;
    for await (const key of o.storage.list('')) {
      const object = await o.storage.getStream(key);
      if (!object) continue;
      await writer.add(`${FILES_DIR}/${key}`, object.size, o.date, object.stream);
      storageSize += object.size;
    }
    const manifest = o.manifestOf(storageSize);
    await writer.add(MANIFEST_FILE, Buffer.byteLength(manifestText(manifest)), o.date, Buffer.from(manifestText(manifest)));
    await writer.end();
    await written;
    return manifest;
  } catch (e) {
    tarStream.destroy(e as Error);
    await written.catch(() => undefined);
    throw e;
  }
}

const manifestText = (m: BackupManifest) => `${JSON.stringify(m, null, 2)}\n`;

/** The manifest of an archive, checked; a French refusal for anything that is not one of ours. */
export async function readManifest(file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`Archive introuvable : ${file}.`);
  let text: string | null = null;
  try {
    await tar.t({
      file,
      filter: (p) => p === MANIFEST_FILE,
      onReadEntry: (entry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => { text = Buffer.concat(chunks).toString('utf8'); });
      },
    });
  } catch (e) {
    throw new BackupError(`Archive illisible : ${path.basename(file)} n’est pas une sauvegarde Comptoir (${(e as Error).message}).`);
  }
  let manifest: BackupManifest | null;
  try { manifest = text === null ? null : JSON.parse(text); } catch { manifest = null; }
  if (!manifest || manifest.format !== ARCHIVE_FORMAT) {
    throw new BackupError(`Archive illisible : ${path.basename(file)} n’est pas une sauvegarde Comptoir (pas de ${MANIFEST_FILE}).`);
  }
  if (manifest.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new BackupError(`Sauvegarde au format ${manifest.formatVersion}, plus récent que ce serveur (format ${ARCHIVE_FORMAT_VERSION}) : mettez Comptoir à jour.`);
  }
  const wrong = manifestProblem(manifest);
  if (wrong) throw new BackupError(`Archive refusée : le ${MANIFEST_FILE} de ${path.basename(file)} est invalide (${wrong}).`);
  return manifest;
}

/**
 * What a restore trusts in the manifest, checked: the dump's file name and the backup's name
 * become paths (DATA_DIR/backups/<name>.tar.gz), so an archive from elsewhere cannot point them
 * outside (`../…`) or at another file.
 */
function manifestProblem(m: BackupManifest): string | null {
  if (!Object.hasOwn(DUMP_FILE, m.engine)) return `moteur « ${String(m.engine)} » inconnu`;
  if (m.database !== DUMP_FILE[m.engine]) return `fichier de base « ${String(m.database)} » au lieu de « ${DUMP_FILE[m.engine]} »`;
  const b = m.backup as Partial<BackupManifest['backup']> | undefined;
  if (typeof b?.name !== 'string' || !new RegExp(BACKUP_NAME_PATTERN).test(b.name)) return `nom de sauvegarde « ${String(b?.name)} » invalide`;
  return null;
}

/** Entry types a backup is made of: what `writeArchive` puts in. Links are never restored. */
const RESTORED_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/**
 * node-tar already refuses absolute paths and `..` (preservePaths is off); links are left out too,
 * so that nothing in the restored DATA_DIR/files points outside of it.
 */
export async function extractArchive(file: string, dest: string): Promise<void> {
  fs.mkdirSync(dest, { recursive: true });
  await tar.x({ file, cwd: dest, preservePaths: false, filter: (_p, entry) => RESTORED_TYPES.has((entry as tar.ReadEntry).type) });
}
