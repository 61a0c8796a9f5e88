/**
 * Restoring a backup into an empty database and an empty DATA_DIR/files (a non-empty target is
 * refused unless `force`, which empties it first). Stop the server before restoring.
 *
 * The backups list is then rebuilt from the archives present in DATA_DIR/backups (the restored one
 * is copied there): the dump knows the backups of the old server, whose archives may not be here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/connect.ts';
import { FILES_DIR, extractArchive, readManifest, type BackupManifest } from './archive.ts';
import { archivePath, backupsDir, recordBackup } from './backup.ts';
import { clearDatabase, engineOfTarget, isDatabaseEmpty, loadDump, type DatabaseTarget } from './database.ts';
import { BackupError } from './errors.ts';

export interface RestoreOptions extends DatabaseTarget {
  archive: string;
  force?: boolean;
}

const ENGINE_NAMES = { sqlite: 'SQLite', mysql: 'MySQL/MariaDB' } as const;

function hasFiles(dataDir: string): boolean {
  const dir = path.join(dataDir, FILES_DIR);
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

export async function restoreBackup(o: RestoreOptions): Promise<{ manifest: BackupManifest; backups: number }> {
  const archive = path.resolve(o.archive);
  const manifest = await readManifest(archive);
  const engine = engineOfTarget(o);
  if (manifest.engine !== engine) {
    const hint = manifest.engine === 'sqlite' ? 'sans DATABASE_URL' : 'avec DATABASE_URL=mysql://…';
    throw new BackupError(`Cette sauvegarde vient d’une base ${ENGINE_NAMES[manifest.engine]} et la cible est ${ENGINE_NAMES[engine]} : restaurez-la ${hint}.`);
  }
  const problems: string[] = [];
  if (!(await isDatabaseEmpty(o))) problems.push(engine === 'sqlite' ? `la base ${path.join(o.dataDir, 'comptoir.sqlite')} contient déjà des tables` : 'la base de DATABASE_URL contient déjà des tables');
  if (hasFiles(o.dataDir)) problems.push(`le dossier ${path.join(o.dataDir, FILES_DIR)} n’est pas vide`);
  if (problems.length && !o.force) {
    throw new BackupError(`Restauration refusée : ${problems.join(' et ')}. Restaurez dans une base et un dossier vides, ou ajoutez --force pour les effacer d’abord.`);
  }
  fs.mkdirSync(o.dataDir, { recursive: true });
  const workDir = fs.mkdtempSync(path.join(o.dataDir, '.restauration-'));
  try {
    await extractArchive(archive, workDir);
    if (o.force) {
      await clearDatabase(o);
      fs.rmSync(path.join(o.dataDir, FILES_DIR), { recursive: true, force: true });
    }
    await loadDump(o, path.join(workDir, manifest.database));
    const files = path.join(workDir, FILES_DIR);
    if (fs.existsSync(files)) {
      fs.rmSync(path.join(o.dataDir, FILES_DIR), { recursive: true, force: true });
      fs.renameSync(files, path.join(o.dataDir, FILES_DIR));
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  const kept = archivePath(o.dataDir, manifest.backup.name);
  if (path.resolve(kept) !== archive) {
    fs.mkdirSync(backupsDir(o.dataDir), { recursive: true });
    fs.copyFileSync(archive, kept);
  }
  return { manifest, backups: await rebuildBackupList(o) };
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
