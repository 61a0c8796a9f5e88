/**
 * The timesheet of the week: the user's working times day by day with their total, the running timer
 * (started on the chosen project or one of its items, stopped with a rating), and a period typed by
 * hand. One timer runs per user: starting another stops the first (README « Working time »).
 */
import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { ITEMS, WORKING_TIMES, WRITE, errorText, type ProjectItem, type ProjectWorkingTime } from '../api.ts';
import { ProjectNav, useProjectChoice } from '../common/ProjectNav.tsx';
import { addDays, hoursText, mondayOf } from './week.ts';

export function TimesheetScreen() {
  const { api, can, user, company } = useComptoir();
  const invalidate = useInvalidate();
  const choice = useProjectChoice();
  const [monday, setMonday] = useState(() => mondayOf(new Date()));
  const [itemId, setItemId] = useState<string | null>(null);
  const [stars, setStars] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const end = addDays(monday, 7);
  const times = useList<ProjectWorkingTime>(WORKING_TIMES, {
    filters: { 'fk.user': { mode: 'eq', value: user?._id }, start: { mode: 'between', valueIsDate: true, startDate: monday.toISOString(), endDate: end.toISOString() } },
    sort: { field: 'start', ascending: true }, pagination: { quantity: 500 },
  }, { enabled: !!user });
  const items = useList<ProjectItem>(ITEMS, { filters: { 'fk.project': { mode: 'eq', value: choice.projectId } }, pagination: { quantity: 500 } }, { enabled: !!choice.projectId });
  const running = useQuery({ queryKey: ['projects', 'working-times', 'running', company?._id], queryFn: () => api.get<{ running: ProjectWorkingTime | null }>(`${WORKING_TIMES}/running`) });

  async function run(call: () => Promise<unknown>) {
    setError(null);
    try {
      await call();
    } catch (e) {
      setError(errorText(e));
    }
    await invalidate(WORKING_TIMES);
    await running.refetch();
  }

  const rows = times.data?.data ?? [];
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const minutesOn = (d: Date) => rows.filter((t) => new Date(t.start) >= d && new Date(t.start) < addDays(d, 1)).reduce((s, t) => s + t.minutes, 0);
  const current = running.data?.running ?? null;
  const itemName = (id: string | null | undefined) => (items.data?.data ?? []).find((i) => i._id === id)?.name ?? '';
  return (
    <Stack data-testid="projects-timesheet">
      <PageHeader title="Temps passé" />
      <ProjectNav choice={choice} />
      {error && <Alert color="red" title="Action impossible">{error}</Alert>}
      {can(WRITE) && (
        <Group align="end" data-testid="projects-timer">
          {current ? (
            <>
              <Text>Chronomètre en cours depuis {formatDateTime(current.start)}{current.fk.item ? ` sur « ${itemName(current.fk.item)} »` : ''}.</Text>
              <SegmentedControl aria-label="Note (étoiles)" value={String(stars)} onChange={(v) => setStars(Number(v))} data={['0', '1', '2', '3', '4', '5'].map((v) => ({ value: v, label: v === '0' ? '—' : '★'.repeat(Number(v)) }))} />
              <Button color="red" onClick={() => run(() => api.post(`${WORKING_TIMES}/stop`, { starRate: stars }))}>Arrêter</Button>
            </>
          ) : (
            <>
              <Select
                label="Sur" placeholder="Tout le projet" clearable w={280} value={itemId} onChange={setItemId}
                data={(items.data?.data ?? []).map((i) => ({ value: i._id, label: i.name }))}
              />
              <Button disabled={!choice.projectId} onClick={() => run(() => api.post(`${WORKING_TIMES}/start`, { fk: { project: choice.projectId, item: itemId } }))}>Lancer le chronomètre</Button>
            </>
          )}
        </Group>
      )}
      <Group>
        <Button variant="default" onClick={() => setMonday(addDays(monday, -7))}>Semaine précédente</Button>
        <Title order={2} size="h4">Semaine du {formatDate(monday.toISOString())}</Title>
        <Button variant="default" onClick={() => setMonday(addDays(monday, 7))}>Semaine suivante</Button>
      </Group>
      <Table>
        <Table.Thead><Table.Tr>{days.map((d) => <Table.Th key={d.toISOString()}>{new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric' }).format(d)}</Table.Th>)}<Table.Th>Total</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          <Table.Tr>{days.map((d) => <Table.Td key={d.toISOString()}>{hoursText(minutesOn(d))}</Table.Td>)}<Table.Td fw={700}>{hoursText(rows.reduce((s, t) => s + t.minutes, 0))}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
      <Table striped>
        <Table.Thead><Table.Tr><Table.Th>Début</Table.Th><Table.Th>Fin</Table.Th><Table.Th>Durée</Table.Th><Table.Th>Commentaire</Table.Th><Table.Th>Facturé</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.map((t) => (
            <Table.Tr key={t._id}>
              <Table.Td>{formatDateTime(t.start)}</Table.Td>
              <Table.Td>{t.end ? formatDateTime(t.end) : 'en cours'}</Table.Td>
              <Table.Td>{hoursText(t.minutes)}</Table.Td>
              <Table.Td>{t.comment ?? ''}</Table.Td>
              <Table.Td>{t.fk.invoice ? 'oui' : 'non'}</Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && <Table.Tr><Table.Td colSpan={5}><Text c="dimmed">Aucun temps cette semaine.</Text></Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
