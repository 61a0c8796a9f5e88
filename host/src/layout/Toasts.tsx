/**
 * Mantine's toasts container, downloaded with the first toast (host README « Size »): the first
 * screen shows none, and the container is most of @mantine/notifications. `notifications.show()`
 * only writes the store, which is small and loaded at once; the container then shows what the store
 * holds. Once there, it stays (a toast that closes keeps its exit animation).
 */
import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  // state adjusted during render (React's « storing information from previous renders »): no extra pass
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* at the bottom, where they never cover the header's bell, company switcher and user menu */}
      <Notifications position="bottom-right" />
    </Suspense>
  );
}
