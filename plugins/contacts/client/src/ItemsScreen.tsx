/** The list of the active company's items: a search, a table, the total of the prices. */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatDate, formatMoney, useComptoir, useList } from '@comptoir/sdk/react';
import { ITEMS, MANAGE, errorText, type Item } from './items.ts';

export function ItemsScreen() {
  const { can } = useComptoir();
  const [search, setSearch] = useState('');
  const items = useList<Item>(ITEMS, {
    filters: search.trim() ? { name: { mode: 'contains', value: search.trim() } } : undefined,
    sort: { field: 'name', ascending: true },
    aggregations: [{ name: 'total', field: 'price', sum: true }],
  });
  const rows = items.data?.data ?? [];
  return (
    <Stack data-testid='contacts-items'>
      <Group justify="space-between">
        <Title order={2}>Contacts</Title>
        {can(MANAGE) && <Button component={Link} to="nouveau">Nouvel élément</Button>}
      </Group>
      <TextInput label="Rechercher" placeholder="Nom de l’élément" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
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
    </Stack>
  );
}
