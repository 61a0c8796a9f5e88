/**
 * Restoring a backup into an empty database and an empty file storage (a non-empty target is
 * refused unless `force`, which empties it first). Stop the server before restoring.
 *
 * The stored files go back through the storage interface, whichever the target's is (DATA_DIR/files
 * or an S3 bucket): an archive made on local disk restores into a bucket and the other way round.
 * Names in the archive's `files/` that are not storage keys (hidden or temporary files of an older
 * archive) are left out.
 *
 * The backups list is then rebuilt from the archives present in DATA_DIR/backups (the restored one
 * is copied there): the dump knows the backups of the old server, whose archives may not be here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/connect.ts';
import { isStorageKey, type FileStorage } from '../storage/file-storage.ts';
import { openStorage, type OpenedStorage } from '../storage/open.ts';
import { FILES_DIR, extractArchive, readManifest, type BackupManifest } from './archive.ts';
import { archivePath, backupsDir, recordBackup } from './backup.ts';
import { clearDatabase, engineOfTarget, isDatabaseEmpty, loadDump, type DatabaseTarget } from './database.ts';
import { BackupError } from './errors.ts';

export interface RestoreOptions extends DatabaseTarget {
  archive: string;
  force?: boolean;
  /** the target's file storage (default: DATA_DIR/files on local disk) */
  files?: Pick<OpenedStorage, 'storage' | 'description'>;
}

const ENGINE_NAMES = { sqlite: 'SQLite', mysql: 'MySQL/MariaDB' } as const;

async function isEmpty(storage: FileStorage): Promise<boolean> {
  for await (const _ of storage.list('')) return false;
  return true;
}

/** Every file under `dir`, as `/`-separated paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

export async function restoreBackup(o: RestoreOptions): Promise<{ manifest: BackupManifest; backups: number; files: number }> {
  const archive = path.resolve(o.archive);
  const manifest = await readManifest(archive);
  const engine = engineOfTarget(o);
  if (manifest.engine !== engine) {
    const hint = manifest.engine === 'sqlite' ? 'sans DATABASE_URL' : 'avec DATABASE_URL=mysql://…';
    throw new BackupError(`Cette sauvegarde vient d’une base ${ENGINE_NAMES[manifest.engine]} et la cible est ${ENGINE_NAMES[engine]} : restaurez-la ${hint}.`);
  }
  const files = o.files ?? await openStorage({ kind: 'local', dir: path.join(o.dataDir, FILES_DIR) });
  const { storage } = files;
  const problems: string[] = [];
  if (!(await isDatabaseEmpty(o))) problems.push(engine === 'sqlite' ? `la base ${path.join(o.dataDir, 'comptoir.sqlite')} contient déjà des tables` : 'la base de DATABASE_URL contient déjà des tables');
  if (!(await isEmpty(storage))) problems.push(`${files.description} n’est pas vide`);
  if (problems.length && !o.force) {
    throw new BackupError(`Restauration refusée : ${problems.join(' et ')}. Restaurez dans une base et un stockage de fichiers vides, ou ajoutez --force pour les effacer d’abord.`);
  }
  fs.mkdirSync(o.dataDir, { recursive: true });
  const workDir = fs.mkdtempSync(path.join(o.dataDir, '.restauration-'));
  let restored = 0;
  try {
    await extractArchive(archive, workDir);
    if (o.force) {
      await clearDatabase(o);
      const keys: string[] = [];
      for await (const key of storage.list('')) keys.push(key);
      for (const key of keys) await storage.remove(key);
    }
    await loadDump(o, path.join(workDir, manifest.database));
    const extracted = path.join(workDir, FILES_DIR);
    for (const key of filesUnder(extracted).filter(isStorageKey)) {
      await storage.putStream(key, fs.createReadStream(path.join(extracted, key)));
      restored += 1;
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  const kept = archivePath(o.dataDir, manifest.backup.name);
  if (path.resolve(kept) !== archive) {
    fs.mkdirSync(backupsDir(o.dataDir), { recursive: true });
    fs.copyFileSync(archive, kept);
  }
  return { manifest, backups: await rebuildBackupList(o), files: restored };
}

/** `kernel_backups` = the archives in DATA_DIR/backups, each recorded as its maker recorded it. */
export async function rebuildBackupList(target: DatabaseTarget): Promise<number> {
  const db = openDatabase(target);
  try {
    if (!(await db.schema.hasTable('kernel_backups'))) return 0;
    const manifests: BackupManifest[] = [];
    for (const f of fs.readdirSync(backupsDir(target.dataDir)).filter((n) => n.endsWith('.tar.gz')).sort()) {
      // the list answers downloads by name: an archive renamed by hand is left out
      try {
        const m = await readManifest(path.join(backupsDir(target.dataDir), f));
        if (f === `${m.backup.name}.tar.gz`) manifests.push(m);
      } catch { /* not one of ours: left alone */ }
    }
    await db.transaction(async (trx) => {
      await trx('kernel_backups').delete();
      for (const m of manifests) await recordBackup(trx as never, m.backup);
    });
    return manifests.length;
  } finally {
    await db.destroy();
  }
}
