/** « Ajouter depuis le catalogue » : picks an enabled catalogue item and hands it to the editor, which adds a filled line. */
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney, useList } from '@comptoir/sdk/react';
import { CATALOGUE } from '../api.ts';
import type { CatalogueItem } from '../types.ts';

export function CataloguePicker({ onPick }: { onPick(item: CatalogueItem): void }) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), 250);
  const items = useList<CatalogueItem>(CATALOGUE, {
    filters: { enabled: { mode: 'eq', value: true }, ...(text ? { name: { mode: 'contains', value: text } } : {}) },
    pagination: { quantity: 20, page: 1 },
    sort: { field: 'name', ascending: true },
  });
  const rows = items.data?.data ?? [];
  const data = rows.map((i) => ({
    value: i._id,
    label: i.exclTaxesPrice !== null && i.exclTaxesPrice !== undefined ? `${i.name} — ${formatMoney(i.exclTaxesPrice)} HT` : i.name,
  }));

  function pick(id: string | null) {
    const item = rows.find((i) => i._id === id);
    if (item) onPick(item);
    setSearch('');
  }

  return (
    <Select
      aria-label="Ajouter depuis le catalogue" placeholder="Ajouter depuis le catalogue…" searchable
      data={data} value={null} onChange={pick} searchValue={search} onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={items.isError ? 'Catalogue indisponible' : 'Aucun article trouvé'}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
