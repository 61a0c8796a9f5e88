/** One of my sessions: where, when it was last used, when it expires, and revoke. */
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatDateTime } from '@comptoir/sdk/react';
import { deviceOf, type SessionRow } from './sessionTypes.ts';

export function SessionRowView({ session, onRevoke }: { session: SessionRow; onRevoke(session: SessionRow): void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Text size="sm" fw={500}>{session.label}</Text>
          {session.current && <Badge size="sm" color="teal" variant="light" tt="none">Cette session</Badge>}
        </Group>
      </Table.Td>
      <Table.Td><Text size="sm" c="dimmed">{deviceOf(session)}</Text></Table.Td>
      <Table.Td><Text size="sm">{formatDateTime(session.lastAction)}</Text></Table.Td>
      <Table.Td><Text size="sm">{formatDateTime(session.expiration)}</Text></Table.Td>
      <Table.Td>
        <Group justify="flex-end">
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRevoke(session)}>
            {session.current ? 'Se déconnecter' : 'Révoquer'}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
