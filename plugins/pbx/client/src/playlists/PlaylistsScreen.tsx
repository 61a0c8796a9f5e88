/** `listes-de-lecture`: waiting playlists, each item played according to the periods of the year. */
import { Button, Checkbox, Group, MultiSelect, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';

import { useList } from '@comptoir/sdk/react';
import { MODE_LABELS, PLAYLISTS, TIMES_OF_YEAR, type PlayList, type TimeOfYear } from '../api.ts';
import { RecordsScreen, type UseFormReturnType } from '../common/RecordsScreen.tsx';

interface Item { audioFile: string; ttsMessage: string; timeOfYearMode: string; enabled: boolean; timesOfYear: string[] }
interface Values { name: string; items: Item[] }

const MODES = Object.entries(MODE_LABELS).map(([value, label]) => ({ value, label }));
const emptyItem = (): Item => ({ audioFile: '', ttsMessage: '', timeOfYearMode: 'everytime', enabled: true, timesOfYear: [] });

function ItemsEditor({ form }: { form: UseFormReturnType<Values> }) {
  const periods = useList<TimeOfYear>(TIMES_OF_YEAR, { pagination: { quantity: 500 }, sort: { field: 'name', ascending: true } });
  const options = (periods.data?.data ?? []).map((p) => ({ value: p._id, label: p.name }));
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">Éléments, joués dans l’ordre</Text>
      {form.getValues().items.map((_: Item, i: number) => (
        <Paper key={i} withBorder p="xs">
          <Stack gap={6}>
            <Group grow>
              <TextInput label={`Fichier audio ${i + 1}`} description="Sur le serveur Asterisk, sans extension" {...form.getInputProps(`items.${i}.audioFile`)} />
              <Select label="Quand" data={MODES} allowDeselect={false} {...form.getInputProps(`items.${i}.timeOfYearMode`)} />
            </Group>
            <Textarea label="Ou texte lu (voix de synthèse)" autosize {...form.getInputProps(`items.${i}.ttsMessage`)} />
            <MultiSelect label="Périodes choisies" data={options} {...form.getInputProps(`items.${i}.timesOfYear`)} />
            <Group justify="space-between">
              <Checkbox label="Actif" {...form.getInputProps(`items.${i}.enabled`, { type: 'checkbox' })} />
              <Button size="xs" variant="subtle" color="red" onClick={() => form.removeListItem('items', i)}>Retirer</Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Button variant="light" size="xs" onClick={() => form.insertListItem('items', emptyItem())}>Ajouter un élément</Button>
    </Stack>
  );
}

export function PlaylistsScreen() {
  return (
    <RecordsScreen<PlayList, Values>
      testId="pbx-playlists" title="Listes de lecture" path={PLAYLISTS} noun={['liste de lecture', 'listes de lecture']} addLabel="Nouvelle liste de lecture"
      description="La musique et les messages d’attente ; chaque élément joue toujours, hors de toute période, pendant ou hors des périodes choisies."
      saved="La liste de lecture est enregistrée."
      name={(r) => r.name} sortField="name" empty="Aucune liste de lecture pour l’instant."
      columns={[
        { label: 'Nom', field: 'name', render: (r) => r.name },
        { label: 'Éléments', render: (r) => r.items.map((i) => `${i.audioFile || i.ttsMessage || '?'} (${MODE_LABELS[i.timeOfYearMode ?? 'everytime']})`).join(' · ') },
      ]}
      valuesOf={(r) => ({
        name: r?.name ?? '',
        items: (r?.items ?? []).map((i) => ({ audioFile: i.audioFile ?? '', ttsMessage: i.ttsMessage ?? '', timeOfYearMode: i.timeOfYearMode ?? 'everytime', enabled: i.enabled ?? true, timesOfYear: i.fk?.timesOfYear ?? [] })),
      })}
      bodyOf={(v) => ({
        name: v.name,
        items: v.items.map((i) => ({ ...(i.audioFile ? { audioFile: i.audioFile } : {}), ...(i.ttsMessage ? { ttsMessage: i.ttsMessage } : {}), timeOfYearMode: i.timeOfYearMode, enabled: i.enabled, fk: { timesOfYear: i.timesOfYear } })),
      })}
      fields={(form) => (
        <>
          <TextInput label="Nom" required {...form.getInputProps('name')} />
          <ItemsEditor form={form} />
        </>
      )}
    />
  );
}
