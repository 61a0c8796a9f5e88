/** Special hours: date ranges (holidays, closures) that replace the regular hours, closed or with their own hours. */
import { Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IntervalsEditor, type ListForm } from './IntervalsEditor.tsx';
import { newInterval, newSpecial, type SpecialValues } from './establishmentValues.ts';

export function SpecialHoursEditor({ form, entries }: { form: ListForm; entries: SpecialValues[] }) {
  return (
    <Stack>
      {entries.length === 0 && <Text c="dimmed" size="sm">Aucun horaire exceptionnel (jours fériés, congés…).</Text>}
      {entries.map((entry, i) => {
        const label = `Période ${i + 1}`;
        const closed = form.getInputProps(`specialHours.${i}.closed`, { type: 'checkbox' });
        return (
          <Card key={i} withBorder padding="sm" data-testid="special-hours">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={500}>{label}</Text>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => form.removeListItem('specialHours', i)}>Retirer cette période</Button>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="Nom" placeholder="Noël" {...form.getInputProps(`specialHours.${i}.name`)} />
                <TextInput type="date" label="Du" required {...form.getInputProps(`specialHours.${i}.startDate`)} />
                <TextInput type="date" label="Au (inclus)" {...form.getInputProps(`specialHours.${i}.endDate`)} />
              </SimpleGrid>
              <Switch
                label="Fermé toute la journée" {...closed}
                onChange={(e) => {
                  closed.onChange(e);
                  if (!e.currentTarget.checked && entry.hours.length === 0) form.insertListItem(`specialHours.${i}.hours`, newInterval());
                }}
              />
              {!entry.closed && <IntervalsEditor form={form} path={`specialHours.${i}.hours`} intervals={entry.hours} label={label} />}
            </Stack>
          </Card>
        );
      })}
      <Group><Button variant="light" onClick={() => form.insertListItem('specialHours', newSpecial())}>Ajouter une période</Button></Group>
    </Stack>
  );
}
