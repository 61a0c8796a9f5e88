/** A searchable choice among the company's customers (searched on the server by display name). */
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEntity, useList } from '@comptoir/sdk/react';
import { CUSTOMERS, type Customer } from '../api.ts';

export function CustomerSelect({ value, onChange, error, label = 'Client' }: { value: string; onChange(id: string): void; error?: unknown; label?: string }) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), 250);
  const selected = useEntity<Customer>(CUSTOMERS, value || null);
  const query = text && text !== selected.data?.displayName ? text : '';
  const found = useList<Customer>(CUSTOMERS, {
    filters: query ? { displayName: { mode: 'contains', value: query } } : undefined,
    sort: { field: 'displayName', ascending: true },
    pagination: { quantity: 20, page: 1 },
  });
  const options = new Map<string, string>();
  if (selected.data) options.set(selected.data._id, selected.data.displayName);
  for (const c of found.data?.data ?? []) options.set(c._id, c.displayName);
  return (
    <Select
      label={label} placeholder="Rechercher un client…" searchable data={[...options].map(([v, l]) => ({ value: v, label: l }))}
      value={value || null} onChange={(id) => onChange(id ?? '')} searchValue={search} onSearchChange={setSearch}
      filter={({ options: o }) => o} nothingFoundMessage={found.isFetching ? 'Recherche…' : 'Aucun client trouvé'}
      error={error as string | undefined} style={{ flex: 1, minWidth: 220 }}
    />
  );
}
