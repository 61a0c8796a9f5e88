/** One kept notification in the centre: read state, content, date, choices, read / unread, delete. */
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { formatDateTime } from '@comptoir/sdk/react';
import { colorOf } from '../../realtime/notificationStyle.ts';
import { NotificationChoices } from '../../realtime/NotificationChoices.tsx';
import type { NotificationActions } from '../../realtime/notificationCentre.ts';
import type { LiveNotification } from '../../realtime/protocol.ts';

export function NotificationCard({ notification: n, actions }: { notification: LiveNotification; actions: NotificationActions }) {
  return (
    <Paper
      withBorder p="md" radius="md" component="li" data-testid="centre-item" data-read={n.read}
      style={{ borderLeft: `4px solid var(--mantine-color-${colorOf(n.style)}-filled)` }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={n.read ? 500 : 700}>{n.title}</Text>
            {!n.read && <Badge size="xs" color="red" variant="light">Non lue</Badge>}
            {n.priority === 'high' && <Badge size="xs" color="orange" variant="outline">Importante</Badge>}
          </Group>
          {n.content && <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{n.content}</Text>}
          <Text size="xs" c="dimmed">{formatDateTime(n.date)}</Text>
          <NotificationChoices notification={n} size="compact-sm" />
        </div>
        <Group gap={4} wrap="nowrap">
          <Button variant="subtle" size="compact-sm" color="gray" onClick={() => void actions.markRead(n, !n.read)}>
            {n.read ? 'Marquer non lue' : 'Marquer lue'}
          </Button>
          <Button variant="subtle" size="compact-sm" color="red" onClick={() => void actions.dismiss(n)} aria-label={`Supprimer « ${n.title} »`}>
            Supprimer
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
