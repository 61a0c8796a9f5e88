/**
 * A backup of the whole server (platform README « Backups »): one archive holding the database dump and
 * the stored files. Server-wide (no company): only a server administrator sees and makes them.
 *
 * - `name`: the archive's name without extension (`comptoir-20261124-140312`), made by the server;
 * - `serverName`: the host name of the machine that made it;
 * - `date`: when the dump was taken (UTC);
 * - `storageSize`: bytes of stored files (attachments) in the archive;
 * - `databaseSize`: bytes of the database dump in the archive.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Str } from '../kinds.ts';

export const BACKUP_NAME_PATTERN = '^[a-z0-9][a-z0-9-]{0,99}$';

export const Backup = Entity({
  name: Str({ pattern: BACKUP_NAME_PATTERN }),
  serverName: Str(),
  date: DateTime(),
  storageSize: Type.Integer({ minimum: 0, default: 0 }),
  databaseSize: Type.Integer({ minimum: 0, default: 0 }),
}, {});
export type Backup = Static<typeof Backup>;

/** POST /api/kernel/backups: nothing to choose but, optionally, a label put in the name. */
export const BackupCreateInput = Type.Object({
  /** a few words (letters, digits, dashes) added to the generated name: `avant-mise-a-jour` */
  label: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$', maxLength: 40 })),
}, { additionalProperties: false });
export type BackupCreateInput = Static<typeof BackupCreateInput>;
