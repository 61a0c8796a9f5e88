/**
 * Live totals of a document being typed: `POST <path>` (the server's engine, `/invoicing/compute`,
 * which stores the same figures) with the lines as the API takes them, debounced 300 ms, the
 * previous answer kept on screen while the next one comes. The browser never sums: the editor shows
 * exactly what will be stored. Draw the answer with `DocumentTotals`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useComptoir } from '@comptoir/sdk/react';
import type { DocumentTotalsValue } from './DocumentTotals.tsx';

export interface LiveTotalsBody {
  items: Record<string, unknown>[];
  vatCalculationMethod?: string;
  subjectToVAT?: boolean;
  /** a sale: its customer, whose automatic VAT categories the lines take (invoicing README « VAT categories ») */
  fk?: { receiverCustomer?: string | null };
}

export function useLiveTotals(path: string, body: LiveTotalsBody) {
  const { api, company } = useComptoir();
  const [debounced] = useDebouncedValue(JSON.stringify(body), 300);
  return useQuery({
    // not under a collection's key: no mutation needs to refresh a computation
    queryKey: ['commerce', 'compute', path, debounced, company?._id ?? null],
    queryFn: () => api.post<DocumentTotalsValue>(path, JSON.parse(debounced) as object),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
