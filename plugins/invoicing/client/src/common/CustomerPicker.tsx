/**
 * The receiver of a document: a searchable list of the company's customers (contacts plugin),
 * searched on their display name (« company (firstname name) », a column the contacts plugin keeps).
 */
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEntity, useList } from '@comptoir/sdk/react';
import type { ListOptions } from '@comptoir/sdk/client';
import { CUSTOMERS } from '../api.ts';
import { displayName } from './names.ts';
import type { Customer } from '../types.ts';

function searchOptions(text: string): ListOptions {
  return {
    filters: text ? { displayName: { mode: 'contains', value: text } } : undefined,
    pagination: { quantity: 20, page: 1 },
    sort: { field: 'displayName', ascending: true },
  };
}

const labelOf = (c: Customer) => c.displayName || displayName(c) || '(sans nom)';

export interface CustomerPickerProps {
  value: string | null;
  onChange(id: string | null): void;
  error?: string;
  disabled?: boolean;
  label?: string;
  required?: boolean;
}

export function CustomerPicker({ value, onChange, error, disabled, label = 'Client', required = true }: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), 250);
  const selected = useEntity<Customer>(CUSTOMERS, value);
  // once chosen, the search box shows the customer's name: do not search for it
  const query = selected.data && text === labelOf(selected.data) ? '' : text;
  const found = useList<Customer>(CUSTOMERS, searchOptions(query));

  const byId = new Map<string, Customer>();
  for (const c of [...(selected.data ? [selected.data] : []), ...(found.data?.data ?? [])]) byId.set(c._id, c);
  const data = [...byId.values()].map((c) => ({ value: c._id, label: labelOf(c) }));

  return (
    <Select
      label={label} placeholder="Rechercher un client…" required={required} searchable clearable disabled={disabled}
      data={data} value={value} onChange={(id) => onChange(id)} error={error}
      searchValue={search} onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Recherche…' : 'Aucun client trouvé'}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
