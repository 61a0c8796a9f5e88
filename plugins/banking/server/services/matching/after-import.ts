/**
 * After an import's commit and its answer (a background subscription, README « Matching »): the
 * accounts it filled get their suggestions, so that the inbox is ready when the person opens it.
 */
import type { BusEvent, CallContext } from '@comptoir/sdk';
import { suggestionsService } from './suggestions.ts';

export async function refreshAfterImport(e: BusEvent<{ accounts?: string[]; added?: number }>, ctx: CallContext): Promise<void> {
  if (!e.payload.added || !e.payload.accounts?.length) return;
  await suggestionsService(ctx).refresh({ accounts: e.payload.accounts });
}
