/** `/utilisateurs` (kernel.users.read): the members of the active company, their roles, adding and removing members. */
import { useState } from 'react';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader, QueryFailed, SortableTh, ListFooter, SearchBar, ConfirmDialog, useListState, notifySaved } from '@comptoir/sdk/ui';
import { useCompanyRoles } from './useCompanyRoles.ts';
import { MemberRow } from './MemberRow.tsx';
import { CreateMemberDialog } from './CreateMemberDialog.tsx';
import { MemberRolesDialog } from './MemberRolesDialog.tsx';
import { USERS_PATH, memberName, type Member } from './userTypes.ts';

const SEARCH_FIELDS = [
  { value: 'name', label: 'Nom' },
  { value: 'firstname', label: 'Prénom' },
  { value: 'email', label: 'E-mail' },
];

export default function UsersScreen() {
  const { api, user, company, can } = useComptoir();
  const canManage = can('kernel.users.manage');
  const list = useListState({ field: 'name', ascending: true });
  const members = useList<Member>(USERS_PATH, list.options);
  const roles = useCompanyRoles();
  const invalidate = useInvalidate();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const roleList = roles.data?.data ?? [];

  async function remove(member: Member) {
    await api.delete(`${USERS_PATH}/${encodeURIComponent(member._id)}`);
    await invalidate(USERS_PATH);
    notifySaved(`${memberName(member)} ne fait plus partie de l’entreprise.`);
  }

  return (
    <>
      <PageHeader
        title="Utilisateurs"
        description={company ? `Les membres de ${company.name} et leurs rôles.` : undefined}
        actions={canManage && <Button onClick={() => setCreating(true)}>Ajouter un membre</Button>}
      />
      <SearchBar label="Rechercher un membre" value={list.search} onChange={list.setSearch} field={list.searchField} onField={list.setSearchField} fields={SEARCH_FIELDS} />
      {members.isError ? (
        <QueryFailed error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Membres de l’entreprise" style={{ opacity: members.isFetching ? 0.7 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="name" sort={list.sort} onSort={list.setSort}>Nom</SortableTh>
                  <SortableTh field="firstname" sort={list.sort} onSort={list.setSort}>Prénom</SortableTh>
                  <SortableTh field="email" sort={list.sort} onSort={list.setSort}>E-mail</SortableTh>
                  <Table.Th>Rôles</Table.Th>
                  {canManage && <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.data?.data.map((m) => (
                  <MemberRow key={m._id} member={m} roles={roleList} isMe={m._id === user?._id} canManage={canManage} onEditRoles={setEditing} onRemove={setRemoving} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {members.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des membres…</Text>}
          {members.data && (
            <ListFooter page={list.page} quantity={list.quantity} count={members.data.count} onPage={list.setPage} noun={['membre', 'membres']} />
          )}
        </>
      )}
      <CreateMemberDialog opened={creating} onClose={() => setCreating(false)} roles={roleList} />
      {editing && roles.isSuccess && <MemberRolesDialog member={editing} roles={roleList} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Retirer de l’entreprise"
        confirmLabel="Retirer"
        onConfirm={() => remove(removing!)}
        onClose={() => setRemoving(null)}
      >
        {removing && `${memberName(removing)} n’aura plus accès à ${company?.name ?? 'cette entreprise'} et perdra les rôles qu’il y détient. Son compte n’est pas supprimé.`}
      </ConfirmDialog>
    </>
  );
}
