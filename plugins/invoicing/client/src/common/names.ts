/** Display names (contacts README « Entities »): the company followed by the personal name in brackets, or just the personal name. */
import { partyName } from '@comptoir/sdk/ui';
import type { Receiver } from '../types.ts';

export const displayName = partyName;

export function receiverName(r: Receiver | null | undefined): string {
  return partyName(r) || '—';
}
