/**
 * The catalogue at the till: a search field, the categories (the catalogue knows goods and
 * services: its articles have no other category), and big buttons — one touch adds one article.
 */
import { forwardRef, useState } from 'react';
import { Alert, Button, Chip, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, useList } from '@comptoir/sdk/react';
import { ITEMS, errorText } from '../api.ts';
import type { CatalogueArticle } from './basket.ts';

const CATEGORIES = [{ value: 'all', label: 'Tout' }, { value: 'good', label: 'Produits' }, { value: 'service', label: 'Services' }];

export const CatalogueGrid = forwardRef<HTMLInputElement, { onPick: (item: CatalogueArticle) => void }>(function CatalogueGrid({ onPick }, searchRef) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const items = useList<CatalogueArticle>(ITEMS, {
    filters: {
      ...(search ? { name: { mode: 'contains', value: search } } : {}),
      ...(category === 'all' ? {} : { type: { mode: 'eq', value: category } }),
    },
    // the best sellers first: what the till touches most is at the top
    sort: { field: 'salesCount', ascending: false },
    pagination: { quantity: 60 },
    fields: ['name', 'inclTaxesPrice', 'vat', 'keywords'],
  });
  return (
    <Stack gap="sm" data-testid="pos-catalogue">
      <TextInput ref={searchRef} size="lg" label="Rechercher un article (F2)" placeholder="Nom de l’article" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      <Chip.Group value={category} onChange={(v) => setCategory(String(v))}>
        <Group gap="xs" role="group" aria-label="Catégories">{CATEGORIES.map((c) => <Chip key={c.value} value={c.value} size="lg">{c.label}</Chip>)}</Group>
      </Chip.Group>
      {items.isError && <Alert color="red" title="Catalogue indisponible">{errorText(items.error)}</Alert>}
      {items.isPending ? <Loader /> : (
        <SimpleGrid cols={3} spacing="xs">
          {(items.data?.data ?? []).map((item) => (
            <Button key={item._id} variant="light" h={72} onClick={() => onPick(item)} data-testid="pos-article" styles={{ label: { whiteSpace: 'normal', flexDirection: 'column' } }}>
              <span>{item.name}</span>
              <span>{formatMoney(item.inclTaxesPrice)}</span>
            </Button>
          ))}
        </SimpleGrid>
      )}
      {items.data?.data.length === 0 && <Text c="dimmed">Aucun article ne correspond.</Text>}
    </Stack>
  );
});
