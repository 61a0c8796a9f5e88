/** Toasts of the shell screens (the container is mounted by the layout). */
import { notifications } from '@mantine/notifications';
import { errorMessage } from './errorMessage.ts';

export function notifySaved(message: string): void {
  notifications.show({ color: 'teal', title: 'Enregistré', message });
}

export function notifyFailed(error: unknown, title = 'L’opération a échoué'): void {
  notifications.show({ color: 'red', title, message: errorMessage(error) });
}
