/** The customers this contact works for, and whether it receives their invoices and quotations. */
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ListForm } from '../common/formTypes.ts';
import { RemoveButton } from '../common/RemoveButton.tsx';
import { CustomerSelect } from './CustomerSelect.tsx';
import type { ContactValues } from './contactValues.ts';

export function CustomerLinksEditor({ form }: { form: ListForm<ContactValues> }) {
  const links = form.values.customers;
  return (
    <Stack gap="xs">
      {links.length === 0 && <Text size="sm" c="dimmed">Ce contact n’est rattaché à aucun client.</Text>}
      {links.map((l, i) => (
        <Group key={i} align="flex-end" gap="sm" wrap="wrap">
          <CustomerSelect value={l.customerId} onChange={(id) => form.setFieldValue(`customers.${i}.customerId`, id)} error={form.errors[`customers.${i}.customerId`]} />
          <Checkbox label="Reçoit les factures" mb={8} {...form.getInputProps(`customers.${i}.invoicesReceiver`, { type: 'checkbox' })} />
          <Checkbox label="Reçoit les devis" mb={8} {...form.getInputProps(`customers.${i}.quotationsReceiver`, { type: 'checkbox' })} />
          <RemoveButton label="Retirer ce client" onClick={() => form.removeListItem('customers', i)} />
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => form.insertListItem('customers', { customerId: '', invoicesReceiver: true, quotationsReceiver: true })}>
          Rattacher à un client
        </Button>
      </Group>
    </Stack>
  );
}
