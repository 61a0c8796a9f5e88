/** The list of the active company's items: a search, a table, the total of the prices, pages. */
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatDate, formatMoney, useComptoir, useList } from '@comptoir/sdk/react';
import { ListFooter, PageHeader, useListState } from '@comptoir/sdk/ui';
import { ITEMS, MANAGE, errorText, type Item } from '../api.ts';

export function ItemsScreen() {
  const { can } = useComptoir();
  // page, sort and search as the API takes them; a new search goes back to the first page
  const list = useListState({ field: 'name', ascending: true }, 20, 'name');
  const items = useList<Item>(ITEMS, { ...list.options, aggregations: [{ name: 'total', field: 'price', sum: true }] });
  const rows = items.data?.data ?? [];
  return (
    <Stack data-testid='surveys-items'>
      <PageHeader
        title={'Questionnaires'}
        actions={can(MANAGE) && <Button component={Link} to="nouveau">Nouvel élément</Button>}
      />
      <TextInput label="Rechercher" placeholder="Nom de l’élément" value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} />
      {items.isError && <Alert color="red" title="Chargement impossible">{errorText(items.error)}</Alert>}
      {items.isPending ? <Loader /> : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nom</Table.Th>
              <Table.Th>Prix HT</Table.Th>
              <Table.Th>Créé le</Table.Th>
              <Table.Th>État</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item) => (
              <Table.Tr key={item._id}>
                <Table.Td><Anchor component={Link} to={item._id}>{item.name}</Anchor></Table.Td>
                <Table.Td>{formatMoney(item.price)}</Table.Td>
                <Table.Td>{formatDate(item.metadata.creationDate)}</Table.Td>
                <Table.Td>{item.archived ? <Badge color="gray">Archivé</Badge> : <Badge>Actif</Badge>}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr><Table.Td colSpan={4}><Text c="dimmed">Aucun élément pour l’instant.</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
      <Text size="sm" c="dimmed">
        {items.data?.count ?? 0} élément(s), total {formatMoney(items.data?.aggregation.total?.sum ?? 0)} HT
      </Text>
      {items.data && items.data.count > list.quantity && (
        <ListFooter page={list.page} quantity={list.quantity} count={items.data.count} onPage={list.setPage} noun={['élément', 'éléments']} />
      )}
    </Stack>
  );
}
