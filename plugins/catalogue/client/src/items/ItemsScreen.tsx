/** The catalogue: search, sort, pagination, the active or the archived articles, deletion with confirmation. */
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Badge, Button, Group, SegmentedControl, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Filters } from '@comptoir/sdk/client';
import { formatMoney, formatNumber, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import {
  ConfirmDialog, ListFooter, PageHeader, QueryFailed, SearchBar, SortableTh, notifySaved, useListState,
} from '@comptoir/sdk/ui';
import { ITEMS, MANAGE, TYPE_LABELS, vatLabel, type Item } from '../api.ts';

const SEARCH_FIELDS = [
  { value: 'name', label: 'Nom' },
  { value: 'keywords', label: 'Mots-clés' },
  { value: 'shortDescription', label: 'Description' },
];

/** the API leaves archived articles (`enabled: false`) out unless a filter asks for them */
type Shown = 'active' | 'archived';
const SHOWN: Record<Shown, Filters> = {
  active: {},
  archived: { enabled: { mode: 'eq', value: false } },
};

export function ItemsScreen() {
  const { api, can } = useComptoir();
  const canManage = can(MANAGE);
  const invalidate = useInvalidate();
  const [shown, setShown] = useState<Shown>('active');
  const list = useListState({ field: 'name', ascending: true }, 20, 'name', SHOWN[shown]);
  const items = useList<Item>(ITEMS, list.options);
  const [removing, setRemoving] = useState<Item | null>(null);

  async function remove(item: Item) {
    await api.delete(`${ITEMS}/${item._id}`);
    await invalidate(ITEMS);
    notifySaved(`« ${item.name} » est supprimé du catalogue.`);
  }

  return (
    <div data-testid="catalogue-items">
      <PageHeader
        title="Catalogue"
        description="Les produits et services que vous vendez, avec leurs prix HT et TTC."
        actions={canManage && <Button component={Link} to="nouveau">Nouvel article</Button>}
      />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <SearchBar label="Rechercher un article" value={list.search} onChange={list.setSearch} field={list.searchField} onField={list.setSearchField} fields={SEARCH_FIELDS} />
        <SegmentedControl
          aria-label="Articles affichés" value={shown} onChange={(v) => { setShown(v as Shown); list.setPage(1); }}
          data={[{ value: 'active', label: 'Actifs' }, { value: 'archived', label: 'Archivés' }]}
        />
      </Group>
      {items.isError ? (
        <QueryFailed error={items.error} onRetry={() => void items.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Articles du catalogue" style={{ opacity: items.isFetching ? 0.7 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="name" sort={list.sort} onSort={list.setSort}>Nom</SortableTh>
                  <SortableTh field="type" sort={list.sort} onSort={list.setSort}>Type</SortableTh>
                  <SortableTh field="vat" sort={list.sort} onSort={list.setSort}>TVA</SortableTh>
                  <SortableTh field="exclTaxesPrice" sort={list.sort} onSort={list.setSort}>Prix HT</SortableTh>
                  <SortableTh field="inclTaxesPrice" sort={list.sort} onSort={list.setSort}>Prix TTC</SortableTh>
                  <SortableTh field="salesCount" sort={list.sort} onSort={list.setSort}>Vendus</SortableTh>
                  <Table.Th>État</Table.Th>
                  {canManage && <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.data?.data.map((item) => (
                  <Table.Tr key={item._id}>
                    <Table.Td><Anchor component={Link} to={item._id}>{item.name}</Anchor></Table.Td>
                    <Table.Td>{TYPE_LABELS[item.type] ?? item.type}</Table.Td>
                    <Table.Td>{vatLabel(item.vat)}</Table.Td>
                    <Table.Td>{formatMoney(item.exclTaxesPrice)}</Table.Td>
                    <Table.Td>{formatMoney(item.inclTaxesPrice)}</Table.Td>
                    <Table.Td>{formatNumber(item.salesCount, 4)}</Table.Td>
                    <Table.Td>{item.enabled ? <Badge>Actif</Badge> : <Badge color="gray">Archivé</Badge>}</Table.Td>
                    {canManage && (
                      <Table.Td>
                        <ActionIcon variant="subtle" color="red" aria-label={`Supprimer « ${item.name} »`} title="Supprimer" onClick={() => setRemoving(item)}>
                          <span aria-hidden="true">✕</span>
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
                {items.data?.data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={canManage ? 8 : 7}>
                      <Text c="dimmed">{list.search ? 'Aucun article ne correspond à la recherche.' : shown === 'archived' ? 'Aucun article archivé.' : 'Aucun article pour l’instant.'}</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {items.isPending && <Text c="dimmed" size="sm" mt="md">Chargement du catalogue…</Text>}
          {items.data && (
            <ListFooter page={list.page} quantity={list.quantity} count={items.data.count} onPage={list.setPage} noun={['article', 'articles']} />
          )}
        </>
      )}
      <ConfirmDialog
        opened={removing !== null} title="Supprimer l’article" confirmLabel="Supprimer"
        onConfirm={() => remove(removing!)} onClose={() => setRemoving(null)}
      >
        {removing && `« ${removing.name} » sera supprimé du catalogue. Un article qui figure sur des devis, factures ou achats ne peut pas être supprimé : archivez-le.`}
      </ConfirmDialog>
    </div>
  );
}
