/**
 * The requests to join the company through its invitations, pending first: who asks, through which
 * invitation, when, their message, and « Accepter » / « Refuser ». The list refreshes live when a
 * request arrives (the shell invalidates it on the change sent by the hub).
 */
import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { ListFooter, QueryFailed, notifyFailed, notifySaved } from '@comptoir/sdk/ui';
import type { InvitationStatusValue } from '@comptoir/schemas';
import {
  INVITATIONS_PATH, REQUESTS_PATH, STATUS_COLOR, STATUS_LABEL, requesterName,
  type InvitationRecord, type RequestRecord,
} from './invitationTypes.ts';

type Shown = InvitationStatusValue | 'all';
const QUANTITY = 20;
/** every invitation, for their names (a company has a handful) */
const ALL_INVITATIONS = { pagination: { quantity: 500, page: 1 }, sort: { field: 'name', ascending: true } };

export function RequestsPanel() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [shown, setShown] = useState<Shown>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<string | null>(null);
  const requests = useList<RequestRecord>(REQUESTS_PATH, {
    pagination: { quantity: QUANTITY, page },
    sort: { field: '_id', ascending: shown === 'pending' },
    filters: shown === 'all' ? undefined : { status: { mode: 'eq', value: shown } },
  });
  const invitations = useList<InvitationRecord>(INVITATIONS_PATH, ALL_INVITATIONS);
  const nameOf = (id: string) => invitations.data?.data.find((i) => i._id === id)?.name ?? '—';

  async function decide(r: RequestRecord, verb: 'accept' | 'reject') {
    setDeciding(r._id);
    try {
      await api.post(`${REQUESTS_PATH}/${encodeURIComponent(r._id)}/${verb}`);
      notifySaved(verb === 'accept' ? `${requesterName(r)} fait maintenant partie de l’entreprise.` : `La demande de ${requesterName(r)} est refusée.`);
    } catch (e) {
      notifyFailed(e, verb === 'accept' ? 'Acceptation impossible' : 'Refus impossible');
    } finally {
      setDeciding(null);
      await Promise.all([invalidate(REQUESTS_PATH), invalidate(INVITATIONS_PATH), invalidate('/kernel/users')]);
    }
  }

  return (
    <>
      <SegmentedControl
        mb="md" value={shown} onChange={(v) => { setShown(v as Shown); setPage(1); }}
        data={[
          { value: 'pending', label: 'En attente' }, { value: 'accepted', label: 'Acceptées' },
          { value: 'rejected', label: 'Refusées' }, { value: 'all', label: 'Toutes' },
        ]}
      />
      {requests.isError ? (
        <QueryFailed error={requests.error} onRetry={() => void requests.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="sm" aria-label="Demandes d’accès">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Personne</Table.Th>
                  <Table.Th>Invitation</Table.Th>
                  <Table.Th>Demandée le</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>État</Table.Th>
                  <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.data?.data.map((r) => (
                  <Table.Tr key={r._id} data-testid="request-row">
                    <Table.Td>
                      <Text size="sm" fw={500}>{requesterName(r)}</Text>
                      <Text size="xs" c="dimmed">{r.userEmail}</Text>
                    </Table.Td>
                    <Table.Td><Text size="sm">{nameOf(r.fk.invitation)}</Text></Table.Td>
                    <Table.Td><Text size="sm">{formatDateTime(r.date)}</Text></Table.Td>
                    <Table.Td><Text size="sm" style={{ whiteSpace: 'pre-line' }}>{r.description || '—'}</Text></Table.Td>
                    <Table.Td><Badge variant="light" color={STATUS_COLOR[r.status]}>{STATUS_LABEL[r.status]}</Badge></Table.Td>
                    <Table.Td>
                      {r.status === 'pending' && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button size="compact-sm" color="teal" loading={deciding === r._id} onClick={() => void decide(r, 'accept')}>Accepter</Button>
                          <Button size="compact-sm" variant="subtle" color="red" disabled={deciding === r._id} onClick={() => void decide(r, 'reject')}>Refuser</Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {requests.data?.count === 0 && (
            <Text c="dimmed" size="sm" mt="md">{shown === 'pending' ? 'Aucune demande en attente.' : 'Aucune demande.'}</Text>
          )}
          {requests.data && requests.data.count > 0 && (
            <ListFooter page={page} quantity={QUANTITY} count={requests.data.count} onPage={setPage} noun={['demande', 'demandes', 'f']} />
          )}
        </>
      )}
    </>
  );
}
