/**
 * The settings of a survey: name and description, answers open or closed, the notification to its
 * author, how questions are paged, the list's columns, the « thank you » pages by condition, the
 * public page's address, and deleting the survey with its answers.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Alert, Anchor, Button, CopyButton, Group, MultiSelect, Select, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { MANAGE, PAGE_MODES, SURVEYS, answerPageUrl, errorText, type Survey } from '../api.ts';
import { questionNames } from '../editor/questions.ts';

export function SettingsPanel({ survey }: { survey: Survey }) {
  const { api, can, company } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const editable = can(MANAGE);
  const [form, setForm] = useState({
    name: survey.name, description: survey.description ?? '', open: survey.open, sendNotification: survey.sendNotification,
    questionsOnPageMode: survey.questionsOnPageMode, questionsResultsToShowInList: survey.questionsResultsToShowInList,
    completedHtmlOnCondition: survey.completedHtmlOnCondition,
  });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (changes: Partial<typeof form>) => setForm({ ...form, ...changes });
  const url = company ? answerPageUrl(company._id, survey._id) : '';

  async function save() {
    setMessage(null);
    try {
      await api.put(`${SURVEYS}/${survey._id}`, form);
      await invalidate(SURVEYS);
      setMessage({ ok: true, text: 'Paramètres enregistrés.' });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    }
  }
  async function remove() {
    if (!window.confirm(`Supprimer « ${survey.name} » et ses ${survey.realResultsCount + survey.testResultsCount} réponses ?`)) return;
    try {
      await api.delete(`${SURVEYS}/${survey._id}`);
      await invalidate(SURVEYS);
      navigate('..');
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    }
  }

  return (
    <Stack maw={720}>
      <Group align="end">
        <TextInput label="Page publique de réponse" value={url} readOnly style={{ flex: 1 }} />
        <CopyButton value={url}>{({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Copiée' : 'Copier'}</Button>}</CopyButton>
        <Anchor href={url} target="_blank" rel="noopener">Ouvrir</Anchor>
      </Group>
      <TextInput label="Nom" required value={form.name} disabled={!editable} onChange={(e) => set({ name: e.currentTarget.value })} />
      <Textarea label="Description" autosize minRows={2} value={form.description} disabled={!editable} onChange={(e) => set({ description: e.currentTarget.value })} />
      <Switch label="Reçoit des réponses (page publique)" checked={form.open} disabled={!editable} onChange={(e) => set({ open: e.currentTarget.checked })} />
      <Switch label="Me prévenir à chaque nouvelle réponse" checked={form.sendNotification} disabled={!editable} onChange={(e) => set({ sendNotification: e.currentTarget.checked })} />
      <Select label="Présentation des questions" data={PAGE_MODES} value={form.questionsOnPageMode} allowDeselect={false} disabled={!editable}
        onChange={(v) => v && set({ questionsOnPageMode: v as Survey['questionsOnPageMode'] })} />
      <MultiSelect label="Questions affichées dans la liste des réponses" data={questionNames(survey.json)} value={form.questionsResultsToShowInList} disabled={!editable}
        onChange={(v) => set({ questionsResultsToShowInList: v })} />
      <Title order={3} size="h5">Pages de remerciement selon les réponses</Title>
      {form.completedHtmlOnCondition.map((c, i) => (
        <Group key={i} align="start">
          <TextInput label="Condition" placeholder="{note} >= 4" value={c.expression} disabled={!editable} style={{ flex: 1 }}
            onChange={(e) => set({ completedHtmlOnCondition: form.completedHtmlOnCondition.map((x, j) => (j === i ? { ...x, expression: e.currentTarget.value } : x)) })} />
          <Textarea label="Page affichée (HTML)" autosize value={c.html} disabled={!editable} style={{ flex: 2 }}
            onChange={(e) => set({ completedHtmlOnCondition: form.completedHtmlOnCondition.map((x, j) => (j === i ? { ...x, html: e.currentTarget.value } : x)) })} />
          {editable && <ActionIcon mt={28} variant="subtle" color="red" aria-label="Retirer cette page" onClick={() => set({ completedHtmlOnCondition: form.completedHtmlOnCondition.filter((_, j) => j !== i) })}>✕</ActionIcon>}
        </Group>
      ))}
      {form.completedHtmlOnCondition.length === 0 && <Text size="sm" c="dimmed">Aucune : la page de remerciement du formulaire s’affiche.</Text>}
      {editable && <Button variant="subtle" onClick={() => set({ completedHtmlOnCondition: [...form.completedHtmlOnCondition, { expression: '', html: '' }] })}>Ajouter une page de remerciement</Button>}
      {message && <Alert color={message.ok ? 'green' : 'red'}>{message.text}</Alert>}
      {editable && (
        <Group>
          <Button onClick={() => void save()}>Enregistrer</Button>
          <Button color="red" variant="light" onClick={() => void remove()}>Supprimer le questionnaire</Button>
        </Group>
      )}
    </Stack>
  );
}
