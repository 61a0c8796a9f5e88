/** `/roles` (kernel.roles.manage): the roles of the active company and their permissions. */
import { useState } from 'react';
import { Button, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useComptoir, useList } from '@comptoir/sdk/react';
import { PageHeader, QueryFailed, SortableTh, ListFooter, ConfirmDialog, useListState, notifySaved } from '@comptoir/sdk/ui';
import { ROLES_PATH, type RoleRecord } from '../users/userTypes.ts';
import { RoleRow } from './RoleRow.tsx';
import { RoleDialog } from './RoleDialog.tsx';

export default function RolesScreen() {
  const { api, company } = useComptoir();
  const queries = useQueryClient();
  const list = useListState({ field: 'name', ascending: true });
  const roles = useList<RoleRecord>(ROLES_PATH, list.options);
  const [editing, setEditing] = useState<RoleRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleRecord | null>(null);

  async function remove(role: RoleRecord) {
    await api.delete(`${ROLES_PATH}/${encodeURIComponent(role._id)}`);
    await queries.invalidateQueries({ queryKey: ['kernel', 'roles'] });
    notifySaved(`Le rôle « ${role.name} » est supprimé.`);
  }

  return (
    <>
      <PageHeader
        title="Rôles"
        description={company ? `Ce que chaque rôle permet de faire dans ${company.name}.` : undefined}
        actions={<Button onClick={() => setEditing('new')}>Nouveau rôle</Button>}
      />
      <TextInput
        aria-label="Rechercher un rôle" placeholder="Rechercher un rôle…" type="search" mb="md" w={{ base: '100%', xs: 280 }}
        value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)}
      />
      {roles.isError ? (
        <QueryFailed error={roles.error} onRetry={() => void roles.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Rôles de l’entreprise">
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="name" sort={list.sort} onSort={list.setSort}>Nom</SortableTh>
                  <Table.Th>Droits</Table.Th>
                  <SortableTh field="metadata.creationDate" sort={list.sort} onSort={list.setSort}>Créé le</SortableTh>
                  <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {roles.data?.data.map((r) => <RoleRow key={r._id} role={r} onEdit={setEditing} onDelete={setDeleting} />)}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {roles.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des rôles…</Text>}
          {roles.data && <ListFooter page={list.page} quantity={list.quantity} count={roles.data.count} onPage={list.setPage} noun={['rôle', 'rôles']} />}
        </>
      )}
      {editing && <RoleDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null} title="Supprimer le rôle" confirmLabel="Supprimer"
        onConfirm={() => remove(deleting!)} onClose={() => setDeleting(null)}
      >
        {deleting && `Le rôle « ${deleting.name} » sera supprimé définitivement.`}
      </ConfirmDialog>
    </>
  );
}
