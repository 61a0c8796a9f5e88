/** The establishments of the active company: name, city, first telephone. */
import { Button, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Establishment } from '@comptoir/schemas';
import { useComptoir, useList } from '@comptoir/sdk/react';
import { ListFooter, PageHeader, QueryFailed, SearchBar, SortableTh, useListState } from '@comptoir/sdk/ui';
import { ESTABLISHMENTS_PATH, ESTABLISHMENTS_PERMISSION } from './establishmentValues.ts';

export function EstablishmentsList() {
  const { can } = useComptoir();
  const list = useListState({ field: 'name', ascending: true });
  const establishments = useList<Establishment>(ESTABLISHMENTS_PATH, list.options);
  return (
    <>
      <PageHeader
        title="Établissements"
        description="Boutiques, ateliers, salles : adresses, téléphones et horaires d’ouverture."
        actions={can(ESTABLISHMENTS_PERMISSION) && <Button component={Link} to="nouveau">Nouvel établissement</Button>}
      />
      <SearchBar label="Rechercher un établissement" value={list.search} onChange={list.setSearch} field={list.searchField} onField={list.setSearchField} fields={[{ value: 'name', label: 'Nom' }]} />
      {establishments.isError ? (
        <QueryFailed error={establishments.error} onRetry={() => void establishments.refetch()} />
      ) : (
        <>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Établissements">
            <Table.Thead>
              <Table.Tr>
                <SortableTh field="name" sort={list.sort} onSort={list.setSort}>Nom</SortableTh>
                <Table.Th>Ville</Table.Th>
                <Table.Th>Téléphone</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {establishments.data?.data.map((e) => (
                <Table.Tr key={e._id}>
                  <Table.Td><Text size="sm" fw={500} component={Link} to={e._id}>{e.name}</Text></Table.Td>
                  <Table.Td>{e.address?.city ?? '—'}</Table.Td>
                  <Table.Td>{e.tels[0] ? `${e.tels[0].value} (${e.tels[0].type})` : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {establishments.data?.count === 0 && <Text c="dimmed" size="sm" mt="md">Aucun établissement pour le moment.</Text>}
          {establishments.data && establishments.data.count > 0 && (
            <ListFooter page={list.page} quantity={list.quantity} count={establishments.data.count} onPage={list.setPage} noun={['établissement', 'établissements']} />
          )}
        </>
      )}
    </>
  );
}
