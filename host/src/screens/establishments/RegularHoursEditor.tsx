/** Regular hours: groups of weekdays, each with its open intervals (default 09:00–17:00). */
import { Button, Card, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { IntervalsEditor, type ListForm } from './IntervalsEditor.tsx';
import { WEEKDAYS, newRegular, type RegularValues } from './establishmentValues.ts';

export function RegularHoursEditor({ form, entries }: { form: ListForm; entries: RegularValues[] }) {
  return (
    <Stack>
      {entries.length === 0 && <Text c="dimmed" size="sm">Aucun horaire habituel : l’établissement est fermé en dehors des horaires exceptionnels.</Text>}
      {entries.map((entry, i) => {
        const label = `Horaires ${i + 1}`;
        const days = form.getInputProps(`regularHours.${i}.days`);
        return (
          <Card key={i} withBorder padding="sm" data-testid="regular-hours">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={500}>{label}</Text>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => form.removeListItem('regularHours', i)}>Retirer ces horaires</Button>
              </Group>
              <Chip.Group multiple value={entry.days} onChange={days.onChange}>
                <Group gap={6}>
                  {WEEKDAYS.map((d) => <Chip key={d.value} value={d.value} size="xs" aria-label={`${label} : ${d.long}`}>{d.short}</Chip>)}
                </Group>
              </Chip.Group>
              {days.error && <Text c="red" size="xs">{days.error}</Text>}
              <IntervalsEditor form={form} path={`regularHours.${i}.openTimes`} intervals={entry.openTimes} label={label} />
              <TextInput size="xs" placeholder="Remarque (facultative), par exemple « Horaires d’été »" aria-label={`${label} : remarque`} {...form.getInputProps(`regularHours.${i}.description`)} />
            </Stack>
          </Card>
        );
      })}
      <Group><Button variant="light" onClick={() => form.insertListItem('regularHours', newRegular())}>Ajouter des jours</Button></Group>
    </Stack>
  );
}
