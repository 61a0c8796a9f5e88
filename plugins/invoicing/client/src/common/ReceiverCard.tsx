/** A party of a document as stored on it (invoicing README « Entities », and the sender drawn alike): the screen kit's card. */
import { PartyCard } from '@comptoir/sdk/ui';
import type { Receiver } from '../types.ts';

export function ReceiverCard({ receiver, title = 'Client', testId = 'invoicing-receiver' }: { receiver: Receiver | null | undefined; title?: string; testId?: string }) {
  return <PartyCard party={receiver} title={title} testId={testId} />;
}
