/** Query-string encoding, including the JSON-encoded list parameters of http README « Lists ». */
import type { ListOptions, Pagination, QueryParams, Sort } from './types.ts';

export const DEFAULT_QUANTITY = 50;
export const DEFAULT_SORT: Readonly<Sort> = Object.freeze({ field: '_id', ascending: true });

/** The spec's default pagination; a fresh object each time since `list()` writes `count` into it. */
export function createPagination(quantity = DEFAULT_QUANTITY): Pagination {
  return { quantity, page: 1, count: 0 };
}

/**
 * Scalars go as text; objects and arrays as JSON, the convention the server uses for structured
 * parameters (not `a[b]=…` brackets, which the server does not parse).
 */
export function queryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

export function encodeQuery(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(name, queryValue(value));
  }
  return search.toString();
}

/** Only what the server reads: `count` is an output and a cursor replaces the page number. */
function paginationParam(pagination: Pagination): { quantity: number; page?: number; cursor?: string } {
  const quantity = pagination.quantity ?? DEFAULT_QUANTITY;
  if (pagination.cursor) return { quantity, cursor: pagination.cursor };
  return { quantity, page: pagination.page ?? 1 };
}

export function listQuery(options: ListOptions, pagination: Pagination): QueryParams {
  return {
    ...options.params,
    filters: options.filters ? JSON.stringify(options.filters) : undefined,
    pagination: JSON.stringify(paginationParam(pagination)),
    sort: JSON.stringify(options.sort ?? DEFAULT_SORT),
    aggregations: options.aggregations?.length ? JSON.stringify(options.aggregations) : undefined,
  };
}
