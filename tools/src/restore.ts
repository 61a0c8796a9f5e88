/**
 * `npm run restore -- <archive.tar.gz> [--force]`: restores a backup made by `npm run backup` or the
 * backups screen into the configured database, DATA_DIR and file storage (DATA_DIR/files or the
 * COMPTOIR_S3_* bucket), which must be empty (`--force` empties them first). Stop the server
 * before; start it afterwards (it applies any newer migration).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/src/config.ts';
import { restoreBackup } from '../../server/src/backup/restore.ts';
import { openStorage } from '../../server/src/storage/open.ts';
import { argumentError, runCli, ToolError } from './cli.ts';
import { describeDatabase } from './plugin-set.ts';

const USAGE = 'usage : npm run restore -- <archive.tar.gz> [--force]';


await runCli('Restauration impossible', async () => {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) { throw argumentError(e, USAGE); }
  if (parsed.values.help) { console.log(USAGE); return 0; }
  if (parsed.positionals.length !== 1) throw new ToolError(`indiquez une archive et une seule. ${USAGE}`);
  const config = loadConfig(process.env);
  console.log(`Base : ${describeDatabase(config)}`);
  const target = await openStorage(config.storage);
  console.log(`Fichiers : ${target.description}`);
  let restored;
  try {
    restored = await restoreBackup({
      archive: parsed.positionals[0], dataDir: config.dataDir, databaseUrl: config.databaseUrl, force: parsed.values.force ?? false, files: target,
    });
  } finally {
    await target.close();
  }
  const { manifest, backups, files } = restored;
  const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'medium', timeZone: 'Europe/Paris' }).format(new Date(manifest.backup.date));
  console.log(`Sauvegarde « ${manifest.backup.name} » du ${when} (serveur ${manifest.backup.serverName}, version ${manifest.version}) restaurée.`);
  console.log(`Dossier de données : ${config.dataDir} ; ${files} fichier${files > 1 ? 's' : ''} stocké${files > 1 ? 's' : ''} ; ${backups} sauvegarde${backups > 1 ? 's' : ''} dans la liste.`);
  console.log('Démarrez le serveur (npm start) : il applique les migrations plus récentes s’il y en a.');
  return 0;
});
