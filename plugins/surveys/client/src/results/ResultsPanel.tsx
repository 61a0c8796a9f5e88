/** The answers of a survey, newest first, with the columns the survey asks for (`questionsResultsToShowInList`). */
import { useState } from 'react';
import { ActionIcon, Alert, Badge, Loader, Stack, Switch, Table, Text } from '@mantine/core';
import { formatDateTime, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { ListFooter } from '@comptoir/sdk/ui';
import { MANAGE, RESULTS, SURVEYS, errorText, type Survey, type SurveyResult } from '../api.ts';

const cell = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function ResultsPanel({ survey }: { survey: Survey }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const [testMode, setTestMode] = useState(false);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const results = useList<SurveyResult>(RESULTS, {
    filters: { 'fk.survey': { mode: 'eq', value: survey._id, valueIsObjectId: true }, testMode: { mode: 'eq', value: testMode } },
    sort: { field: '_id', ascending: false },
    pagination: { quantity: 50, page },
  });
  const columns = survey.questionsResultsToShowInList;
  async function remove(id: string) {
    setError(null);
    try {
      await api.delete(`${RESULTS}/${id}`);
      await Promise.all([invalidate(RESULTS), invalidate(SURVEYS)]);
    } catch (e) {
      setError(errorText(e));
    }
  }
  const rows = results.data?.data ?? [];
  return (
    <Stack data-testid="survey-results">
      <Switch label="Réponses de test" checked={testMode} onChange={(e) => { setTestMode(e.currentTarget.checked); setPage(1); }} />
      {error && <Alert color="red">{error}</Alert>}
      {results.isError && <Alert color="red" title="Chargement impossible">{errorText(results.error)}</Alert>}
      {results.isPending ? <Loader /> : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Reçue le</Table.Th><Table.Th>Origine</Table.Th>
              {columns.map((c) => <Table.Th key={c}>{c}</Table.Th>)}
              {columns.length === 0 && <Table.Th>Réponses</Table.Th>}
              {can(MANAGE) && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td>{formatDateTime(r.submissionDate)}</Table.Td>
                <Table.Td>{r.origin === 'public' ? <Badge variant="light">Page publique</Badge> : <Badge variant="light" color="gray">Saisie</Badge>}</Table.Td>
                {columns.map((c) => <Table.Td key={c}>{cell(r.data[c])}</Table.Td>)}
                {columns.length === 0 && <Table.Td><Text size="sm" lineClamp={2}>{Object.entries(r.data).map(([k, v]) => `${k} : ${cell(v)}`).join(' · ')}</Text></Table.Td>}
                {can(MANAGE) && <Table.Td><ActionIcon variant="subtle" color="red" aria-label="Supprimer la réponse" onClick={() => void remove(r._id)}>✕</ActionIcon></Table.Td>}
              </Table.Tr>
            ))}
            {rows.length === 0 && <Table.Tr><Table.Td colSpan={columns.length + 3}><Text c="dimmed">Aucune réponse.</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      )}
      {results.data && results.data.count > 50 && <ListFooter page={page} quantity={50} count={results.data.count} onPage={setPage} noun={['réponse', 'réponses']} />}
    </Stack>
  );
}
