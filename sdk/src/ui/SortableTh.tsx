/** A column header that sorts the list by its field; a second click reverses the order. */
import type { ReactNode } from 'react';
import { Table, UnstyledButton } from '@mantine/core';
import type { Sort } from '@comptoir/sdk/client';

export function SortableTh({ field, sort, onSort, children }: { field: string; sort: Sort; onSort(sort: Sort): void; children: ReactNode }) {
  const active = sort.field === field;
  const direction = active ? (sort.ascending ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton
        fw={600}
        fz="sm"
        onClick={() => onSort({ field, ascending: active ? !sort.ascending : true })}
        title={active && sort.ascending ? 'Trier par ordre décroissant' : 'Trier par ordre croissant'}
      >
        {children}
        <span aria-hidden="true" style={{ opacity: active ? 1 : 0.3, marginLeft: 4 }}>
          {active && !sort.ascending ? '▼' : '▲'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
