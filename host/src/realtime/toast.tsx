/** A live notification on screen (Mantine notifications, container mounted by the layout), with its choices. */
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LiveNotification } from './protocol.ts';
import { autoCloseOf, colorOf } from './notificationStyle.ts';
import { toastId } from './notificationCentre.ts';
import { NotificationChoices } from './NotificationChoices.tsx';

export function showLiveNotification(n: LiveNotification): void {
  notifications.show({
    id: toastId(n._id),
    // a notification without content shows its title as the message, not an empty body
    title: n.content ? n.title : undefined,
    message: (
      <>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{n.content ?? n.title}</Text>
        <NotificationChoices notification={n} />
      </>
    ),
    color: colorOf(n.style),
    autoClose: autoCloseOf(n.timeToLive),
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Fermer la notification' },
    'data-testid': 'live-toast',
  });
}
