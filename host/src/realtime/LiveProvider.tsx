/**
 * Live updates of the signed-in shell: one LiveSocket for the session's token and active company
 * (a new one when the company changes, none after logout). Notifications are shown as toasts; the
 * live-only ones are kept in the bell's memory, the others refresh the notification centre's
 * queries; internal ones are handed to the page as a `comptoir:notification` DOM event (for the
 * plugins' screens), never shown; removed ones leave every screen. Changes made by another session invalidate the queries of that
 * collection; a reconnection after a gap refetches everything (changes may have been missed); a
 * socket closed with 4401 ends the session with a French message.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session/SessionProvider.tsx';
import { LiveSocket, type LiveStatus } from './LiveSocket.ts';
import { isOwnChange, ME_PREFIX, staleKeys, type Mine } from './changes.ts';
import { createNotificationStore, type NotificationSnapshot, type NotificationStore } from './notificationStore.ts';
import { liveUrl } from './protocol.ts';
import { showLiveNotification } from './toast.tsx';
import { CENTRE_KEY, toastId, useNotificationActions, type NotificationActions } from './notificationCentre.ts';
import { notifications as toasts } from '@mantine/notifications';

export const SESSION_OVER = 'Votre session a pris fin (déconnexion depuis un autre appareil, révocation ou expiration). Reconnectez-vous pour continuer.';

interface LiveValue {
  status: LiveStatus;
  store: NotificationStore;
}

const LiveContext = createContext<LiveValue | null>(null);

export function LiveProvider({ children }: { children: ReactNode }) {
  const { api, companyId, sessionId, user, expire } = useSession();
  const queries = useQueryClient();
  const [store] = useState(createNotificationStore);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const mine = useRef<Mine>({ sessionId, userId: user?._id ?? null, companyId });
  // written after render, not during it (a render may be discarded); read by the socket's handlers
  useLayoutEffect(() => { mine.current = { sessionId, userId: user?._id ?? null, companyId }; });

  useEffect(() => {
    const token = api.session.token;
    if (!token || !companyId) {
      // no socket to report its status: this effect says it once
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setStatus('stopped');
      return undefined;
    }
    const socket = new LiveSocket({
      url: liveUrl(),
      token,
      company: companyId,
      onStatus: setStatus,
      onReady: ({ reconnected }) => {
        if (reconnected) void queries.invalidateQueries();
      },
      onMessage: (message) => {
        if (message.type === 'notification') {
          const n = message.notification;
          if (n.internal) {
            window.dispatchEvent(new CustomEvent('comptoir:notification', { detail: n }));
            return;
          }
          if (n.liveOnly) store.add(n);
          else void queries.invalidateQueries({ queryKey: CENTRE_KEY });
          showLiveNotification(n);
          return;
        }
        if (message.type === 'notifications-cleared') {
          for (const id of message.ids) {
            store.remove(id);
            toasts.hide(toastId(id));
          }
          void queries.invalidateQueries({ queryKey: CENTRE_KEY });
          return;
        }
        if (isOwnChange(message, mine.current)) return;
        for (const queryKey of staleKeys(message, mine.current)) void queries.invalidateQueries({ queryKey });
      },
      onUnauthenticated: () => expire(SESSION_OVER),
      // removed from this company: the session context answers 403 and the shell picks another
      onForbidden: () => {
        void queries.invalidateQueries({ queryKey: ME_PREFIX });
        void queries.invalidateQueries({ queryKey: ['kernel', 'companies'] });
      },
    });
    socket.start();
    return () => socket.stop();
  }, [api, companyId, queries, store, expire]);

  return <LiveContext.Provider value={{ status, store }}>{children}</LiveContext.Provider>;
}

function useLive(): LiveValue {
  const value = useContext(LiveContext);
  if (!value) throw new Error('useLive() hors de LiveProvider');
  return value;
}

export function useLiveStatus(): LiveStatus {
  return useLive().status;
}

/** Read, dismiss and choose, on kept and live-only notifications alike. */
export function useLiveActions(): NotificationActions {
  return useNotificationActions(useLive().store.remove);
}

export function useLiveNotifications(): NotificationSnapshot & Pick<NotificationStore, 'markAllRead' | 'remove' | 'clear'> {
  const { store } = useLive();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, markAllRead: store.markAllRead, remove: store.remove, clear: store.clear };
}
