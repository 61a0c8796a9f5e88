/** One invitation: name, roles granted, usage, checking, state, and its actions. */
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatDate } from '@comptoir/sdk/react';
import { RoleBadges } from '../users/RoleBadges.tsx';
import type { RoleRecord } from '../users/userTypes.ts';
import { usageLabel, type InvitationRecord } from './invitationTypes.ts';

export interface InvitationRowProps {
  invitation: InvitationRecord;
  roles: readonly RoleRecord[];
  onEdit(inv: InvitationRecord): void;
  onNewLink(inv: InvitationRecord): void;
  onDelete(inv: InvitationRecord): void;
}

export function InvitationRow({ invitation: inv, roles, onEdit, onNewLink, onDelete }: InvitationRowProps) {
  const full = inv.maxUsage > 0 && inv.currentUsageCount >= inv.maxUsage;
  return (
    <Table.Tr data-testid="invitation-row">
      <Table.Td>
        <Text size="sm" fw={500}>{inv.name}</Text>
        {inv.description && <Text size="xs" c="dimmed" lineClamp={1}>{inv.description}</Text>}
      </Table.Td>
      <Table.Td><RoleBadges roleIds={inv.fk.roles ?? []} roles={roles} /></Table.Td>
      <Table.Td><Text size="sm" c={full ? 'red' : undefined}>{usageLabel(inv)}</Text></Table.Td>
      <Table.Td><Text size="sm">{inv.manualRequestChecking ? 'Manuelle' : 'Automatique'}</Text></Table.Td>
      <Table.Td>
        <Badge variant="light" color={inv.active && !full ? 'teal' : 'gray'}>{!inv.active ? 'Inactive' : full ? 'Complète' : 'Active'}</Badge>
      </Table.Td>
      <Table.Td><Text size="sm">{formatDate(inv.date)}</Text></Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => onNewLink(inv)}>Nouveau lien</Button>
          <Button size="compact-sm" variant="default" onClick={() => onEdit(inv)}>Modifier</Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(inv)}>Supprimer</Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
