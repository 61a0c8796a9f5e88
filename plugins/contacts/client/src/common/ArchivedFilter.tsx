/** « Actifs » / « Archivés »: which records a list shows (the API leaves archived ones out unless asked). */
import { SegmentedControl } from '@mantine/core';
import type { Filters } from '@comptoir/sdk/client';

export type Shown = 'active' | 'archived';

/** The filter of a choice: none for the active ones (the server's default), `archived: true` otherwise. */
export const shownFilters = (shown: Shown): Filters => (shown === 'archived' ? { archived: { mode: 'eq', value: true } } : {});

export function ArchivedFilter({ value, onChange, label }: { value: Shown; onChange(v: Shown): void; label: string }) {
  return (
    <SegmentedControl
      aria-label={label} value={value} onChange={(v) => onChange(v as Shown)}
      data={[{ value: 'active', label: 'Actifs' }, { value: 'archived', label: 'Archivés' }]}
    />
  );
}
