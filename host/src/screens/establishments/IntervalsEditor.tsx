/** The open intervals of a day, `HH:MM` to `HH:MM` (several per day: morning and afternoon). */
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import type { FormFields } from '@comptoir/sdk/ui';
import { newInterval, type EstablishmentValues, type IntervalValues } from './establishmentValues.ts';

export interface ListForm extends FormFields<EstablishmentValues> {
  insertListItem(path: string, item: unknown): void;
  removeListItem(path: string, index: number): void;
}

export function IntervalsEditor({ form, path, intervals, label }: { form: ListForm; path: string; intervals: IntervalValues[]; label: string }) {
  return (
    <Stack gap={6}>
      {intervals.map((_, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput type="time" aria-label={`${label}, plage ${i + 1} : ouverture`} w={120} {...form.getInputProps(`${path}.${i}.start`)} />
          <TextInput type="time" aria-label={`${label}, plage ${i + 1} : fermeture`} w={120} {...form.getInputProps(`${path}.${i}.end`)} />
          <ActionIcon variant="subtle" color="red" mt={6} onClick={() => form.removeListItem(path, i)} aria-label={`${label} : retirer la plage ${i + 1}`}>×</ActionIcon>
        </Group>
      ))}
      <Group>
        <Button size="compact-xs" variant="light" onClick={() => form.insertListItem(path, newInterval())}>Ajouter une plage horaire</Button>
      </Group>
    </Stack>
  );
}
