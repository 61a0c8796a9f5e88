/**
 * Making a backup (platform README « Backups »): the database is dumped first, then the stored files are
 * archived, read through the storage interface (local folder or S3 bucket), so every file the dump
 * refers to is in the archive (a file added meanwhile may be there too, unreferenced). Archives go
 * to DATA_DIR/backups/<name>.tar.gz of the process that makes them, never into the file storage.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Backup } from '@comptoir/schemas';
import { engineOf } from '../db/connect.ts';
import { createRepository } from '../db/repository.ts';
import { newId } from '../util/ids.ts';
import { Backups } from '../entities/platform.ts';
import { dumpDatabase, type DatabaseTarget } from './database.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, writeArchive, type BackupManifest } from './archive.ts';

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');
export const archivePath = (dataDir: string, name: string) => path.join(backupsDir(dataDir), `${name}.tar.gz`);

/** `comptoir-20261124-140312` in Paris time, plus the label if any. */
export function backupName(date: Date, label?: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(date).map((p) => [p.type, p.value]));
  return `comptoir-${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}${parts.second}${label ? `-${label}` : ''}`;
}

export type BackupFields = BackupManifest['backup'];

export interface BackupOptions extends DatabaseTarget {
  db: Knex;
  /** where the stored files are read from (the server's FileStorage: a folder or a bucket) */
  storage: FileStorage;
  date: Date;
  /** who asks (null: the command line) */
  userId: string | null;
  version: string;
  label?: string;
}

/**
 * The first free name from `base` (`base`, `base-2`, …), taken by creating its partial file
 * exclusively: two backups started in the same second (two administrators, or the screen and the
 * command line) never pick the same name, so neither overwrites the other's archive.
 */
function reserveName(dataDir: string, base: string): { name: string; file: string; partial: string } {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    const file = archivePath(dataDir, name);
    const partial = `${file}.partiel`;
    if (fs.existsSync(file)) continue;
    try {
      fs.closeSync(fs.openSync(partial, 'wx'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    // the archive may have been completed between the two checks
    if (fs.existsSync(file)) { fs.rmSync(partial, { force: true }); continue; }
    return { name, file, partial };
  }
}

/** Dumps, archives, and answers what to record; nothing is recorded here. */
export async function createBackupArchive(o: BackupOptions): Promise<{ fields: BackupFields; file: string }> {
  const dir = backupsDir(o.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const { name, file, partial } = reserveName(o.dataDir, backupName(o.date, o.label));
  const workDir = fs.mkdtempSync(path.join(dir, '.en-cours-'));
  try {
    const dump = await dumpDatabase(o.db, o, workDir);
    const manifest = await writeArchive({
      workDir, storage: o.storage, date: o.date, file: partial, database: dump.file,
      manifestOf: (storageSize) => ({
        format: ARCHIVE_FORMAT, formatVersion: ARCHIVE_FORMAT_VERSION, engine: engineOf(o.db), version: o.version, database: dump.file,
        backup: {
          _id: newId(), name, serverName: os.hostname(), date: o.date.toISOString(),
          storageSize, databaseSize: dump.bytes, createdBy: o.userId,
        },
      }),
    });
    // the name appears only once the archive is whole
    fs.renameSync(partial, file);
    return { fields: manifest.backup, file };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** The Backup entity of some fields, as the API shows it. */
export const backupEntity = ({ createdBy: _by, ...rest }: BackupFields) => { void _by; return rest; };

/**
 * Records a Backup outside of a request (command line, restore), as its maker recorded it: same id,
 * the backup's date as creation date, its author.
 */
export async function recordBackup(db: Knex, fields: BackupFields): Promise<Backup> {
  const at = new Date(fields.date);
  const repo = createRepository<Backup>(Backups, { db, companyId: null, userId: fields.createdBy, now: () => at, emit: () => undefined }, false);
  return repo.create(backupEntity(fields));
}
