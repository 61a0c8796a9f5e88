/** One survey: its questions (editor, JSON view, live preview), statistics, answers and settings, as tabs. */
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Badge, Group, Loader, Stack, Tabs } from '@mantine/core';
import { useEntity } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { SURVEYS, errorText, type Survey } from '../api.ts';
import { QuestionEditor } from '../editor/QuestionEditor.tsx';
import { StatisticsPanel } from '../statistics/StatisticsPanel.tsx';
import { ResultsPanel } from '../results/ResultsPanel.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';

type Tab = 'editor' | 'statistics' | 'results' | 'settings';

export function SurveyScreen({ tab }: { tab: Tab }) {
  const { id } = useParams();
  const survey = useEntity<Survey>(SURVEYS, id);
  const [current, setCurrent] = useState<Tab>(tab);
  if (survey.isError) return <Alert color="red" title="Chargement impossible">{errorText(survey.error)}</Alert>;
  if (!survey.data) return <Loader />;
  const s = survey.data;
  return (
    <Stack data-testid="survey-screen">
      <PageHeader title={s.name} />
      <Group gap="xs">
        <Badge variant="light" data-testid="survey-real-count">{s.realResultsCount} réponse{s.realResultsCount > 1 ? 's' : ''}</Badge>
        <Badge variant="light" color="gray">{s.testResultsCount} de test</Badge>
        {!s.open && <Badge color="gray">Fermé</Badge>}
      </Group>
      <Tabs value={current} onChange={(v) => setCurrent((v as Tab) ?? 'editor')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="editor">Questions</Tabs.Tab>
          <Tabs.Tab value="statistics">Statistiques</Tabs.Tab>
          <Tabs.Tab value="results">Réponses</Tabs.Tab>
          <Tabs.Tab value="settings">Paramètres</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="editor" pt="md"><QuestionEditor survey={s} /></Tabs.Panel>
        <Tabs.Panel value="statistics" pt="md"><StatisticsPanel survey={s} /></Tabs.Panel>
        <Tabs.Panel value="results" pt="md"><ResultsPanel survey={s} /></Tabs.Panel>
        <Tabs.Panel value="settings" pt="md"><SettingsPanel survey={s} /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
