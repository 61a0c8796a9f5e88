/**
 * Calls: those in progress (refreshed live: the shell's WebSocket invalidates `pbx.calls` at each
 * step a call takes) and the history, newest first, each opening its path on the queue.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Group, SegmentedControl, Table, Text } from '@mantine/core';
import type { Filters } from '@comptoir/sdk/client';
import { formatDateTime, useList } from '@comptoir/sdk/react';
import { ListFooter, PageHeader, QueryFailed, SortableTh, useListState } from '@comptoir/sdk/ui';
import { CALLS, type Call } from '../api.ts';
import { Nav } from '../common/Nav.tsx';

type Shown = 'live' | 'history';
const SHOWN: Record<Shown, Filters> = {
  live: { state: { mode: 'eq', value: 'live' } },
  history: {},
};

export function CallsScreen() {
  const [shown, setShown] = useState<Shown>('live');
  const list = useListState({ field: 'date', ascending: false }, 25, 'callerNumber', SHOWN[shown]);
  const calls = useList<Call>(CALLS, list.options);

  return (
    <div data-testid="pbx-calls">
      <PageHeader title="Téléphonie" description="Les appels en cours, mis à jour en direct, et l’historique avec le chemin suivi par chaque appel." />
      <Nav />
      <SegmentedControl
        mb="md" aria-label="Appels affichés" value={shown} onChange={(v) => { setShown(v as Shown); list.setPage(1); }}
        data={[{ value: 'live', label: 'En cours' }, { value: 'history', label: 'Historique' }]}
      />
      {calls.isError ? <QueryFailed error={calls.error} onRetry={() => void calls.refetch()} /> : (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover aria-label={shown === 'live' ? 'Appels en cours' : 'Historique des appels'}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="date" sort={list.sort} onSort={list.setSort}>Date</SortableTh>
                  <SortableTh field="callerNumber" sort={list.sort} onSort={list.setSort}>Appelant</SortableTh>
                  <Table.Th>Reconnu</Table.Th>
                  <Table.Th>Étapes</Table.Th>
                  <Table.Th>État</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {calls.data?.data.map((c) => (
                  <Table.Tr key={c._id} data-testid="pbx-call-row">
                    <Table.Td><Anchor component={Link} to={`appels/${c._id}`}>{formatDateTime(c.date)}</Anchor></Table.Td>
                    <Table.Td>{c.callerNumber || 'Numéro masqué'}</Table.Td>
                    <Table.Td>{c.identified?.name ?? (c.identified ? 'Inconnu' : '—')}</Table.Td>
                    <Table.Td>{c.path.length}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {c.state === 'live' ? <Badge color="green">En cours</Badge> : <Badge color="gray">Terminé</Badge>}
                        {c.waiting && <Badge color="yellow">En attente</Badge>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
                {calls.data?.data.length === 0 && (
                  <Table.Tr><Table.Td colSpan={5}><Text c="dimmed">{shown === 'live' ? 'Aucun appel en cours.' : 'Aucun appel pour l’instant.'}</Text></Table.Td></Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {calls.data && <ListFooter page={list.page} quantity={list.quantity} count={calls.data.count} onPage={list.setPage} noun={['appel', 'appels']} />}
        </>
      )}
    </div>
  );
}
