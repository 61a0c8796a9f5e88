/** Dated events of a contact: a birthday (with or without year), an anniversary… */
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ListForm } from '../common/formTypes.ts';
import { RemoveButton } from '../common/RemoveButton.tsx';
import { EVENT_TYPE_LABELS, optionsOf } from '../common/labels.ts';
import type { ContactValues } from './contactValues.ts';

export function EventsEditor({ form }: { form: ListForm<ContactValues> }) {
  const events = form.values.events;
  return (
    <Stack gap="xs">
      {events.length === 0 && <Text size="sm" c="dimmed">Aucune date.</Text>}
      {events.map((e, i) => (
        <Group key={i} align="flex-start" gap="xs">
          <Select label="Type" w={220} data={optionsOf(EVENT_TYPE_LABELS, e.type)} allowDeselect={false} {...form.getInputProps(`events.${i}.type`)} />
          <TextInput label="Date" placeholder="JJ/MM/AAAA ou JJ/MM" w={180} {...form.getInputProps(`events.${i}.date`)} />
          <RemoveButton label="Retirer cette date" onClick={() => form.removeListItem('events', i)} />
        </Group>
      ))}
      <Group><Button variant="light" size="xs" onClick={() => form.insertListItem('events', { date: '', type: events.length ? 'other' : 'birthday' })}>Ajouter une date</Button></Group>
    </Stack>
  );
}
