/**
 * Our own editor of a survey's questions (the SurveyJS Creator needs a commercial licence): the
 * common question types as cards, a JSON view of the whole definition for everything else, and a
 * live preview of the form as visitors see it, whose answers are sent in test mode.
 */
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Alert, Button, Card, Grid, Group, Loader, Select, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { MANAGE, RESULTS, SURVEYS, errorText, type Survey } from '../api.ts';
import { QuestionCard } from './QuestionCard.tsx';
import { QUESTION_TYPES, newQuestion, pagesOf, questionNames, type Json } from './questions.ts';

const SurveyForm = lazy(() => import('../form/SurveyForm.tsx'));

export function QuestionEditor({ survey }: { survey: Survey }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const editable = can(MANAGE);
  const [json, setJsonState] = useState<Json>(survey.json);
  const [jsonText, setJsonText] = useState(() => JSON.stringify(survey.json, null, 2));
  const [newType, setNewType] = useState<string>('radiogroup');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [previewKey, setPreviewKey] = useState(0);
  /** the cards and the JSON view show the same definition */
  function setJson(next: Json) {
    setJsonState(next);
    setJsonText(JSON.stringify(next, null, 2));
  }
  const pages = useMemo(() => pagesOf(json), [json]);

  function setPages(next: Json[]) {
    const { elements: _elements, ...rest } = json;
    setJson({ ...rest, pages: next });
  }
  function setElements(p: number, elements: Json[]) {
    setPages(pages.map((page, i) => (i === p ? { ...page, elements } : page)));
  }
  function addQuestion() {
    const last = pages.length - 1;
    const q = newQuestion(newType, new Set(questionNames(json)));
    setElements(last, [...((pages[last]?.elements as Json[]) ?? []), q]);
  }
  function applyJson() {
    try {
      const parsed = JSON.parse(jsonText) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('objet attendu');
      setJsonState(parsed as Json);
      setMessage(null);
    } catch (e) {
      setMessage({ ok: false, text: `JSON invalide : ${(e as Error).message}` });
    }
  }
  async function save() {
    setMessage(null);
    try {
      await api.put(`${SURVEYS}/${survey._id}`, { json });
      await invalidate(SURVEYS);
      setMessage({ ok: true, text: 'Questions enregistrées.' });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    }
  }
  const sendTest = useCallback(async (data: Record<string, unknown>) => {
    await api.post(RESULTS, { data, testMode: true, fk: { survey: survey._id } });
    await invalidate(SURVEYS);
  }, [api, invalidate, survey._id]);

  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Tabs defaultValue="questions">
          <Tabs.List>
            <Tabs.Tab value="questions">Éditeur</Tabs.Tab>
            <Tabs.Tab value="json">Vue JSON</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="questions" pt="sm">
            <Stack>
              {pages.map((page, p) => (
                <Card key={p} withBorder bg="gray.0">
                  <Title order={3} size="h5" mb="xs">Page {p + 1}</Title>
                  <Stack gap="xs">
                    {((page.elements as Json[]) ?? []).map((q, i, all) => (
                      <QuestionCard
                        key={i} question={q} index={i} editable={editable}
                        onChange={(nq) => setElements(p, all.map((x, j) => (j === i ? nq : x)))}
                        onMove={(d) => {
                          const j = i + d;
                          if (j < 0 || j >= all.length) return;
                          const next = [...all];
                          [next[i], next[j]] = [next[j], next[i]];
                          setElements(p, next);
                        }}
                        onRemove={() => setElements(p, all.filter((_, j) => j !== i))}
                      />
                    ))}
                    {((page.elements as Json[]) ?? []).length === 0 && <Text c="dimmed" size="sm">Aucune question sur cette page.</Text>}
                  </Stack>
                </Card>
              ))}
              {editable && (
                <Group align="end">
                  <Select label="Type de question" data={QUESTION_TYPES.map((t) => ({ value: t.value, label: t.label }))} value={newType} allowDeselect={false} onChange={(v) => v && setNewType(v)} />
                  <Button variant="light" onClick={addQuestion}>Ajouter une question</Button>
                  <Button variant="subtle" onClick={() => setPages([...pages, { name: `page${pages.length + 1}`, elements: [] }])}>Ajouter une page</Button>
                </Group>
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="json" pt="sm">
            <Textarea label="Définition SurveyJS" autosize minRows={12} maxRows={30} value={jsonText} onChange={(e) => setJsonText(e.currentTarget.value)}
              styles={{ input: { fontFamily: 'monospace' } }} disabled={!editable} />
            {editable && <Button mt="xs" variant="light" onClick={applyJson}>Appliquer le JSON</Button>}
          </Tabs.Panel>
        </Tabs>
        {message && <Alert mt="sm" color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>{message.text}</Alert>}
        {editable && <Button mt="sm" onClick={() => void save()}>Enregistrer les questions</Button>}
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Card withBorder data-testid="survey-preview">
          <Group justify="space-between">
            <Title order={3} size="h5">Aperçu (réponses en mode test)</Title>
            <Button size="xs" variant="subtle" onClick={() => setPreviewKey((k) => k + 1)}>Recommencer</Button>
          </Group>
          <Suspense fallback={<Loader />}>
            <SurveyForm key={previewKey} json={json} questionsOnPageMode={survey.questionsOnPageMode} completedHtmlOnCondition={survey.completedHtmlOnCondition} onSubmit={sendTest} />
          </Suspense>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
