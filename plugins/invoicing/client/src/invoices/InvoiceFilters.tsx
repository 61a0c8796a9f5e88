/** The filters of the invoice list: state, customer, a search on the number or the receiver's name, date range. */
import { Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { CustomerPicker } from '../common/CustomerPicker.tsx';
import { STATE_FILTER_OPTIONS, type StateFilter } from './invoiceStatus.ts';

export interface InvoiceFilterValues {
  state: StateFilter;
  customerId: string | null;
  range: [string | null, string | null];
}

/** What the search box looks in: the number, or the receiver's name (`receiverName`, computed by the server). */
export const SEARCH_FIELDS = [
  // numbers are the company's own (`0000012` by default, a prefix if it chose one): no example prefix
  { value: 'numberFull', label: 'Numéro', placeholder: 'Tout ou partie du numéro' },
  { value: 'receiverName', label: 'Client', placeholder: 'Nom ou entreprise…' },
];

export function InvoiceFilters({ values, onChange, search, onSearch, searchField, onSearchField }: {
  values: InvoiceFilterValues;
  onChange(values: InvoiceFilterValues): void;
  search: string;
  onSearch(search: string): void;
  searchField: string;
  onSearchField(field: string): void;
}) {
  const field = SEARCH_FIELDS.find((f) => f.value === searchField) ?? SEARCH_FIELDS[0];
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <Select label="Statut" data={STATE_FILTER_OPTIONS} value={values.state} allowDeselect={false} w={200}
        onChange={(v) => onChange({ ...values, state: (v ?? '') as StateFilter })} />
      <CustomerPicker label="Client" required={false} value={values.customerId} onChange={(customerId) => onChange({ ...values, customerId })} />
      <Select label="Rechercher par" data={SEARCH_FIELDS} value={field.value} allowDeselect={false} w={130}
        onChange={(v) => onSearchField(v ?? 'numberFull')} />
      <TextInput label="Recherche" aria-label={`Recherche par ${field.label.toLowerCase()}`} placeholder={field.placeholder} type="search"
        value={search} w={200} onChange={(e) => onSearch(e.currentTarget.value)} />
      <DatePickerInput type="range" label="Période" placeholder="Toutes les dates" clearable valueFormat="DD/MM/YYYY" w={240}
        value={values.range} onChange={(range) => onChange({ ...values, range: range as [string | null, string | null] })} />
    </Group>
  );
}
