/** A refusal of a backup or a restore, as one French sentence for a person (a missing tool, a non-empty target). */
export class BackupError extends Error { override name = 'BackupError'; }
