/** The list of contacts: search, sort, pagination, the active or the archived ones; creation and import. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { useComptoir, useList } from '@comptoir/sdk/react';
import { ListFooter, PageHeader, QueryFailed, SearchBar, SortableTh, useListState } from '@comptoir/sdk/ui';
import { CONTACTS, PERMISSIONS, type Contact } from '../api.ts';
import { ArchivedFilter, shownFilters, type Shown } from '../common/ArchivedFilter.tsx';

const SEARCH_FIELDS = [
  { value: 'displayName', label: 'Nom' },
  { value: 'company', label: 'Société' },
  { value: 'job', label: 'Fonction' },
];

export function ContactsList() {
  const { can } = useComptoir();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>('active');
  const list = useListState({ field: 'displayName', ascending: true }, 20, 'displayName', shownFilters(shown));
  const contacts = useList<Contact>(CONTACTS, list.options);

  return (
    <div data-testid="contacts-contacts">
      <PageHeader
        title="Contacts"
        description="Les personnes avec qui vous travaillez, chez vos clients, vos fournisseurs ou ailleurs."
        actions={can(PERMISSIONS.contactsManage) && (
          <>
            <Button variant="default" component={Link} to="importer">Importer</Button>
            <Button component={Link} to="nouveau">Nouveau contact</Button>
          </>
        )}
      />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <SearchBar label="Rechercher un contact" value={list.search} onChange={list.setSearch} field={list.searchField} onField={list.setSearchField} fields={SEARCH_FIELDS} />
        <ArchivedFilter label="Contacts affichés" value={shown} onChange={(v) => { setShown(v); list.setPage(1); }} />
      </Group>
      {contacts.isError ? (
        <QueryFailed error={contacts.error} onRetry={() => void contacts.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Contacts" style={{ opacity: contacts.isFetching ? 0.7 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="displayName" sort={list.sort} onSort={list.setSort}>Nom</SortableTh>
                  <SortableTh field="company" sort={list.sort} onSort={list.setSort}>Société</SortableTh>
                  <SortableTh field="job" sort={list.sort} onSort={list.setSort}>Fonction</SortableTh>
                  <Table.Th>Téléphone</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {contacts.data?.data.map((c) => (
                  <Table.Tr key={c._id} style={{ cursor: 'pointer' }} onClick={() => navigate(c._id)}>
                    <Table.Td><Anchor component={Link} to={c._id} onClick={(e) => e.stopPropagation()}>{c.displayName}</Anchor></Table.Td>
                    <Table.Td>{c.company}</Table.Td>
                    <Table.Td>{c.job}</Table.Td>
                    <Table.Td>{c.phoneNumbers[0]?.value}</Table.Td>
                    <Table.Td>{c.emails[0]?.email}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {contacts.isPending && <Text c="dimmed" size="sm" mt="md">Chargement…</Text>}
          {contacts.data && (
            <ListFooter page={list.page} quantity={list.quantity} count={contacts.data.count} onPage={list.setPage} noun={['contact', 'contacts']} />
          )}
        </>
      )}
    </div>
  );
}
