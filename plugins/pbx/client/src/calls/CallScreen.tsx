/** `appels/:id`: one call — who, when, its state (live), its events and its path drawn on the queue. */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, useComptoir, useEntity } from '@comptoir/sdk/react';
import { PageHeader, QueryFailed } from '@comptoir/sdk/ui';
import { CALLS, EVENT_LABELS, QUEUES, type Call, type CallEvent } from '../api.ts';
import { QueuePath, type DrawnNode } from './QueuePath.tsx';

/** a step of the engine's run (process-queues), as the history answers it */
interface Step { _id: string; index: number; nodeUuid: string; pluginIdentifier: string; result: string; exit: string | null; date: string; error: string | null }

const STEP_RESULTS: Record<string, string> = { exit: 'Suite', pause: 'Attente d’Asterisk', end: 'Fin', error: 'Erreur' };

export function CallScreen() {
  const { id = '' } = useParams();
  const { api } = useComptoir();
  const call = useEntity<Call>(CALLS, id);
  // keyed under pbx/calls: the shell's live invalidation of `pbx.calls` refreshes the events too
  const history = useQuery({
    queryKey: ['pbx', 'calls', 'history', id, call.data?.metadata.lastModificationDate],
    queryFn: () => api.get<{ call: Call; events: CallEvent[]; steps: Step[] }>(`${CALLS}/${id}/history`),
    enabled: !!call.data,
  });
  const queueId = call.data?.fk.queue ?? '';
  const queue = useQuery({
    queryKey: ['process-queues', 'queues', 'entity', queueId],
    queryFn: () => api.get<{ name: string; plugins: DrawnNode[] }>(`${QUEUES}/${queueId}`),
    enabled: !!queueId,
  });
  if (call.isPending) return <Loader aria-label="Chargement de l’appel" />;
  if (call.isError) return <QueryFailed error={call.error} title="Appel introuvable" onRetry={() => void call.refetch()} />;
  const c = call.data;
  const names: Record<string, string> = Object.fromEntries((queue.data?.plugins ?? []).map((n) => [n.uuid, n.displaySettings?.name || n.uuid]));
  return (
    <Stack gap="md" data-testid="pbx-call">
      <Anchor component={Link} to="../.." relative="path" size="sm">← Appels</Anchor>
      <PageHeader
        title={`Appel de ${c.callerNumber || 'numéro masqué'}`}
        description={(
          <Group gap="xs" component="span">
            {c.state === 'live' ? <Badge color="green" data-testid="pbx-call-state">En cours</Badge> : <Badge color="gray" data-testid="pbx-call-state">Terminé</Badge>}
            <Text span size="sm" c="dimmed">{formatDateTime(c.date)} · {c.requests} requête{c.requests > 1 ? 's' : ''} d’Asterisk{c.identified?.name ? ` · ${c.identified.name}` : ''}</Text>
          </Group>
        )}
      />
      <Title order={3}>Chemin sur la file{queue.data ? ` « ${queue.data.name} »` : ''}</Title>
      {queue.isPending && queueId ? <Loader size="sm" aria-label="Chargement de la file" /> : <QueuePath nodes={queue.data?.plugins ?? []} path={c.path} names={names} />}
      <Title order={3}>Étapes</Title>
      <Table aria-label="Étapes de l’appel" data-testid="pbx-call-steps">
        <Table.Thead><Table.Tr><Table.Th>#</Table.Th><Table.Th>Heure</Table.Th><Table.Th>Nœud</Table.Th><Table.Th>Résultat</Table.Th><Table.Th>Sortie</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {history.data?.steps.map((st) => (
            <Table.Tr key={st._id}>
              <Table.Td>{st.index + 1}</Table.Td>
              <Table.Td>{formatDateTime(st.date)}</Table.Td>
              <Table.Td>{names[st.nodeUuid] ?? st.nodeUuid}</Table.Td>
              <Table.Td>{STEP_RESULTS[st.result] ?? st.result}{st.error ? ` — ${st.error}` : ''}</Table.Td>
              <Table.Td>{st.exit ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3}>Événements</Title>
      <Table aria-label="Événements de l’appel">
        <Table.Thead><Table.Tr><Table.Th>Heure</Table.Th><Table.Th>Événement</Table.Th><Table.Th>Nœud</Table.Th><Table.Th>Sortie</Table.Th><Table.Th>Détail</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {history.data?.events.map((e) => (
            <Table.Tr key={e._id}>
              <Table.Td>{formatDateTime(e.date)}</Table.Td>
              <Table.Td>{EVENT_LABELS[e.kind] ?? e.kind}</Table.Td>
              <Table.Td>{e.node ? names[e.node] ?? e.node : ''}</Table.Td>
              <Table.Td>{e.exit ?? ''}</Table.Td>
              <Table.Td>{e.input ? `Touches : ${e.input}` : e.message ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
