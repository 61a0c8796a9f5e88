/** A text search on one field of a list (the API's `contains` filter). */
import { Group, Select, TextInput } from '@mantine/core';

export function SearchBar({ value, onChange, field, onField, fields, label }: {
  value: string;
  onChange(value: string): void;
  field: string;
  onField(field: string): void;
  fields: { value: string; label: string }[];
  label: string;
}) {
  return (
    <Group gap="xs" mb="md" wrap="wrap">
      <TextInput
        aria-label={label} placeholder="Rechercher…" type="search" value={value} w={{ base: '100%', xs: 280 }}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <Select aria-label="Rechercher dans" data={fields} value={field} onChange={(f) => f && onField(f)} allowDeselect={false} w={140} />
    </Group>
  );
}
