/** The list of customers or providers: search, sort, pagination, the active or the archived ones. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { formatDate, useComptoir, useList } from '@comptoir/sdk/react';
import type { Filters } from '@comptoir/sdk/client';
import { ListFooter, PageHeader, QueryFailed, SearchBar, SortableTh, UserPropsFilters, useListState, useUserPropsColumns } from '@comptoir/sdk/ui';
import { PARTY_KINDS, type Party, type PartyKind } from '../api.ts';
import { ArchivedFilter, shownFilters, type Shown } from '../common/ArchivedFilter.tsx';

const SEARCH_FIELDS = [
  { value: 'displayName', label: 'Nom' },
  { value: 'email', label: 'E-mail' },
  { value: 'vatNumber', label: 'N° de TVA' },
];

export function PartiesList({ kind }: { kind: PartyKind }) {
  const info = PARTY_KINDS[kind];
  const { can } = useComptoir();
  const navigate = useNavigate();
  const [propFilters, setPropFilters] = useState<Filters>({});
  const [shown, setShown] = useState<Shown>('active');
  const list = useListState({ field: 'displayName', ascending: true }, 20, 'displayName', { ...propFilters, ...shownFilters(shown) });
  const parties = useList<Party>(info.path, list.options);
  // the company's custom fields placed in lists, after the plugin's own columns
  const extra = useUserPropsColumns(`contacts.${kind}`);

  return (
    <div data-testid={`contacts-${kind}`}>
      <PageHeader
        title={info.title}
        description={info.description}
        actions={can(info.manage) && <Button component={Link} to="nouveau">{info.newLabel}</Button>}
      />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <SearchBar label={`Rechercher un ${info.one}`} value={list.search} onChange={list.setSearch} field={list.searchField} onField={list.setSearchField} fields={SEARCH_FIELDS} />
        <ArchivedFilter label={`${info.title} affichés`} value={shown} onChange={(v) => { setShown(v); list.setPage(1); }} />
      </Group>
      <UserPropsFilters collection={`contacts.${kind}`} onChange={(f) => { setPropFilters(f); list.setPage(1); }} />
      {parties.isError ? (
        <QueryFailed error={parties.error} onRetry={() => void parties.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label={info.title} style={{ opacity: parties.isFetching ? 0.7 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="displayName" sort={list.sort} onSort={list.setSort}>Nom</SortableTh>
                  <SortableTh field="email" sort={list.sort} onSort={list.setSort}>E-mail</SortableTh>
                  <Table.Th>Téléphone</Table.Th>
                  <Table.Th>Ville</Table.Th>
                  <SortableTh field="metadata.creationDate" sort={list.sort} onSort={list.setSort}>Créé le</SortableTh>
                  {extra.headers(list.sort, list.setSort)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {parties.data?.data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed">{shown === 'archived' ? `Aucun ${info.one} archivé.` : `Aucun ${info.one} pour l’instant.`}</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {parties.data?.data.map((p) => (
                  <Table.Tr key={p._id} style={{ cursor: 'pointer' }} onClick={() => navigate(p._id)}>
                    <Table.Td><Anchor component={Link} to={p._id} onClick={(e) => e.stopPropagation()}>{p.displayName}</Anchor></Table.Td>
                    <Table.Td>{p.email}</Table.Td>
                    <Table.Td>{p.telMobile || p.telHome}</Table.Td>
                    <Table.Td>{p.addresses.find((a) => a.invoicing)?.city ?? p.addresses[0]?.city}</Table.Td>
                    <Table.Td>{formatDate(p.metadata.creationDate)}</Table.Td>
                    {extra.cells(p.userProps)}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {parties.isPending && <Text c="dimmed" size="sm" mt="md">Chargement…</Text>}
          {parties.data && (
            <ListFooter page={list.page} quantity={list.quantity} count={parties.data.count} onPage={list.setPage} noun={[info.one, info.many]} />
          )}
        </>
      )}
    </div>
  );
}
