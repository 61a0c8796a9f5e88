/**
 * The bell of the header: the latest kept notifications (the centre of the API) and the live-only
 * ones received since sign-in (in memory), newest first, with their choices; the unread count of
 * both; the state of the live channel; a link to the whole centre. Opening it marks everything
 * read; the ones that were unread stay highlighted while it is open.
 */
import { useState } from 'react';
import { ActionIcon, Anchor, Box, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@comptoir/sdk/react';
import { useLiveActions, useLiveNotifications, useLiveStatus } from './LiveProvider.tsx';
import { colorOf } from './notificationStyle.ts';
import { useRecentNotifications, useUnreadCount } from './notificationCentre.ts';
import { NotificationChoices } from './NotificationChoices.tsx';
import type { LiveStatus } from './LiveSocket.ts';
import type { LiveNotification } from './protocol.ts';

const STATUS_LABEL: Record<LiveStatus, string> = {
  connecting: 'Connexion au direct…',
  live: 'En direct',
  waiting: 'Connexion perdue, nouvelle tentative…',
  stopped: 'Mises à jour en direct indisponibles',
};

const STATUS_COLOR: Record<LiveStatus, string> = { connecting: 'gray', live: 'teal', waiting: 'orange', stopped: 'gray' };

/** at most this many in the bell; the centre has them all */
const SHOWN = 20;

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6" />
      <path d="M9 17v1a3 3 0 0 0 6 0v-1" />
    </svg>
  );
}

export function unreadLabel(unread: number): string {
  if (unread === 0) return 'Notifications';
  return unread === 1 ? 'Notifications : 1 non lue' : `Notifications : ${unread} non lues`;
}

/** Kept and live-only notifications, newest first, each once. */
export function mergeNotifications(live: readonly LiveNotification[], kept: readonly LiveNotification[], limit = SHOWN): LiveNotification[] {
  const seen = new Set<string>();
  return [...live, ...kept]
    .filter((n) => !seen.has(n._id) && seen.add(n._id))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, limit);
}

export function NotificationBell() {
  const live = useLiveNotifications();
  const actions = useLiveActions();
  const status = useLiveStatus();
  const keptUnread = useUnreadCount();
  const recent = useRecentNotifications();
  const [opened, setOpened] = useState(false);
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const items = mergeNotifications(live.items, recent.data?.data ?? []);
  const unread = live.unread + keptUnread;

  const toggle = (open: boolean) => {
    if (open) {
      // live ones carry the bell's own read state (merged first)
      setHighlighted(new Set(items.filter((n) => !n.read).map((n) => n._id)));
      live.markAllRead();
      if (keptUnread > 0) void actions.markAllRead();
    }
    setOpened(open);
  };

  return (
    <Popover opened={opened} onChange={toggle} position="bottom-end" width={380} shadow="md" withArrow>
      {/* the button is the popover's target: its name, aria-expanded and aria-controls are on it,
          and the unread badge is drawn inside it (hidden from assistive technologies: the name
          already says the count) */}
      <Popover.Target>
        <ActionIcon
          variant="subtle" color="gray" size="lg" radius="xl" onClick={() => toggle(!opened)}
          aria-label={unreadLabel(unread)} data-testid="notification-bell" data-unread={unread} data-live={status}
          style={{ overflow: 'visible' }}
        >
          <Indicator label={unread > 99 ? '99+' : unread} disabled={unread === 0} size={18} color="red" offset={2} inline aria-hidden="true">
            <BellIcon />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="notification-list">
        <Group justify="space-between" px="md" py="xs" wrap="nowrap">
          <div>
            <Text fw={700} size="sm">Notifications</Text>
            <Group gap={6} wrap="nowrap">
              <Box w={8} h={8} bg={STATUS_COLOR[status]} style={{ borderRadius: '50%' }} aria-hidden="true" />
              <Text size="xs" c="dimmed">{STATUS_LABEL[status]}</Text>
            </Group>
          </div>
          <Anchor component={Link} to="/notifications" size="xs" onClick={() => setOpened(false)}>Tout voir</Anchor>
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" px="md" pb="md">Aucune notification.</Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={0} pb={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {items.map((n) => (
                <Box
                  component="li" key={n._id} px="md" py="xs" data-testid="notification-item"
                  style={{
                    borderTop: '1px solid var(--mantine-color-default-border)',
                    borderLeft: `3px solid var(--mantine-color-${colorOf(n.style)}-filled)`,
                    background: highlighted.has(n._id) ? 'var(--mantine-color-default-hover)' : undefined,
                  }}
                >
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>{n.title}</Text>
                      {n.content && <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{n.content}</Text>}
                      <Text size="xs" c="dimmed">{formatDateTime(n.date)}</Text>
                      <NotificationChoices notification={n} />
                    </div>
                    <UnstyledButton onClick={() => void actions.dismiss(n)} aria-label={`Effacer « ${n.title} »`} c="dimmed" fz="lg" lh={1}>×</UnstyledButton>
                  </Group>
                </Box>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
