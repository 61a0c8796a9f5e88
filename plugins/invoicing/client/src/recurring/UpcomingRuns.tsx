/** The coming runs of every scheduled rule (31 days from now), from the server's own cron reading. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { formatDateTime, formatMoney, useComptoir } from '@comptoir/sdk/react';
import { QueryFailed } from '@comptoir/sdk/ui';
import { RECURRING_ROUTE, UPCOMING, type UpcomingAnswer } from './api.ts';

export function UpcomingRuns() {
  const { api, company } = useComptoir();
  const upcoming = useQuery({
    queryKey: [UPCOMING, company?._id ?? null],
    queryFn: () => api.get<UpcomingAnswer>(UPCOMING),
  });
  if (upcoming.isError) return <QueryFailed error={upcoming.error} onRetry={() => void upcoming.refetch()} />;
  const rows = upcoming.data?.data ?? [];
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="sm" aria-label="Prochaines exécutions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date (heure de Paris)</Table.Th>
            <Table.Th>Modèle</Table.Th>
            <Table.Th>Règle</Table.Th>
            <Table.Th ta="right">Factures</Table.Th>
            <Table.Th ta="right">Montant TTC chacune</Table.Th>
            <Table.Th>Résultat</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((u) => (
            <Table.Tr key={`${u.template}-${u.identifier}-${u.occurrence}`} data-testid="recurring-upcoming-row">
              <Table.Td>{formatDateTime(u.occurrence)}</Table.Td>
              <Table.Td><Anchor component={Link} to={`${RECURRING_ROUTE}/${u.template}`}>{u.templateName}</Anchor></Table.Td>
              <Table.Td>{u.identifier}</Table.Td>
              <Table.Td ta="right">{u.customerCount}</Table.Td>
              <Table.Td ta="right">{formatMoney(u.inclTaxesPrice)}</Table.Td>
              <Table.Td><Badge variant="light" color={u.saveAsDraft ? 'gray' : 'blue'}>{u.saveAsDraft ? 'Brouillons' : u.autoSendByEmail ? 'Émises et envoyées' : 'Émises'}</Badge></Table.Td>
            </Table.Tr>
          ))}
          {upcoming.data && rows.length === 0 && (
            <Table.Tr><Table.Td colSpan={6}><Text c="dimmed" size="sm">Aucune exécution prévue dans les 31 prochains jours.</Text></Table.Td></Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
