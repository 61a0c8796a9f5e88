/**
 * TanStack Query over the Comptoir API. Keys start with `[plugin, collection, ...]` taken from the
 * path (`/contacts/customers` -> `['contacts', 'customers', ...]`), so that invalidating
 * `['contacts', 'customers']` refreshes that collection's lists and entities; the active company is
 * the last element, so that switching company never shows another company's cached rows.
 */
import { keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ListOptions, ListResult } from '../client/index.ts';
import { useComptoir } from './context.ts';

/** `/contacts/customers/` -> `['contacts', 'customers']`. */
export function keyOf(path: string): string[] {
  return path.split(/[/?#]/).filter(Boolean);
}

/**
 * `invoicing.invoices` (the `entity` of a live `change` message, `<plugin>.<collection>`) ->
 * `['invoicing', 'invoices']`, the prefix of every key of that collection; null if unreadable.
 */
export function collectionKey(entity: string): [string, string] | null {
  const dot = entity.indexOf('.');
  if (dot <= 0 || dot === entity.length - 1) return null;
  return [entity.slice(0, dot), entity.slice(dot + 1)];
}

export function listKey(path: string, options: ListOptions, companyId: string | null | undefined) {
  return [...keyOf(path), 'list', options, companyId ?? null] as const;
}

export function entityKey(path: string, id: string, companyId: string | null | undefined) {
  return [...keyOf(path), 'entity', id, companyId ?? null] as const;
}

export interface QueryFlags {
  enabled?: boolean;
  /** ms before a background refetch; TanStack's default (0) unless set */
  staleTime?: number;
}

/** A page of a collection (http README « Lists »): `{ data, count, next, aggregation }`. */
export function useList<T = unknown>(path: string, options: ListOptions = {}, flags: QueryFlags = {}): UseQueryResult<ListResult<T>> {
  const { api, company } = useComptoir();
  return useQuery({
    queryKey: listKey(path, options, company?._id),
    // list() writes `count` into the pagination it gets: give it a copy, not the query key's object
    queryFn: () => api.list<T>(path, { ...options, pagination: options.pagination ? { ...options.pagination } : undefined }),
    placeholderData: keepPreviousData,
    enabled: flags.enabled ?? true,
    staleTime: flags.staleTime,
  });
}

/** One entity: `GET <path>/<id>`; disabled while `id` is empty. */
export function useEntity<T = unknown>(path: string, id: string | null | undefined, flags: QueryFlags = {}): UseQueryResult<T> {
  const { api, company } = useComptoir();
  return useQuery({
    queryKey: entityKey(path, id ?? '', company?._id),
    queryFn: () => api.get<T>(`${path.replace(/\/+$/, '')}/${encodeURIComponent(id!)}`),
    enabled: (flags.enabled ?? true) && !!id,
    staleTime: flags.staleTime,
  });
}

/** `invalidate('/contacts/customers')` after a write refreshes that collection's lists and entities. */
export function useInvalidate(): (path: string) => Promise<void> {
  const client = useQueryClient();
  return (path: string) => client.invalidateQueries({ queryKey: keyOf(path) });
}
