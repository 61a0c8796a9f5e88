/** One member: name, e-mail, roles in the company, and what the viewer may do with them. */
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { RoleBadges } from './RoleBadges.tsx';
import type { Member, RoleRecord } from './userTypes.ts';

export interface MemberRowProps {
  member: Member;
  roles: readonly RoleRecord[];
  isMe: boolean;
  canManage: boolean;
  onEditRoles(member: Member): void;
  onRemove(member: Member): void;
}

export function MemberRow({ member, roles, isMe, canManage, onEditRoles, onRemove }: MemberRowProps) {
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>{member.name || '—'}</Text>
          {isMe && <Badge size="xs" variant="outline">Vous</Badge>}
        </Group>
      </Table.Td>
      <Table.Td><Text size="sm">{member.firstname || '—'}</Text></Table.Td>
      <Table.Td><Text size="sm">{member.email}</Text></Table.Td>
      <Table.Td><RoleBadges roleIds={member.roles ?? []} roles={roles} /></Table.Td>
      {canManage && (
        <Table.Td>
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="compact-sm" variant="light" onClick={() => onEditRoles(member)}>Rôles</Button>
            {!isMe && <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRemove(member)}>Retirer</Button>}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
