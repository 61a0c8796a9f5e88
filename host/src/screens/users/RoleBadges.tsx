/** The roles a member holds in the active company. */
import { Badge, Group, Text } from '@mantine/core';
import type { RoleRecord } from './userTypes.ts';

export function RoleBadges({ roleIds, roles }: { roleIds: readonly string[]; roles: readonly RoleRecord[] }) {
  const held = roles.filter((r) => roleIds.includes(r._id));
  if (held.length === 0) return <Text size="sm" c="dimmed">Aucun rôle</Text>;
  return (
    <Group gap={4}>
      {held.map((r) => (
        <Badge key={r._id} variant="light" color={r.god ? 'grape' : 'indigo'} tt="none">{r.name}</Badge>
      ))}
    </Group>
  );
}
