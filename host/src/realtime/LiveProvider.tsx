/**
 * Live updates of the signed-in shell: one LiveSocket for the session's token and active company
 * (a new one when the company changes, none after logout). Notifications are shown as toasts and
 * kept in the bell's list; changes made by another session invalidate the queries of that
 * collection; a reconnection after a gap refetches everything (changes may have been missed); a
 * socket closed with 4401 ends the session with a French message.
 */
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session/SessionProvider.tsx';
import { LiveSocket, type LiveStatus } from './LiveSocket.ts';
import { isOwnChange, ME_PREFIX, staleKeys, type Mine } from './changes.ts';
import { createNotificationStore, type NotificationSnapshot, type NotificationStore } from './notificationStore.ts';
import { liveUrl } from './protocol.ts';
import { showLiveNotification } from './toast.ts';

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
  mine.current = { sessionId, userId: user?._id ?? null, companyId };

  useEffect(() => {
    const token = api.session.token;
    if (!token || !companyId) {
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
          store.add(message.notification);
          showLiveNotification(message.notification);
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

export function useLiveNotifications(): NotificationSnapshot & Pick<NotificationStore, 'markAllRead' | 'remove' | 'clear'> {
  const { store } = useLive();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, markAllRead: store.markAllRead, remove: store.remove, clear: store.clear };
}
