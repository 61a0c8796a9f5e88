/** A party of a commercial document as stored on it (invoicing README « Entities », a sender or a provider drawn alike). */
import { Paper, Stack, Text } from '@mantine/core';

export interface PartyAddress { address?: string; address2?: string; zipCode?: string; city?: string; country?: string }
export interface Party { company?: string; firstname?: string; name?: string; vatNumber?: string; invoicingAddress?: PartyAddress }

/** Display names (contacts README « Entities »): the company followed by the personal name in brackets, or just the personal name. */
export function partyName(p: Pick<Party, 'company' | 'firstname' | 'name'> | null | undefined): string {
  if (!p) return '';
  const person = [p.firstname, p.name].filter((s) => s && s.trim()).join(' ');
  if (p.company && p.company.trim()) return person ? `${p.company} (${person})` : p.company;
  return person;
}

export function PartyCard({ party, title, testId, more }: { party: Party | null | undefined; title: string; testId?: string; more?: string[] }) {
  const address = party?.invoicingAddress;
  const city = address && [address.zipCode, address.city].filter(Boolean).join(' ');
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase">{title}</Text>
        <Text fw={600}>{partyName(party) || '—'}</Text>
        {address && [address.address, address.address2, city, address.country].filter(Boolean).map((l) => <Text key={l} size="sm">{l}</Text>)}
        {party?.vatNumber && <Text size="sm" c="dimmed">TVA : {party.vatNumber}</Text>}
        {(more ?? []).map((l) => <Text key={l} size="sm" c="dimmed">{l}</Text>)}
      </Stack>
    </Paper>
  );
}
