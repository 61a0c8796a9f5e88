/** Typed phones or e-mails of a contact: a type (or a custom name) and a value per line. */
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ListForm } from '../common/formTypes.ts';
import { RemoveButton } from '../common/RemoveButton.tsx';
import { optionsOf } from '../common/labels.ts';
import { emptyTyped, type ContactValues } from './contactValues.ts';

export function TypedEntriesEditor({ form, field, labels, valueLabel, inputType, addLabel, empty }: {
  form: ListForm<ContactValues>;
  field: 'phoneNumbers' | 'emails';
  labels: Record<string, string>;
  valueLabel: string;
  inputType: 'tel' | 'email';
  addLabel: string;
  empty: string;
}) {
  const entries = form.values[field];
  return (
    <Stack gap="xs">
      {entries.length === 0 && <Text size="sm" c="dimmed">{empty}</Text>}
      {entries.map((entry, i) => (
        <Group key={i} align="flex-start" wrap="wrap" gap="xs">
          <Select label="Type" w={150} data={optionsOf(labels, entry.type)} allowDeselect={false} {...form.getInputProps(`${field}.${i}.type`)} />
          {entry.type === 'custom' && <TextInput label="Nom du type" w={160} {...form.getInputProps(`${field}.${i}.customType`)} />}
          <TextInput label={valueLabel} type={inputType} style={{ flex: 1, minWidth: 200 }} {...form.getInputProps(`${field}.${i}.value`)} />
          <RemoveButton label="Retirer cette ligne" onClick={() => form.removeListItem(field, i)} />
        </Group>
      ))}
      <Group><Button variant="light" size="xs" onClick={() => form.insertListItem(field, emptyTyped(field === 'phoneNumbers' && entries.length === 0 ? 'mobile' : 'home'))}>{addLabel}</Button></Group>
    </Stack>
  );
}
