/**
 * Several documents of a collection, searched by one of their fields (an online order by its
 * shop, an invoice by its number): the chosen ones stay listed with their labels while searching.
 */
import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useList } from '@comptoir/sdk/react';

export function LinkPicker<T extends { _id: string }>({ label, path, searchField, labelOf, value, onChange, placeholder }: {
  label: string;
  path: string;
  searchField: string;
  labelOf(doc: T): string;
  value: string[];
  onChange(ids: string[]): void;
  placeholder?: string;
}) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), 250);
  const chosen = useList<T>(path, { filters: { _id: { mode: 'in', value, valueIsObjectId: true } }, pagination: { quantity: 100, page: 1 } }, { enabled: value.length > 0 });
  const found = useList<T>(path, {
    filters: text ? { [searchField]: { mode: 'contains', value: text } } : undefined,
    sort: { field: '_id', ascending: false },
    pagination: { quantity: 20, page: 1 },
  });
  const byId = new Map<string, T>();
  for (const d of [...(chosen.data?.data ?? []), ...(found.data?.data ?? [])]) byId.set(d._id, d);
  return (
    <MultiSelect label={label} placeholder={placeholder} searchable clearable data={[...byId.values()].map((d) => ({ value: d._id, label: labelOf(d) }))}
      value={value} onChange={onChange} searchValue={search} onSearchChange={setSearch} filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Recherche…' : 'Rien trouvé'} />
  );
}
