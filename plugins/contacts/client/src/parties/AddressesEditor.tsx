/** The addresses of a customer or provider, each flagged for delivery and/or invoicing. */
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ListForm } from '../common/formTypes.ts';
import { RemoveButton } from '../common/RemoveButton.tsx';
import { emptyAddress, type PartyValues } from './partyValues.ts';

export function AddressesEditor({ form }: { form: ListForm<PartyValues> }) {
  const addresses = form.values.addresses;
  return (
    <Stack gap="sm">
      {addresses.length === 0 && <Text size="sm" c="dimmed">Aucune adresse.</Text>}
      {addresses.map((_, i) => (
        <Paper key={i} withBorder p="sm" radius="sm">
          <Group align="flex-start" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1 }}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Nom de l’adresse" placeholder="Siège, entrepôt…" {...form.getInputProps(`addresses.${i}.name`)} />
                <TextInput label="Adresse" {...form.getInputProps(`addresses.${i}.address`)} />
                <TextInput label="Complément d’adresse" {...form.getInputProps(`addresses.${i}.address2`)} />
                <TextInput label="Code postal" {...form.getInputProps(`addresses.${i}.zipCode`)} />
                <TextInput label="Ville" {...form.getInputProps(`addresses.${i}.city`)} />
                <TextInput label="Pays" {...form.getInputProps(`addresses.${i}.country`)} />
              </SimpleGrid>
              <Group>
                <Checkbox label="Adresse de livraison" {...form.getInputProps(`addresses.${i}.delivery`, { type: 'checkbox' })} />
                <Checkbox label="Adresse de facturation" {...form.getInputProps(`addresses.${i}.invoicing`, { type: 'checkbox' })} />
              </Group>
            </Stack>
            <RemoveButton label="Retirer cette adresse" onClick={() => form.removeListItem('addresses', i)} />
          </Group>
        </Paper>
      ))}
      <Text size="xs" c="dimmed">
        Les documents reprennent l’adresse de livraison ou de facturation quand une seule adresse porte ce rôle.
      </Text>
      <Group><Button variant="light" onClick={() => form.insertListItem('addresses', emptyAddress())}>Ajouter une adresse</Button></Group>
    </Stack>
  );
}
