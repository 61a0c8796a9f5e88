/**
 * Who a template invoices: several customers (searched on their display name, as the invoice
 * editor's picker) and several customer groups (the kernel's groups of `contacts.customers`; a
 * group includes its subgroups).
 */
import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useList } from '@comptoir/sdk/react';
import { CUSTOMERS } from '../api.ts';
import { displayName } from '../common/names.ts';
import type { Customer } from '../types.ts';
import { GROUPS } from './api.ts';

interface GroupRecord { _id: string; name: string; fk: { parent?: string | null } }

const labelOf = (c: Customer) => c.displayName || displayName(c) || '(sans nom)';

interface PickerProps { value: string[]; onChange(ids: string[]): void; label: string; description?: string; testId?: string }

export function CustomersPicker({ value, onChange, label, description, testId }: PickerProps) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), 250);
  const selected = useList<Customer>(CUSTOMERS, {
    filters: { _id: { mode: 'in', value: value.length ? value : ['000000000000000000000000'] } }, pagination: { quantity: 500, page: 1 },
  }, { enabled: value.length > 0 });
  const found = useList<Customer>(CUSTOMERS, {
    filters: text ? { displayName: { mode: 'contains', value: text } } : undefined,
    pagination: { quantity: 20, page: 1 }, sort: { field: 'displayName', ascending: true },
  });
  const byId = new Map<string, Customer>();
  for (const c of [...(selected.data?.data ?? []), ...(found.data?.data ?? [])]) byId.set(c._id, c);
  // an id whose customer is gone still shows, so it can be removed
  const data = [...byId.values()].map((c) => ({ value: c._id, label: labelOf(c) }));
  for (const id of value) if (!byId.has(id)) data.push({ value: id, label: '(client supprimé)' });
  return (
    <MultiSelect
      label={label} description={description} placeholder="Rechercher un client…" searchable clearable data={data} value={value}
      onChange={onChange} searchValue={search} onSearchChange={setSearch} filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Recherche…' : 'Aucun client trouvé'} data-testid={testId}
    />
  );
}

export function GroupsPicker({ value, onChange, label, description, testId }: PickerProps) {
  const groups = useList<GroupRecord>(GROUPS, {
    filters: { pluginIdentifier: { mode: 'eq', value: 'contacts.customers' } }, pagination: { quantity: 500, page: 1 }, sort: { field: 'name', ascending: true },
  });
  const all = groups.data?.data ?? [];
  const nameOf = new Map(all.map((g) => [g._id, g.name]));
  // « Professionnels › Restaurants »: where a subgroup sits
  const path = (g: GroupRecord): string => (g.fk.parent && nameOf.has(g.fk.parent) ? `${path(all.find((p) => p._id === g.fk.parent)!)} › ${g.name}` : g.name);
  const data = all.map((g) => ({ value: g._id, label: path(g) })).sort((a, b) => a.label.localeCompare(b.label, 'fr'));
  for (const id of value) if (!nameOf.has(id)) data.push({ value: id, label: '(groupe supprimé)' });
  return (
    <MultiSelect label={label} description={description} placeholder={all.length ? 'Choisir des groupes…' : 'Aucun groupe de clients'}
      searchable clearable data={data} value={value} onChange={onChange} data-testid={testId} />
  );
}
