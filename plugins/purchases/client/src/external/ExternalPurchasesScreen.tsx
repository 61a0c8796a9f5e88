/** `/achats-en-ligne`: the orders placed in shops, searched by shop, sorted and paginated, with what remains to pay. */
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { formatDate, formatMoney, formatNumber, useComptoir, useList } from '@comptoir/sdk/react';
import { ListFooter, PageHeader, QueryFailed, SortableTh, useListState } from '@comptoir/sdk/ui';
import { EXTERNAL_PURCHASES, PERMISSIONS } from '../api.ts';
import type { ExternalPurchase } from '../common/types.ts';

const AGGREGATIONS = [{ name: 'paid', field: 'paidAmount', sum: true }, { name: 'unpaid', field: 'unpaidAmount', sum: true }];

export function ExternalPurchasesScreen() {
  const { can } = useComptoir();
  const list = useListState({ field: 'orderDate', ascending: false }, 20, 'shop');
  const orders = useList<ExternalPurchase>(EXTERNAL_PURCHASES, { ...list.options, aggregations: AGGREGATIONS });
  const count = orders.data?.count ?? 0;
  return (
    <div data-testid="purchases-external-list">
      <PageHeader title="Achats en ligne" description="Commandes passées dans des boutiques, en ligne ou non, et leurs paiements."
        actions={can(PERMISSIONS.externalManage) && <Button component={Link} to="nouvel-achat">Nouvel achat en ligne</Button>} />
      <TextInput label="Boutique" aria-label="Recherche par boutique" type="search" w={260} mb="md" value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} />
      {orders.isError ? <QueryFailed error={orders.error} onRetry={() => void orders.refetch()} /> : (
        <>
          <Paper withBorder p="sm" radius="md" mb="md">
            <Group gap="xl">
              <Text size="sm">{formatNumber(count)} {count > 1 ? 'commandes' : 'commande'}</Text>
              <Text size="sm">Payé : <b>{formatMoney(orders.data?.aggregation.paid?.sum ?? 0)}</b></Text>
              <Text size="sm">Reste à payer : <b>{formatMoney(orders.data?.aggregation.unpaid?.sum ?? 0)}</b></Text>
            </Group>
          </Paper>
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Achats en ligne">
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="shop" sort={list.sort} onSort={list.setSort}>Boutique</SortableTh>
                  <SortableTh field="orderNumber" sort={list.sort} onSort={list.setSort}>Commande</SortableTh>
                  <SortableTh field="orderDate" sort={list.sort} onSort={list.setSort}>Date</SortableTh>
                  <SortableTh field="paidAmount" sort={list.sort} onSort={list.setSort}>Payé</SortableTh>
                  <SortableTh field="unpaidAmount" sort={list.sort} onSort={list.setSort}>Reste à payer</SortableTh>
                  <Table.Th>Achats liés</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data?.data.map((o) => (
                  <Table.Tr key={o._id} data-testid="purchases-external-row">
                    <Table.Td><Anchor component={Link} to={o._id}>{o.shop}</Anchor></Table.Td>
                    <Table.Td>{o.orderNumber ?? '—'}</Table.Td>
                    <Table.Td>{formatDate(o.orderDate)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(o.paidAmount)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(o.unpaidAmount)}</Table.Td>
                    <Table.Td>{o.fk.purchases.length ? <Badge variant="light">{o.fk.purchases.length}</Badge> : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {orders.data && <ListFooter page={list.page} quantity={list.quantity} count={count} onPage={list.setPage} noun={['commande', 'commandes', 'f']} />}
        </>
      )}
    </div>
  );
}
