/**
 * Bytes of attachments are removed only after the transaction that dropped them commits (a
 * rolled-back delete must not lose a file): the write queues `kernel.attachments.released` with the
 * storage keys, and the kernel's subscriber (app/kernel.ts) removes them once the event is
 * published, after the commit.
 */
import type { CallContext } from '@comptoir/sdk';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { isWellFormed, keysOf, type AttachmentLocation } from './attachment-keys.ts';

export const ATTACHMENTS_RELEASED_EVENT = 'kernel.attachments.released';

export interface AttachmentsReleased { keys: string[] }

/**
 * Queues the removal of the attachments' bytes, for those stored under `owner` only: an attachment
 * list a client could have edited never names someone else's bytes to delete.
 */
export function releaseAttachments(ctx: CallContext, attachments: readonly AttachmentLocation[], owner: { folder: string; subfolder: string }): void {
  const keys = attachments
    .filter((a) => isWellFormed(a) && a.folder === owner.folder && a.subfolder === owner.subfolder)
    .flatMap(keysOf);
  if (keys.length) ctx.emit(ATTACHMENTS_RELEASED_EVENT, { keys } satisfies AttachmentsReleased);
}

/** Removes stored objects; a key that is already gone is not an error. */
export async function removeKeys(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((k) => storage.remove(k)));
}
