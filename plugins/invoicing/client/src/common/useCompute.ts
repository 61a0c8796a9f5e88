/**
 * Live totals of a document being edited: `POST /invoicing/compute` with the lines, debounced, the
 * previous answer kept on screen while the next one comes (the server's engine is the one that
 * counts, so the editor shows exactly what will be stored).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useComptoir } from '@comptoir/sdk/react';
import { COMPUTE } from '../api.ts';
import type { Totals } from './totals.ts';

export function useCompute(items: Record<string, unknown>[]) {
  const { api, company } = useComptoir();
  const [body] = useDebouncedValue(JSON.stringify({ items }), 300);
  return useQuery({
    queryKey: ['invoicing', 'compute', body, company?._id ?? null],
    queryFn: () => api.post<Totals>(COMPUTE, JSON.parse(body) as object),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
