/**
 * `GET /api/pos/archives/next-number?frequency=…`: the number the next archive of a frequency will
 * take (each frequency its own counter), or the spec's error for an unknown frequency (README
 * « Archives »: a French 400 whose details carry the spec's sentence verbatim).
 */
import { badRequest, type CallContext, type TakenNumber } from '@comptoir/sdk';
import { invalidFrequency } from '../../messages.ts';
import { numbering } from '../deps.ts';
import { InvalidArchiveFrequency, archiveCounter } from './archives.ts';

/** The spec's error as the API answers it. */
export function frequencyRefusal(e: InvalidArchiveFrequency) {
  return badRequest(invalidFrequency(e.frequency), [{ field: 'frequency', message: e.message }]);
}

export function archiveNumbersService(ctx: CallContext) {
  return {
    async next(frequency: unknown): Promise<TakenNumber & { frequency: string }> {
      let kind: string;
      try { kind = archiveCounter(frequency); } catch (e) {
        if (e instanceof InvalidArchiveFrequency) throw frequencyRefusal(e);
        throw e;
      }
      return { frequency: frequency as string, ...(await numbering(ctx).preview(kind)) };
    },
  };
}
export type ArchiveNumbersService = ReturnType<typeof archiveNumbersService>;
