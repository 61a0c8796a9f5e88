/** One role: its name, what it grants, edit and delete. */
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatDate } from '@comptoir/sdk/react';
import type { RoleRecord } from '../users/userTypes.ts';

export function RoleRow({ role, onEdit, onDelete }: { role: RoleRecord; onEdit(role: RoleRecord): void; onDelete(role: RoleRecord): void }) {
  const count = role.permissions.length;
  return (
    <Table.Tr>
      <Table.Td><Text size="sm" fw={500}>{role.name}</Text></Table.Td>
      <Table.Td>
        {role.god
          ? <Badge color="grape" variant="light" tt="none">Tous les droits</Badge>
          : <Text size="sm">{count === 0 ? 'Aucune permission' : `${count} permission${count > 1 ? 's' : ''}`}</Text>}
      </Table.Td>
      <Table.Td><Text size="sm" c="dimmed">{formatDate(role.metadata?.creationDate)}</Text></Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => onEdit(role)}>Modifier</Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(role)}>Supprimer</Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
