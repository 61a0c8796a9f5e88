/**
 * One queue: its editor, loaded on demand (React Flow and the editor are a chunk of their own,
 * fetched only when a queue is opened).
 */
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useComptoir, useEntity } from '@comptoir/sdk/react';
import { PageHeader, QueryFailed } from '@comptoir/sdk/ui';
import { MANAGE, NODE_TYPES, QUEUES, type NodeTypeInfo, type ProcessQueue } from '../api.ts';

const QueueEditor = lazy(() => import('../editor/QueueEditor.tsx'));

export function QueueScreen() {
  const { id = '' } = useParams();
  const { api, can, basePath, company } = useComptoir();
  const queue = useEntity<ProcessQueue>(QUEUES, id);
  const types = useQuery({
    queryKey: ['process-queues', 'node-types', company?._id],
    queryFn: () => api.get<{ data: NodeTypeInfo[] }>(NODE_TYPES),
    staleTime: 60_000,
  });
  if (queue.error || types.error) return <QueryFailed error={queue.error ?? types.error} />;
  if (!queue.data || !types.data) return <Loader aria-label="Chargement" />;
  return (
    <>
      <PageHeader title={queue.data.name} />
      <Anchor component={Link} to={basePath ?? '/files-de-traitement'} size="sm">← Toutes les files</Anchor>
      <Suspense fallback={<Text c="dimmed">Chargement de l’éditeur…</Text>}>
        <QueueEditor key={queue.data._id} queue={queue.data} types={types.data.data} canWrite={can(MANAGE)} />
      </Suspense>
    </>
  );
}
