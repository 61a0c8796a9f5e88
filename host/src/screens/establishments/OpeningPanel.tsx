/**
 * « Ouvert maintenant ? » and the opening intervals of the next 7 days, as the server computes them
 * (GET /api/kernel/establishments/:id/open and /opening: Europe/Paris time, special hours included).
 */
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useComptoir } from '@comptoir/sdk/react';
import { QueryFailed } from '@comptoir/sdk/ui';
import { ESTABLISHMENTS_PATH } from './establishmentValues.ts';

interface Opening { intervals: { start: string; end: string }[] }

const day = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Paris' });
const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });

/** The intervals grouped by the Paris day they start on, in order. */
function byDay(intervals: Opening['intervals']): [string, string[]][] {
  const days = new Map<string, string[]>();
  for (const i of intervals) {
    const key = day.format(new Date(i.start));
    (days.get(key) ?? days.set(key, []).get(key)!).push(`${time.format(new Date(i.start))}–${time.format(new Date(i.end))}`);
  }
  return [...days.entries()];
}

export function OpeningPanel({ id, version }: { id: string; version: string }) {
  const { api, company } = useComptoir();
  // `version` (the last modification) refetches after a save
  const key = ['kernel', 'establishments', 'opening', id, version, company?._id ?? null];
  const open = useQuery({ queryKey: [...key, 'now'], queryFn: () => api.get<{ open: boolean }>(`${ESTABLISHMENTS_PATH}/${id}/open`) });
  const opening = useQuery({ queryKey: [...key, 'week'], queryFn: () => api.get<Opening>(`${ESTABLISHMENTS_PATH}/${id}/opening`) });
  const days = opening.data ? byDay(opening.data.intervals) : [];
  return (
    <Card withBorder data-testid="opening-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Ouvert maintenant ?</Title>
          {open.data && (
            <Badge size="lg" color={open.data.open ? 'teal' : 'gray'} data-testid="open-now">{open.data.open ? 'Ouvert' : 'Fermé'}</Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">Les 7 prochains jours, heure de Paris, horaires exceptionnels compris.</Text>
        {opening.isError && <QueryFailed error={opening.error} onRetry={() => void opening.refetch()} />}
        {opening.data && days.length === 0 && <Text size="sm">Fermé pendant les 7 prochains jours.</Text>}
        {days.length > 0 && (
          <Table aria-label="Horaires des 7 prochains jours">
            <Table.Tbody>
              {days.map(([d, intervals]) => (
                <Table.Tr key={d}>
                  <Table.Td><Text size="sm" tt="capitalize">{d}</Text></Table.Td>
                  <Table.Td><Text size="sm">{intervals.join(', ')}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
