/**
 * `/notifications` (every member): the notification centre — the notifications kept for me in the
 * active company (sent with liveOnly false, or by a kind I keep in the centre), newest first, unread
 * ones marked; read / unread, delete, the choices; a link to my preferences. Live updates refresh it.
 */
import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useComptoir, useList } from '@comptoir/sdk/react';
import { ListFooter, PageHeader, QueryFailed, SearchBar, useListState } from '@comptoir/sdk/ui';
import { CENTRE_PATH, useUnreadCount } from '../../realtime/notificationCentre.ts';
import { useLiveActions } from '../../realtime/LiveProvider.tsx';
import type { LiveNotification } from '../../realtime/protocol.ts';
import { NotificationCard } from './NotificationCard.tsx';

const SEARCH_FIELDS = [
  { value: 'title', label: 'Titre' },
  { value: 'content', label: 'Contenu' },
];

const UNREAD_ONLY = { read: { mode: 'eq' as const, value: false } };

export default function NotificationsScreen() {
  const { company } = useComptoir();
  const [show, setShow] = useState<'all' | 'unread'>('all');
  const list = useListState({ field: 'date', ascending: false }, 20, 'title', show === 'unread' ? UNREAD_ONLY : {});
  const page = useList<LiveNotification>(CENTRE_PATH, list.options);
  const unread = useUnreadCount();
  const actions = useLiveActions();
  const rows = page.data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Notifications"
        description={`Les notifications conservées pour vous${company ? ` dans ${company.name}` : ''}, jusqu’à ce que vous les supprimiez.`}
        actions={(
          <>
            <Button variant="default" component={Link} to="/preferences#notifications">Mes préférences</Button>
            <Button onClick={() => void actions.markAllRead()} disabled={unread === 0}>Tout marquer comme lu</Button>
          </>
        )}
      />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <SearchBar label="Rechercher une notification" value={list.search} onChange={list.setSearch} field={list.searchField} onField={list.setSearchField} fields={SEARCH_FIELDS} />
        <SegmentedControl
          aria-label="Notifications affichées" value={show} onChange={(v) => { setShow(v as 'all' | 'unread'); list.setPage(1); }} mb="md"
          data={[{ value: 'all', label: 'Toutes' }, { value: 'unread', label: unread ? `Non lues (${unread})` : 'Non lues' }]}
        />
      </Group>
      {page.isError ? (
        <QueryFailed error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <>
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none', opacity: page.isFetching ? 0.7 : 1 }} data-testid="notification-centre">
            {rows.map((n) => <NotificationCard key={n._id} notification={n} actions={actions} />)}
          </Stack>
          {page.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des notifications…</Text>}
          {page.data && page.data.count === 0 && (
            <Text c="dimmed" size="sm" mt="md">{show === 'unread' ? 'Aucune notification non lue.' : 'Aucune notification conservée.'}</Text>
          )}
          {page.data && page.data.count > 0 && (
            <ListFooter page={list.page} quantity={list.quantity} count={page.data.count} onPage={list.setPage} noun={['notification', 'notifications', 'f']} />
          )}
        </>
      )}
    </>
  );
}
