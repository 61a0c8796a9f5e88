/**
 * /api/kernel/backups: backups of the whole server (database and stored files), for server
 * administrators only (kernel.backups.manage, a global permission: a company « Administrateur »
 * gets 403). Restoring is a command (`npm run restore`), never a route: it replaces everything.
 */
import fs from 'node:fs';
import type { Knex } from 'knex';
import { conflict, notFound, reply, route, type RequestContext, type RouteDefinition } from '@comptoir/sdk';
import { BackupCreateInput, type Backup } from '@comptoir/schemas';
import serverPkg from '../../../package.json' with { type: 'json' };
import { Backups } from '../../entities/platform.ts';
import { P } from '../permissions.ts';
import type { Config } from '../../config.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { archivePath, backupEntity, createBackupArchive } from '../../backup/backup.ts';

/** A refusal of the backup tools (a missing mariadb-dump) is the server's state: 409 with its sentence. */
async function asHttp<T>(fn: () => Promise<T>): Promise<T> {
  try { return await fn(); } catch (e) {
    if ((e as Error).name === 'BackupError') throw conflict((e as Error).message);
    throw e;
  }
}

const config = (req: RequestContext) => req.resolve<Config>('config');

export const backupRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/backups', access: 'user', permission: P.backupsManage, summary: 'Sauvegardes du serveur',
    handler: (req) => req.unscoped(Backups).list(req.query as never),
  }),
  route({
    method: 'GET', path: '/kernel/backups/:id', access: 'user', permission: P.backupsManage, summary: 'Une sauvegarde',
    handler: (req) => req.unscoped(Backups).get(req.params.id),
  }),
  route({
    method: 'POST', path: '/kernel/backups', access: 'user', permission: P.backupsManage, body: BackupCreateInput, status: 201,
    // the dump takes the database's only SQLite connection: not from inside a transaction holding it
    transactional: false,
    summary: 'Sauvegarder maintenant la base et les fichiers',
    async handler(req) {
      const { dataDir, databaseUrl } = config(req);
      const made = await asHttp(() => createBackupArchive({
        db: req.resolve<Knex>('db'), storage: req.resolve<FileStorage>('storage'), dataDir, databaseUrl, date: req.now, userId: req.caller.userId, version: serverPkg.version, label: req.body.label,
      }));
      try {
        return await req.unscoped(Backups).create(backupEntity(made.fields));
      } catch (e) {
        fs.rmSync(made.file, { force: true });
        throw e;
      }
    },
  }),
  route({
    method: 'GET', path: '/kernel/backups/:id/download', access: 'user', permission: P.backupsManage, summary: 'Télécharger l’archive d’une sauvegarde (.tar.gz)',
    async handler(req) {
      const backup = (await req.unscoped(Backups).get(req.params.id)) as Backup;
      const file = archivePath(config(req).dataDir, backup.name);
      if (!fs.existsSync(file)) throw notFound(`Archive de la sauvegarde « ${backup.name} » absente du disque du serveur.`);
      return reply(200, fs.createReadStream(file), {
        'Content-Type': 'application/gzip',
        'Content-Length': String(fs.statSync(file).size),
        'Content-Disposition': `attachment; filename="${backup.name}.tar.gz"`,
      });
    },
  }),
  route({
    method: 'DELETE', path: '/kernel/backups/:id', access: 'user', permission: P.backupsManage, status: 204,
    // the record goes first, then the archive: a failure leaves at worst an unlisted file
    transactional: false,
    summary: 'Supprimer une sauvegarde et son archive',
    async handler(req) {
      const backup = (await req.unscoped(Backups).get(req.params.id)) as Backup;
      await req.unscoped(Backups).remove(backup._id);
      fs.rmSync(archivePath(config(req).dataDir, backup.name), { force: true });
      return null;
    },
  }),
];
