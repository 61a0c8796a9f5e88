/** The archiving rule of an item: plain data in, plain data out, no HTTP and no database. */
import { conflict } from '@comptoir/sdk';

export interface ArchiveState {
  archived?: boolean;
  archivedAt?: string;
}

/** The changes that archive an item at `now`. An item is archived once: a second time is a 409. */
export function archiveChanges(item: ArchiveState, now: Date): { archived: true; archivedAt: string } {
  if (item.archived) throw conflict('Cet élément est déjà archivé.');
  return { archived: true, archivedAt: now.toISOString() };
}
