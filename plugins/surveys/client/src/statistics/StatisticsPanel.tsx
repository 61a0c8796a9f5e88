/**
 * Statistics per question, read from the server's counters (real answers, or test ones): bars per
 * choice with their share, an average for notes and numbers, a table for a matrix. Bars are
 * Mantine `Progress` rows rather than a chart library: a count and a share per choice is all they
 * show, and a chart library would add its weight to every screen of the plugin. Exports beside.
 */
import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Progress, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, useComptoir } from '@comptoir/sdk/react';
import { SURVEYS, errorText, type Survey, type SurveyStatistics, type SurveyStatisticsAnswer } from '../api.ts';

const share = (count: number, total: number) => (total > 0 ? Math.round((count * 1000) / total) / 10 : 0);

function Bars({ entry }: { entry: SurveyStatistics }) {
  return (
    <Stack gap={6}>
      {entry.data.map((d) => (
        <div key={d.value} data-testid="survey-stat-row" data-label={d.label} data-count={d.count}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{d.label}</Text>
            <Text size="sm" c="dimmed">{d.count} ({formatNumber(share(d.count, entry.totalAnswersCount))} %)</Text>
          </Group>
          <Progress value={share(d.count, entry.totalAnswersCount)} aria-label={`${d.label} : ${d.count}`} />
        </div>
      ))}
    </Stack>
  );
}

function Entry({ entry, children }: { entry: SurveyStatistics; children: SurveyStatistics[] }) {
  return (
    <Card withBorder data-testid="survey-stat" data-name={entry.name}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">{entry.title}</Title>
        <Text size="sm" c="dimmed" data-testid="survey-stat-total">{entry.totalAnswersCount} réponse{entry.totalAnswersCount > 1 ? 's' : ''}</Text>
      </Group>
      {entry.display === 'average' && (
        <Text mb="xs" data-testid="survey-stat-average">Moyenne : {entry.average === null || entry.average === undefined ? '—' : formatNumber(entry.average)}</Text>
      )}
      {(entry.display === 'bars' || (entry.display === 'average' && entry.data.length > 0)) && <Bars entry={entry} />}
      {entry.display === 'matrix' && (
        <Table>
          <Table.Thead><Table.Tr><Table.Th />{entry.data.map((c) => <Table.Th key={c.value}>{c.label}</Table.Th>)}</Table.Tr></Table.Thead>
          <Table.Tbody>
            {children.map((row) => (
              <Table.Tr key={row.uuid}>
                <Table.Th>{row.childDescription}</Table.Th>
                {row.data.map((c) => <Table.Td key={c.value}>{c.count}</Table.Td>)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {entry.display === 'list' && <Text size="sm" c="dimmed">Réponses libres : lisez-les dans l’onglet « Réponses » ou dans l’export.</Text>}
    </Card>
  );
}

export function StatisticsPanel({ survey }: { survey: Survey }) {
  const { api, company } = useComptoir();
  const [testMode, setTestMode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stats = useQuery({
    queryKey: ['surveys', 'statistics', survey._id, testMode, company?._id],
    queryFn: () => api.get<SurveyStatisticsAnswer>(`${SURVEYS}/${survey._id}/statistics`, { testMode: String(testMode) }),
  });
  async function download(format: 'csv' | 'xlsx') {
    setError(null);
    try {
      await api.download(`${SURVEYS}/${survey._id}/export`, { format, testMode: String(testMode) }, { method: 'GET' });
    } catch (e) {
      setError(errorText(e));
    }
  }
  const entries = stats.data?.statistics ?? [];
  return (
    <Stack data-testid="survey-statistics">
      <Group justify="space-between">
        <Switch label="Réponses de test" checked={testMode} onChange={(e) => setTestMode(e.currentTarget.checked)} />
        <Group gap="xs">
          <Button variant="light" onClick={() => void download('csv')}>Exporter en CSV</Button>
          <Button variant="light" onClick={() => void download('xlsx')}>Exporter en XLSX</Button>
        </Group>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {stats.isError && <Alert color="red" title="Chargement impossible">{errorText(stats.error)}</Alert>}
      {stats.isPending ? <Loader /> : (
        <>
          <Text data-testid="survey-stat-count">{stats.data?.resultsCount ?? 0} réponse{(stats.data?.resultsCount ?? 0) > 1 ? 's' : ''}{testMode ? ' de test' : ''}</Text>
          {entries.filter((e) => e.parentUUID === null).map((e) => (
            <Entry key={e.uuid} entry={e} children={entries.filter((c) => c.parentUUID === e.uuid)} />
          ))}
        </>
      )}
    </Stack>
  );
}
