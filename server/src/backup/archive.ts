/**
 * The backup archive: one gzipped tar (node-tar) holding `manifest.json`, the database dump
 * (`database.sqlite` or `database.sql`) and the stored files under `files/`, as they are laid out
 * in DATA_DIR/files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar';
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

/** Bytes of every file under `dir` (0 when it does not exist). */
export function directorySize(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let total = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * Writes `file` (a .tar.gz): the manifest and the dump from `workDir`, then `files/` from
 * `dataDir`. node-tar appends only to plain tars, hence a plain tar first, gzipped at the end.
 */
export async function writeArchive(o: { workDir: string; dataDir: string; manifest: BackupManifest; file: string }): Promise<void> {
  fs.writeFileSync(path.join(o.workDir, MANIFEST_FILE), `${JSON.stringify(o.manifest, null, 2)}\n`);
  const plain = path.join(o.workDir, 'archive.tar');
  await tar.c({ file: plain, cwd: o.workDir, portable: true }, [MANIFEST_FILE, o.manifest.database]);
  if (fs.existsSync(path.join(o.dataDir, FILES_DIR))) {
    await tar.r({ file: plain, cwd: o.dataDir, portable: true }, [FILES_DIR]);
  }
  await pipeline(fs.createReadStream(plain), createGzip(), fs.createWriteStream(o.file));
  fs.rmSync(plain, { force: true });
}

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
  let manifest: BackupManifest | null = null;
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
