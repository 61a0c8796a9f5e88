/** A party of a document as stored on it (spec 000 §3 « Receiver », and the sender drawn alike). */
import { Paper, Stack, Text } from '@mantine/core';
import { receiverName } from './names.ts';
import type { Address, Receiver } from '../types.ts';

function AddressLines({ address }: { address: Address }) {
  const city = [address.zipCode, address.city].filter(Boolean).join(' ');
  return (
    <>
      {[address.address, address.address2, city, address.country].filter(Boolean).map((l) => <Text key={l} size="sm">{l}</Text>)}
    </>
  );
}

export function ReceiverCard({ receiver, title = 'Client', testId = 'invoicing-receiver' }: { receiver: Receiver | null | undefined; title?: string; testId?: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase">{title}</Text>
        <Text fw={600}>{receiverName(receiver)}</Text>
        {receiver?.invoicingAddress && <AddressLines address={receiver.invoicingAddress} />}
        {receiver?.vatNumber && <Text size="sm" c="dimmed">TVA : {receiver.vatNumber}</Text>}
      </Stack>
    </Paper>
  );
}
