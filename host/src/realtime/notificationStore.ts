/**
 * The notifications received since sign-in, newest first, in memory (the bell of the header): at
 * most `limit`, with their read state. A tiny external store for React's useSyncExternalStore.
 */
import type { LiveNotification } from './protocol.ts';

export interface ReceivedNotification extends LiveNotification {
  read: boolean;
  /** when the shell received it (the server's `date` may come from another clock) */
  receivedAt: number;
}

export interface NotificationSnapshot {
  items: readonly ReceivedNotification[];
  unread: number;
}

export interface NotificationStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): NotificationSnapshot;
  add(notification: LiveNotification): void;
  markAllRead(): void;
  remove(id: string): void;
  clear(): void;
}

export function createNotificationStore(limit = 50): NotificationStore {
  let snapshot: NotificationSnapshot = { items: [], unread: 0 };
  const listeners = new Set<() => void>();
  const set = (items: ReceivedNotification[]) => {
    snapshot = { items, unread: items.filter((n) => !n.read).length };
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    add(notification) {
      const rest = snapshot.items.filter((n) => n._id !== notification._id);
      set([{ ...notification, read: false, receivedAt: Date.now() }, ...rest].slice(0, limit));
    },
    markAllRead() {
      if (snapshot.unread) set(snapshot.items.map((n) => (n.read ? n : { ...n, read: true })));
    },
    remove(id) {
      set(snapshot.items.filter((n) => n._id !== id));
    },
    clear() {
      if (snapshot.items.length) set([]);
    },
  };
}
