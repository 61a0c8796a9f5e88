/**
 * User properties shown where their definition places them: in a record's detail card
 * (`UserPropsCard`), as list columns (`useUserPropsColumns` gives the headers and the cells), and as
 * filters above a list (`UserPropsFilters`, for the properties flagged `filter`).
 */
import { useEffect, useState } from 'react';
import { Anchor, ColorSwatch, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UserProp, UserPropPlacement } from '@comptoir/schemas';
import { userPropFamily } from '@comptoir/schemas';
import type { Filters, Sort } from '@comptoir/sdk/client';
import { Section } from './Section.tsx';
import { SortableTh } from './SortableTh.tsx';
import { byContainer, formatUserPropValue, placed, useUserProps, type UserPropValues } from './UserPropsData.ts';

/** One value, read-only: links for addresses, a swatch for colours, French text otherwise. */
export function UserPropValue({ def, value }: { def: UserProp; value: unknown }) {
  const text = formatUserPropValue(def, value);
  if (!text) return <Text span c="dimmed">—</Text>;
  if (def.type === 'url' && !def.multiple) return <Anchor href={text} target="_blank" rel="noreferrer">{text}</Anchor>;
  if (def.type === 'email' && !def.multiple) return <Anchor href={`mailto:${text}`}>{text}</Anchor>;
  if (def.type === 'color' && !def.multiple) return <Group gap={6} component="span"><ColorSwatch color={text} size={14} />{text}</Group>;
  return <Text span style={{ whiteSpace: def.type === 'textarea' ? 'pre-wrap' : undefined }}>{text}</Text>;
}

/** The properties placed on a record's card, grouped by container, as label and value. */
export function UserPropsCard({ collection, values, placement, title = 'Informations complémentaires' }: {
  collection: string; values: UserPropValues | undefined; placement?: Exclude<UserPropPlacement, 'none'>; title?: string;
}) {
  const { defs } = useUserProps(collection);
  const shown = placed(defs, 'card', placement);
  if (shown.length === 0) return null;
  return (
    <Stack gap="md" data-testid={`user-props-card-${collection}`}>
      {byContainer(shown).map((group) => (
        <Section key={group.container} title={group.container || title}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {group.defs.map((d) => (
              <div key={d._id}>
                <Text size="xs" c="dimmed">{d.name}</Text>
                <Text size="sm" component="div"><UserPropValue def={d} value={values?.[d.variable]} /></Text>
              </div>
            ))}
          </SimpleGrid>
        </Section>
      ))}
    </Stack>
  );
}

export interface UserPropsColumns {
  defs: UserProp[];
  /** the `<th>`s, sortable by `userProps.<variable>` when one value per record */
  headers(sort: Sort, onSort: (sort: Sort) => void): React.ReactNode;
  /** the `<td>`s of one record */
  cells(values: UserPropValues | undefined): React.ReactNode;
}

/** The list columns of the properties placed in lists (at `placement`, or both ends). */
export function useUserPropsColumns(collection: string, placement?: Exclude<UserPropPlacement, 'none'>): UserPropsColumns {
  const { defs } = useUserProps(collection);
  const shown = placed(defs, 'list', placement);
  return {
    defs: shown,
    headers: (sort, onSort) => shown.map((d) => (d.multiple
      ? <Table.Th key={d._id}>{d.name}</Table.Th>
      : <SortableTh key={d._id} field={`userProps.${d.variable}`} sort={sort} onSort={onSort}>{d.name}</SortableTh>)),
    cells: (values) => shown.map((d) => <Table.Td key={d._id}><UserPropValue def={d} value={values?.[d.variable]} /></Table.Td>),
  };
}

const YES_NO = [{ value: 'true', label: 'Oui' }, { value: 'false', label: 'Non' }];

/** The filter of one property as the API takes it, or null for « any ». */
function filterOf(d: UserProp, raw: string): Filters[string] | null {
  if (raw === '') return null;
  switch (userPropFamily(d.type)) {
    case 'boolean': return { mode: 'eq', value: raw === 'true' };
    case 'number': return Number.isFinite(Number(raw.replace(',', '.'))) ? { mode: 'eq', value: Number(raw.replace(',', '.')) } : null;
    case 'date': return { mode: 'eq', value: raw };
    default: return d.type === 'select' ? { mode: 'eq', value: raw } : { mode: 'contains', value: raw };
  }
}

/**
 * One input per property flagged `filter` (text: contains; choice, yes/no, number, date: equals);
 * `onChange` receives the list filters to merge into the list's own.
 */
export function UserPropsFilters({ collection, onChange }: { collection: string; onChange(filters: Filters): void }) {
  const { defs } = useUserProps(collection);
  const shown = defs.filter((d) => d.filter);
  const [raw, setRaw] = useState<Record<string, string>>({});
  const [debounced] = useDebouncedValue(raw, 300);
  const key = JSON.stringify(debounced);
  useEffect(() => {
    const filters: Filters = {};
    for (const d of shown) {
      const f = filterOf(d, (debounced[d.variable] ?? '').trim());
      if (f) filters[`userProps.${d.variable}`] = f;
    }
    onChange(filters);
  }, [key, shown.length]); // eslint-disable-line react-hooks/exhaustive-deps
  if (shown.length === 0) return null;
  const set = (v: string, value: string) => setRaw((r) => ({ ...r, [v]: value }));
  return (
    <Group gap="xs" mb="md" wrap="wrap" data-testid={`user-props-filters-${collection}`}>
      {shown.map((d) => {
        const value = raw[d.variable] ?? '';
        const family = userPropFamily(d.type);
        if (family === 'boolean' || d.type === 'select') {
          const data = family === 'boolean' ? YES_NO : d.selectOptions.map((o) => ({ value: o.value, label: o.label }));
          return <Select key={d._id} aria-label={d.name} placeholder={d.name} data={data} value={value || null} onChange={(v) => set(d.variable, v ?? '')} clearable w={180} />;
        }
        return (
          <TextInput
            key={d._id} aria-label={d.name} placeholder={d.name} value={value} w={180}
            type={family === 'date' ? 'date' : family === 'number' ? 'number' : 'search'}
            onChange={(e) => set(d.variable, e.currentTarget.value)}
          />
        );
      })}
    </Group>
  );
}
