/**
 * Page, sort and search of a paginated list, as the API takes them (http README « Lists »). Changing the
 * sort or the search goes back to the first page.
 */
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { Filters, ListOptions, Sort } from '@comptoir/sdk/client';

export interface ListState {
  page: number;
  setPage(page: number): void;
  sort: Sort;
  setSort(sort: Sort): void;
  search: string;
  setSearch(search: string): void;
  searchField: string;
  setSearchField(field: string): void;
  quantity: number;
  options: ListOptions;
}

export function useListState(initialSort: Sort, quantity = 20, initialSearchField = 'name', extraFilters: Filters = {}): ListState {
  const [page, setPage] = useState(1);
  const [sort, setSortState] = useState<Sort>(initialSort);
  const [search, setSearchState] = useState('');
  const [searchField, setSearchFieldState] = useState(initialSearchField);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const extra = JSON.stringify(extraFilters);

  const options = useMemo<ListOptions>(() => {
    const filters: Filters = { ...(JSON.parse(extra) as Filters) };
    if (debounced) filters[searchField] = { mode: 'contains', value: debounced };
    return {
      pagination: { quantity, page },
      sort,
      filters: Object.keys(filters).length ? filters : undefined,
    };
  }, [quantity, page, sort, debounced, searchField, extra]);

  return {
    page,
    setPage,
    sort,
    setSort: (s) => { setSortState(s); setPage(1); },
    search,
    setSearch: (s) => { setSearchState(s); setPage(1); },
    searchField,
    setSearchField: (f) => { setSearchFieldState(f); setPage(1); },
    quantity,
    options,
  };
}
