/**
 * The notification centre of the API (`/api/kernel/notifications`, server/src/notifications/README.md):
 * the kept notifications and the unread count as TanStack queries (keys under
 * `['kernel', 'notifications']`, refreshed by the live channel's changes), and the actions on a
 * notification, kept or live only: read, dismiss, choose.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notifications as toasts } from '@mantine/notifications';
import { useComptoir, useList } from '@comptoir/sdk/react';
import { notifyFailed } from '@comptoir/sdk/ui';
import type { ListOptions } from '@comptoir/sdk/client';
import type { LiveNotification } from './protocol.ts';

export const CENTRE_PATH = '/kernel/notifications';
export const CENTRE_KEY = ['kernel', 'notifications'] as const;

/** The bell's toast id of a notification (Mantine notifications). */
export const toastId = (id: string) => `live-${id}`;

/** Newest first: the bell's latest kept notifications. */
export const RECENT: ListOptions = { sort: { field: 'date', ascending: false }, pagination: { quantity: 10, page: 1 } };

export function useUnreadCount(): number {
  const { api, company } = useComptoir();
  const query = useQuery({
    queryKey: [...CENTRE_KEY, 'unread', company?._id ?? null],
    queryFn: () => api.get<{ count: number }>(`${CENTRE_PATH}/unread`),
    enabled: !!company,
  });
  return query.data?.count ?? 0;
}

export function useRecentNotifications() {
  return useList<LiveNotification>(CENTRE_PATH, RECENT);
}

export interface NotificationActions {
  markRead(n: LiveNotification, read?: boolean): Promise<void>;
  markAllRead(): Promise<void>;
  dismiss(n: LiveNotification): Promise<void>;
  /** answers true when the choice went through */
  choose(n: LiveNotification, index: number): Promise<boolean>;
}

/**
 * Actions on kept notifications (the API) and live-only ones (`forgetLive`: the bell's memory).
 * A failure is told in a French toast.
 */
export function useNotificationActions(forgetLive: (id: string) => void): NotificationActions {
  const { api } = useComptoir();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queries.invalidateQueries({ queryKey: CENTRE_KEY });
  const gone = (id: string) => {
    forgetLive(id);
    toasts.hide(toastId(id));
  };
  const attempt = async (what: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
      return true;
    } catch (e) {
      notifyFailed(e, what);
      return false;
    } finally {
      await refresh();
    }
  };
  return {
    async markRead(n, read = true) {
      await attempt('La notification n’a pas pu être mise à jour', () => api.post(`${CENTRE_PATH}/${n._id}/${read ? 'read' : 'unread'}`));
    },
    async markAllRead() {
      await attempt('Les notifications n’ont pas pu être marquées comme lues', () => api.post(`${CENTRE_PATH}/read`));
    },
    async dismiss(n) {
      if (n.liveOnly) { gone(n._id); return; }
      if (await attempt('La notification n’a pas pu être supprimée', () => api.delete(`${CENTRE_PATH}/${n._id}`))) gone(n._id);
    },
    async choose(n, index) {
      const choice = n.choices[index];
      const ok = await attempt(`« ${choice.title} » n’a pas abouti`, () => api.post(`${CENTRE_PATH}/${n._id}/choose`, { choice: index }));
      if (!ok) return false;
      // answered: off this screen (the server tells the other screens when it removed it)
      gone(n._id);
      if (choice.url && choice.urlMode === 'navigate') navigate(choice.url);
      if (choice.url && choice.urlMode === 'blank') window.open(choice.url, '_blank', 'noopener');
      return true;
    },
  };
}
