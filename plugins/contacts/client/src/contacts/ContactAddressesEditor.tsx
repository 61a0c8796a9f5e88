/** Typed addresses of a contact (home, work…). */
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ListForm } from '../common/formTypes.ts';
import { RemoveButton } from '../common/RemoveButton.tsx';
import { ADDRESS_TYPE_LABELS, optionsOf } from '../common/labels.ts';
import { emptyContactAddress, type ContactValues } from './contactValues.ts';

export function ContactAddressesEditor({ form }: { form: ListForm<ContactValues> }) {
  const addresses = form.values.addresses;
  return (
    <Stack gap="sm">
      {addresses.length === 0 && <Text size="sm" c="dimmed">Aucune adresse.</Text>}
      {addresses.map((a, i) => (
        <Paper key={i} withBorder p="sm" radius="sm">
          <Group align="flex-start" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
              <Select label="Type" data={optionsOf(ADDRESS_TYPE_LABELS, a.type)} allowDeselect={false} {...form.getInputProps(`addresses.${i}.type`)} />
              {a.type === 'custom'
                ? <TextInput label="Nom du type" {...form.getInputProps(`addresses.${i}.customType`)} />
                : <TextInput label="Nom de l’adresse" {...form.getInputProps(`addresses.${i}.name`)} />}
              <TextInput label="Adresse" {...form.getInputProps(`addresses.${i}.address`)} />
              <TextInput label="Complément d’adresse" {...form.getInputProps(`addresses.${i}.address2`)} />
              <TextInput label="Code postal" {...form.getInputProps(`addresses.${i}.zipCode`)} />
              <TextInput label="Ville" {...form.getInputProps(`addresses.${i}.city`)} />
              <TextInput label="Pays" {...form.getInputProps(`addresses.${i}.country`)} />
            </SimpleGrid>
            <RemoveButton label="Retirer cette adresse" onClick={() => form.removeListItem('addresses', i)} />
          </Group>
        </Paper>
      ))}
      <Group><Button variant="light" size="xs" onClick={() => form.insertListItem('addresses', emptyContactAddress())}>Ajouter une adresse</Button></Group>
    </Stack>
  );
}
