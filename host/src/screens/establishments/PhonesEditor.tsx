/** Telephones of an establishment: a type (« Accueil » by default) and a number each. */
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import type { ListForm } from './IntervalsEditor.tsx';
import { newTel, type TelValues } from './establishmentValues.ts';

export function PhonesEditor({ form, tels }: { form: ListForm; tels: TelValues[] }) {
  return (
    <Stack gap={6}>
      {tels.map((_, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput aria-label={`Téléphone ${i + 1} : type`} w={160} {...form.getInputProps(`tels.${i}.type`)} />
          <TextInput aria-label={`Téléphone ${i + 1} : numéro`} type="tel" placeholder="01 23 45 67 89" style={{ flex: 1 }} {...form.getInputProps(`tels.${i}.value`)} />
          <ActionIcon variant="subtle" color="red" mt={6} onClick={() => form.removeListItem('tels', i)} aria-label={`Retirer le téléphone ${i + 1}`}>×</ActionIcon>
        </Group>
      ))}
      <Group><Button size="compact-xs" variant="light" onClick={() => form.insertListItem('tels', newTel())}>Ajouter un téléphone</Button></Group>
    </Stack>
  );
}
