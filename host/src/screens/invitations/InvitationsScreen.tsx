/**
 * `/invitations` (kernel.users.manage): the company's invitation links and the requests made
 * through them. A link is shown once, when created or renewed (the server keeps only a hash).
 */
import { useState } from 'react';
import { Badge, Button, Table, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { ConfirmDialog, ListFooter, PageHeader, QueryFailed, SortableTh, useListState, notifySaved } from '@comptoir/sdk/ui';
import { useCompanyRoles } from '../users/useCompanyRoles.ts';
import { InvitationRow } from './InvitationRow.tsx';
import { InvitationDialog } from './InvitationDialog.tsx';
import { InvitationLinkDialog } from './InvitationLinkDialog.tsx';
import { RequestsPanel } from './RequestsPanel.tsx';
import { INVITATIONS_PATH, REQUESTS_PATH, type InvitationRecord, type InvitationWithKey, type RequestRecord } from './invitationTypes.ts';

const PENDING = { pagination: { quantity: 1, page: 1 }, filters: { status: { mode: 'eq' as const, value: 'pending' } } };

export default function InvitationsScreen() {
  const { api, company } = useComptoir();
  const invalidate = useInvalidate();
  const list = useListState({ field: 'name', ascending: true }, 50);
  const invitations = useList<InvitationRecord>(INVITATIONS_PATH, list.options);
  const pending = useList<RequestRecord>(REQUESTS_PATH, PENDING);
  const roles = useCompanyRoles();
  const [tab, setTab] = useState<string | null>('invitations');
  const [editing, setEditing] = useState<InvitationRecord | 'new' | null>(null);
  const [link, setLink] = useState<InvitationWithKey | null>(null);
  const [deleting, setDeleting] = useState<InvitationRecord | null>(null);
  const [renewing, setRenewing] = useState<InvitationRecord | null>(null);
  const pendingCount = pending.data?.count ?? 0;

  /** Confirmed first: the link already sent stops working at once. */
  async function newLink(inv: InvitationRecord) {
    setLink(await api.post<InvitationWithKey>(`${INVITATIONS_PATH}/${encodeURIComponent(inv._id)}/key`));
  }

  async function remove(inv: InvitationRecord) {
    await api.delete(`${INVITATIONS_PATH}/${encodeURIComponent(inv._id)}`);
    await Promise.all([invalidate(INVITATIONS_PATH), invalidate(REQUESTS_PATH)]);
    notifySaved(`L’invitation « ${inv.name} » est supprimée.`);
  }

  return (
    <>
      <PageHeader
        title="Invitations"
        description={company ? `Des liens pour rejoindre ${company.name} avec les rôles de votre choix, et les demandes reçues.` : undefined}
        actions={<Button onClick={() => setEditing('new')}>Nouvelle invitation</Button>}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="invitations">Invitations</Tabs.Tab>
          <Tabs.Tab value="requests" rightSection={pendingCount > 0 ? <Badge size="sm" color="orange" circle data-testid="pending-requests">{pendingCount}</Badge> : null}>
            Demandes
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invitations">
          {invitations.isError ? (
            <QueryFailed error={invitations.error} onRetry={() => void invitations.refetch()} />
          ) : (
            <>
              <Table.ScrollContainer minWidth={860}>
                <Table striped highlightOnHover verticalSpacing="sm" aria-label="Invitations de l’entreprise">
                  <Table.Thead>
                    <Table.Tr>
                      <SortableTh field="name" sort={list.sort} onSort={list.setSort}>Nom</SortableTh>
                      <Table.Th>Rôles</Table.Th>
                      <Table.Th>Utilisations</Table.Th>
                      <Table.Th>Validation</Table.Th>
                      <Table.Th>État</Table.Th>
                      <SortableTh field="date" sort={list.sort} onSort={list.setSort}>Créée le</SortableTh>
                      <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {invitations.data?.data.map((inv) => (
                      <InvitationRow key={inv._id} invitation={inv} roles={roles.data?.data ?? []} onEdit={setEditing} onNewLink={setRenewing} onDelete={setDeleting} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {invitations.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des invitations…</Text>}
              {invitations.data?.count === 0 && (
                <Text c="dimmed" size="sm" mt="md">Aucune invitation : créez-en une pour faire entrer vos collaborateurs.</Text>
              )}
              {invitations.data && invitations.data.count > 0 && (
                <ListFooter page={list.page} quantity={list.quantity} count={invitations.data.count} onPage={list.setPage} noun={['invitation', 'invitations', 'f']} />
              )}
            </>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="requests">
          <RequestsPanel />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <InvitationDialog invitation={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onCreated={setLink} />
      )}
      {link && <InvitationLinkDialog invitation={link} onClose={() => setLink(null)} />}
      <ConfirmDialog
        opened={renewing !== null} title="Nouveau lien" confirmLabel="Remplacer le lien"
        onConfirm={() => newLink(renewing!)} onClose={() => setRenewing(null)}
      >
        {renewing && `Le lien actuel de l’invitation « ${renewing.name} » n’ouvrira plus rien : les personnes qui l’ont reçu sans l’avoir encore utilisé devront recevoir le nouveau.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={deleting !== null} title="Supprimer l’invitation" confirmLabel="Supprimer"
        onConfirm={() => remove(deleting!)} onClose={() => setDeleting(null)}
      >
        {deleting && `L’invitation « ${deleting.name} » et ses demandes seront supprimées ; son lien n’ouvrira plus rien. Les personnes déjà entrées restent membres.`}
      </ConfirmDialog>
    </>
  );
}
