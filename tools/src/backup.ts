/**
 * `npm run backup [-- --label <mot>]`: backs up the database and the stored files of the configured
 * server (DATA_DIR, DATABASE_URL, the file storage: DATA_DIR/files or COMPTOIR_S3_*) into
 * DATA_DIR/backups/<name>.tar.gz and records it in the backups list. Boots nothing and runs no migration: a backup before an upgrade is taken as the data is.
 * The server may keep running (SQLite: online backup; MySQL/MariaDB: one consistent snapshot).
 */
import { parseArgs } from 'node:util';
import { formatSize } from '@comptoir/sdk';
import serverPkg from '../../server/package.json' with { type: 'json' };
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/connect.ts';
import { createBackupArchive, recordBackup } from '../../server/src/backup/backup.ts';
import { openStorage } from '../../server/src/storage/open.ts';
import { argumentError, runCli, ToolError } from './cli.ts';
import { describeDatabase } from './plugin-set.ts';

const USAGE = 'usage : npm run backup [-- --label <mot-clé>] (lettres minuscules, chiffres et tirets)';

await runCli('Sauvegarde impossible', async () => {
  let label: string | undefined;
  try {
    const parsed = parseArgs({ args: process.argv.slice(2), options: { label: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    if (parsed.values.help) { console.log(USAGE); return 0; }
    label = parsed.values.label;
  } catch (e) { throw argumentError(e, USAGE); }
  if (label !== undefined && !/^[a-z0-9][a-z0-9-]{0,39}$/.test(label)) throw new ToolError(`étiquette invalide « ${label} ». ${USAGE}`);
  const config = loadConfig(process.env);
  const files = await openStorage(config.storage);
  const db = openDatabase(config);
  try {
    console.log(`Base : ${describeDatabase(config)}`);
    console.log(`Fichiers : ${files.description}`);
    const made = await createBackupArchive({
      db, storage: files.storage, dataDir: config.dataDir, databaseUrl: config.databaseUrl, date: new Date(), userId: null, version: serverPkg.version, label,
    });
    const recorded = await db.schema.hasTable('kernel_backups');
    if (recorded) await recordBackup(db, made.fields);
    console.log(`Sauvegarde créée : ${made.file}`);
    console.log(`Base : ${formatSize(made.fields.databaseSize)} ; fichiers : ${formatSize(made.fields.storageSize)}.`);
    if (!recorded) console.log('(La base ne connaît pas encore les sauvegardes : l’archive n’apparaît pas dans la liste du serveur.)');
    console.log(`Pour la restaurer dans une base et un dossier vides : npm run restore -- ${made.file}`);
  } finally {
    await db.destroy();
    await files.close();
  }
  return 0;
});
