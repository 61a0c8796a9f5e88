/** The filters of the invoice list: state, customer, number, date range. */
import { Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { CustomerPicker } from '../common/CustomerPicker.tsx';
import { STATE_FILTER_OPTIONS, type StateFilter } from './invoiceStatus.ts';

export interface InvoiceFilterValues {
  state: StateFilter;
  customerId: string | null;
  range: [string | null, string | null];
}

export function InvoiceFilters({ values, onChange, search, onSearch }: {
  values: InvoiceFilterValues;
  onChange(values: InvoiceFilterValues): void;
  search: string;
  onSearch(search: string): void;
}) {
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <Select label="Statut" data={STATE_FILTER_OPTIONS} value={values.state} allowDeselect={false} w={200}
        onChange={(v) => onChange({ ...values, state: (v ?? '') as StateFilter })} />
      <CustomerPicker label="Client" required={false} value={values.customerId} onChange={(customerId) => onChange({ ...values, customerId })} />
      <TextInput label="Numéro" placeholder="FA-0000001…" type="search" value={search} w={180} onChange={(e) => onSearch(e.currentTarget.value)} />
      <DatePickerInput type="range" label="Période" placeholder="Toutes les dates" clearable valueFormat="DD/MM/YYYY" w={240}
        value={values.range} onChange={(range) => onChange({ ...values, range: range as [string | null, string | null] })} />
    </Group>
  );
}
