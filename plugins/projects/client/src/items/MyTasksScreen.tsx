/** « Mes tâches »: the open ideas and issues the user works on or owns, most recent activity first. */
import { Link } from 'react-router';
import { Alert, Anchor, Loader, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, useComptoir } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { ITEMS, TYPE_LABELS, errorText, type ProjectItem } from '../api.ts';
import { ProjectNav, useProjectChoice } from '../common/ProjectNav.tsx';

export function MyTasksScreen() {
  const { api, basePath, company } = useComptoir();
  const choice = useProjectChoice();
  const mine = useQuery({ queryKey: ['projects', 'items', 'mine', company?._id], queryFn: () => api.get<{ data: ProjectItem[] }>(`${ITEMS}/mine`) });
  const now = new Date().toISOString();
  return (
    <Stack data-testid="projects-mine">
      <PageHeader title="Mes tâches" />
      <ProjectNav choice={choice} />
      {mine.isError && <Alert color="red">{errorText(mine.error)}</Alert>}
      {mine.isPending ? <Loader /> : (
        <Table>
          <Table.Thead><Table.Tr><Table.Th>Nom</Table.Th><Table.Th>Type</Table.Th><Table.Th>Avancement</Table.Th><Table.Th>Échéance</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {(mine.data?.data ?? []).map((i) => (
              <Table.Tr key={i._id}>
                <Table.Td><Anchor component={Link} to={`${basePath ?? '/projets'}/elements/${i._id}`}>{i.name}</Anchor></Table.Td>
                <Table.Td>{TYPE_LABELS[i.type]}</Table.Td>
                <Table.Td><Progress value={i.progress} w={120} aria-label={`${i.progress} %`} /></Table.Td>
                <Table.Td c={i.deadLine && i.deadLine < now ? 'red' : undefined}>{i.deadLine ? formatDateTime(i.deadLine) : '—'}</Table.Td>
              </Table.Tr>
            ))}
            {mine.data?.data.length === 0 && <Table.Tr><Table.Td colSpan={4}><Text c="dimmed">Rien ne vous attend.</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
