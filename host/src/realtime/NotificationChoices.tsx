/** The choices of a notification as buttons (toast, bell, centre); one answer at a time. */
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import type { LiveNotification } from './protocol.ts';
import { colorOf } from './notificationStyle.ts';
import { useLiveActions } from './LiveProvider.tsx';

export function NotificationChoices({ notification, size = 'compact-xs' }: { notification: LiveNotification; size?: string }) {
  const { choose } = useLiveActions();
  const [busy, setBusy] = useState<number | null>(null);
  if (!notification.choices.length) return null;
  async function pick(index: number) {
    setBusy(index);
    try { await choose(notification, index); } finally { setBusy(null); }
  }
  return (
    <Group gap={6} mt={6} data-testid="notification-choices">
      {notification.choices.map((c, i) => (
        <Button
          key={`${i}-${c.title}`} size={size} variant={i === 0 ? 'filled' : 'default'} color={colorOf(notification.style)}
          loading={busy === i} disabled={busy !== null && busy !== i} onClick={() => void pick(i)}
        >
          {c.title}
        </Button>
      ))}
    </Group>
  );
}
