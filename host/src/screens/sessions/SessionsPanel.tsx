/**
 * My open sessions (GET /api/kernel/sessions, revoked and expired ones left out), newest activity
 * first; revoking one signs that browser out, revoking this one signs me out here.
 */
import { useMemo, useState } from 'react';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import type { ListOptions } from '@comptoir/sdk/client';
import { QueryFailed, SortableTh, ListFooter, ConfirmDialog, notifySaved } from '@comptoir/sdk/ui';
import { SessionRowView } from './SessionRowView.tsx';
import { SESSIONS_PATH, type SessionRow } from './sessionTypes.ts';

const QUANTITY = 20;

export function SessionsPanel() {
  const { api, logout } = useComptoir();
  const invalidate = useInvalidate();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState({ field: 'lastAction', ascending: false });
  const [revoking, setRevoking] = useState<SessionRow | null>(null);
  // the moment the screen opened: a fixed filter, so the query key does not change at each render
  const [openedAt] = useState(() => new Date().toISOString());
  const options = useMemo<ListOptions>(() => ({
    pagination: { quantity: QUANTITY, page },
    sort,
    filters: {
      revoked: { mode: 'eq', value: false },
      expiration: { mode: 'gt', valueIsDate: true, startDate: openedAt },
    },
  }), [page, sort, openedAt]);
  const sessions = useList<SessionRow>(SESSIONS_PATH, options);

  async function revoke(session: SessionRow) {
    await api.delete(`${SESSIONS_PATH}/${encodeURIComponent(session._id)}`);
    if (session.current) {
      await logout();
      return;
    }
    await invalidate(SESSIONS_PATH);
    notifySaved(`La session « ${session.label} » est révoquée.`);
  }

  if (sessions.isError) return <QueryFailed error={sessions.error} onRetry={() => void sessions.refetch()} />;
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="sm" aria-label="Mes sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Session</Table.Th>
              <Table.Th>Appareil</Table.Th>
              <SortableTh field="lastAction" sort={sort} onSort={(s) => { setSort(s); setPage(1); }}>Dernière activité</SortableTh>
              <SortableTh field="expiration" sort={sort} onSort={(s) => { setSort(s); setPage(1); }}>Expire le</SortableTh>
              <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data?.data.map((s) => <SessionRowView key={s._id} session={s} onRevoke={setRevoking} />)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {sessions.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des sessions…</Text>}
      {sessions.data && <ListFooter page={page} quantity={QUANTITY} count={sessions.data.count} onPage={setPage} noun={['session', 'sessions', 'f']} />}
      <ConfirmDialog
        opened={revoking !== null}
        title={revoking?.current ? 'Se déconnecter' : 'Révoquer la session'}
        confirmLabel={revoking?.current ? 'Se déconnecter' : 'Révoquer'}
        onConfirm={() => revoke(revoking!)}
        onClose={() => setRevoking(null)}
      >
        {revoking?.current
          ? 'C’est la session de ce navigateur : vous serez déconnecté et renvoyé à la page de connexion.'
          : `Le navigateur « ${revoking?.label ?? ''} » sera déconnecté à sa prochaine action.`}
      </ConfirmDialog>
    </>
  );
}
