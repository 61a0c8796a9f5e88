/** One question of the editor: its type, name, title, « obligatoire », and what its type needs (choices, scale, rows and columns). */
import { ActionIcon, Card, Group, NumberInput, Select, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { QUESTION_TYPES, WITH_CHOICES, choicesToText, textToChoices, typeLabel, type Json } from './questions.ts';

interface Props {
  question: Json;
  index: number;
  editable: boolean;
  onChange(q: Json): void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}

export function QuestionCard({ question: q, index, editable, onChange, onMove, onRemove }: Props) {
  const set = (changes: Json) => onChange({ ...q, ...changes });
  const type = String(q.type);
  const known = QUESTION_TYPES.some((t) => t.value === type);
  const label = String(q.title ?? q.name ?? '');
  if (type === 'panel' || !known) {
    return (
      <Card withBorder data-testid="survey-question">
        <Text size="sm">{type === 'panel' ? 'Panneau' : typeLabel(type)} « {String(q.name ?? '')} » — modifiable dans la vue JSON.</Text>
      </Card>
    );
  }
  return (
    <Card withBorder data-testid="survey-question" data-name={String(q.name)}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{index + 1}. {typeLabel(type)}</Text>
        {editable && (
          <Group gap={4}>
            <ActionIcon variant="subtle" aria-label={`Monter « ${label} »`} onClick={() => onMove(-1)}>↑</ActionIcon>
            <ActionIcon variant="subtle" aria-label={`Descendre « ${label} »`} onClick={() => onMove(1)}>↓</ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Supprimer « ${label} »`} onClick={onRemove}>✕</ActionIcon>
          </Group>
        )}
      </Group>
      <Group grow align="start">
        <TextInput label="Intitulé" value={String(q.title ?? '')} disabled={!editable} onChange={(e) => set({ title: e.currentTarget.value })} />
        <TextInput label="Nom (dans les exports)" value={String(q.name ?? '')} disabled={!editable} onChange={(e) => set({ name: e.currentTarget.value.replace(/\s+/g, '_') })} />
        <Select label="Type" data={QUESTION_TYPES.map((t) => ({ value: t.value, label: t.label }))} value={type} disabled={!editable} allowDeselect={false}
          onChange={(v) => v && set({ type: v })} />
      </Group>
      <Switch mt="xs" label="Réponse obligatoire" checked={q.isRequired === true} disabled={!editable} onChange={(e) => set({ isRequired: e.currentTarget.checked })} />
      {WITH_CHOICES.has(type) && (
        <>
          <Textarea mt="xs" label="Choix (un par ligne, « valeur|libellé »)" autosize minRows={2} disabled={!editable}
            defaultValue={choicesToText(q.choices)} onBlur={(e) => set({ choices: textToChoices(e.currentTarget.value) })} />
          <Switch mt="xs" label="Proposer « Autre » avec un texte libre" checked={q.showOtherItem === true} disabled={!editable} onChange={(e) => set({ showOtherItem: e.currentTarget.checked })} />
        </>
      )}
      {type === 'rating' && (
        <Group mt="xs">
          <NumberInput label="Note minimale" value={Number(q.rateMin ?? 1)} disabled={!editable} onChange={(v) => set({ rateMin: Number(v) })} w={140} />
          <NumberInput label="Note maximale" value={Number(q.rateMax ?? 5)} disabled={!editable} onChange={(v) => set({ rateMax: Number(v) })} w={140} />
        </Group>
      )}
      {type === 'text' && (
        <Switch mt="xs" label="Réponse numérique (moyenne dans les statistiques)" checked={q.inputType === 'number'} disabled={!editable}
          onChange={(e) => set({ inputType: e.currentTarget.checked ? 'number' : undefined })} />
      )}
      {type === 'matrix' && (
        <Group grow mt="xs" align="start">
          <Textarea label="Lignes (« valeur|libellé »)" autosize minRows={2} disabled={!editable} defaultValue={choicesToText(q.rows)} onBlur={(e) => set({ rows: textToChoices(e.currentTarget.value) })} />
          <Textarea label="Colonnes (« valeur|libellé »)" autosize minRows={2} disabled={!editable} defaultValue={choicesToText(q.columns)} onBlur={(e) => set({ columns: textToChoices(e.currentTarget.value, true) })} />
        </Group>
      )}
    </Card>
  );
}
