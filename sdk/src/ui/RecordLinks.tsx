/**
 * What other plugins link to a record (`GET /api/kernel/links/<plugin>/<entity>/<id>`, the
 * platform's `kernel.record-links`, sdk/src/record-links.ts): one table per group the member may
 * see (« Achats liés », « Pourboires »…), each record opening its own screen. The screen of the
 * target puts `<RecordLinks target="invoicing.invoices" id={invoice._id} />` and knows none of the
 * plugins that link to it. Nothing is drawn while loading or when nothing is linked: an empty
 * « Éléments liés » on every invoice would be noise.
 */
import { Link } from 'react-router';
import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney, keyOf, useComptoir } from '@comptoir/sdk/react';
import type { LinkedRecord, RecordLinksGroup } from '../record-links.ts';
import { QueryFailed } from './QueryFailed.tsx';
import { Section } from './Section.tsx';

export interface RecordLinksProps {
  /** the record's entity, `<plugin>.<collection>` (`invoicing.invoices`) */
  target: `${string}.${string}`;
  id: string;
  /** the section's heading */
  title?: string;
}

/** The API path (without /api) of the links of one record. */
export function recordLinksPath(target: string, id: string): string {
  const [plugin, entity] = target.split('.');
  return `/kernel/links/${encodeURIComponent(plugin)}/${encodeURIComponent(entity)}/${encodeURIComponent(id)}`;
}

function LinkedRow({ item }: { item: LinkedRecord }) {
  return (
    <Table.Tr>
      <Table.Td>{item.path ? <Anchor component={Link} to={item.path} size="sm">{item.label}</Anchor> : <Text size="sm">{item.label}</Text>}</Table.Td>
      <Table.Td><Text size="sm">{formatDate(item.date)}</Text></Table.Td>
      <Table.Td ta="right"><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatMoney(item.amount)}</Text></Table.Td>
      <Table.Td>{item.status && <Badge variant="light" color="gray" size="sm">{item.status}</Badge>}</Table.Td>
    </Table.Tr>
  );
}

function LinkGroup({ group }: { group: RecordLinksGroup }) {
  const headingId = `record-links-${group.id.replace(/[^a-z0-9-]/gi, '-')}`;
  return (
    <Stack gap={4} data-testid={`record-links-${group.id}`}>
      <Title order={3} size="h5" id={headingId}>{group.label}</Title>
      {group.error
        ? <Text size="sm" c="red" role="alert">{group.error}</Text>
        : (
          <Table aria-labelledby={headingId} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Élément</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Montant</Table.Th>
                <Table.Th>Statut</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.items.map((item) => <LinkedRow key={item._id} item={item} />)}
            </Table.Tbody>
          </Table>
        )}
      {group.more && <Text size="xs" c="dimmed">Seuls les {group.items.length} premiers sont affichés.</Text>}
    </Stack>
  );
}

export function RecordLinks({ target, id, title = 'Éléments liés' }: RecordLinksProps) {
  const { api, company } = useComptoir();
  const path = recordLinksPath(target, id);
  const links = useQuery({
    queryKey: [...keyOf(path), company?._id ?? null],
    queryFn: () => api.get<{ data: RecordLinksGroup[] }>(path),
    enabled: !!id,
  });
  if (links.isError) return <QueryFailed title="Éléments liés indisponibles" error={links.error} onRetry={() => void links.refetch()} />;
  const groups = (links.data?.data ?? []).filter((g) => g.items.length > 0 || g.error);
  if (groups.length === 0) return null;
  return (
    <Section title={title}>
      <div data-testid="record-links">
        <Stack gap="md">
          {groups.map((g) => <LinkGroup key={g.id} group={g} />)}
        </Stack>
      </div>
    </Section>
  );
}
