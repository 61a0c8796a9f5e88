/** Backups as the kernel answers them (server-wide, server administrators only). */
import type { Backup } from '@comptoir/schemas';

export type BackupRecord = Backup;

export const BACKUPS_PATH = '/kernel/backups';
