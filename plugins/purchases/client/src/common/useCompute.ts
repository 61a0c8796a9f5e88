/**
 * Live totals of a document being typed: `POST /invoicing/compute` (the server's engine, which
 * stores the same figures), debounced, the previous answer kept on screen while the next one comes.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useComptoir } from '@comptoir/sdk/react';
import type { DocumentTotalsValue } from '@comptoir/sdk/ui';
import { COMPUTE } from '../api.ts';

export function useCompute(body: { items: Record<string, unknown>[]; vatCalculationMethod?: string; subjectToVAT?: boolean }) {
  const { api, company } = useComptoir();
  const [debounced] = useDebouncedValue(JSON.stringify(body), 300);
  return useQuery({
    queryKey: ['purchases', 'compute', debounced, company?._id ?? null],
    queryFn: () => api.post<DocumentTotalsValue>(COMPUTE, JSON.parse(debounced) as object),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
