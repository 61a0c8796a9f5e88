/**
 * The provider of a purchase: a searchable list of the company's providers (contacts plugin),
 * searched on their display name (« company (firstname name) », a column the contacts plugin keeps).
 */
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEntity, useList } from '@comptoir/sdk/react';
import { partyName } from '@comptoir/sdk/ui';
import { PROVIDERS } from '../api.ts';
import type { Provider } from './types.ts';

const labelOf = (p: Provider) => p.displayName || partyName(p) || '(sans nom)';

export function ProviderPicker({ value, onChange, label = 'Fournisseur', required = false }: {
  value: string | null; onChange(id: string | null): void; label?: string; required?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), 250);
  const selected = useEntity<Provider>(PROVIDERS, value);
  // once chosen, the search box shows the provider's name: do not search for it
  const query = selected.data && text === labelOf(selected.data) ? '' : text;
  const found = useList<Provider>(PROVIDERS, {
    filters: query ? { displayName: { mode: 'contains', value: query } } : undefined,
    pagination: { quantity: 20, page: 1 },
    sort: { field: 'displayName', ascending: true },
  });
  const byId = new Map<string, Provider>();
  for (const p of [...(selected.data ? [selected.data] : []), ...(found.data?.data ?? [])]) byId.set(p._id, p);
  return (
    <Select
      label={label} placeholder="Rechercher un fournisseur…" required={required} searchable clearable
      data={[...byId.values()].map((p) => ({ value: p._id, label: labelOf(p) }))} value={value} onChange={(id) => onChange(id)}
      searchValue={search} onSearchChange={setSearch} filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Recherche…' : 'Aucun fournisseur trouvé'}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
