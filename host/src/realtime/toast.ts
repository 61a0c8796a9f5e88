/** A live notification on screen (Mantine notifications, container mounted by the layout). */
import { notifications } from '@mantine/notifications';
import type { LiveNotification } from './protocol.ts';
import { autoCloseOf, colorOf } from './notificationStyle.ts';

export function showLiveNotification(n: LiveNotification): void {
  notifications.show({
    id: `live-${n._id}`,
    // a notification without content shows its title as the message, not an empty body
    title: n.content ? n.title : undefined,
    message: n.content ?? n.title,
    color: colorOf(n.style),
    autoClose: autoCloseOf(n.timeToLive),
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Fermer la notification' },
    'data-testid': 'live-toast',
  });
}
