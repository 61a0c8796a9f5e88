/** A label and its value on a detail page; a dash when empty. */
import { Text } from '@mantine/core';

export function Field({ label, value }: { label: string; value?: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm">{value && value.trim() ? value : '—'}</Text>
    </div>
  );
}
