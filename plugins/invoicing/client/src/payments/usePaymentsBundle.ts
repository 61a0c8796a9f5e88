/**
 * `GET /invoicing/payments/bundle`: a page of payments with the invoices, customers and providers they name,
 * keyed by id, so the list shows the invoice number and the customer without one call per row.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useComptoir } from '@comptoir/sdk/react';
import type { ListOptions } from '@comptoir/sdk/client';
import { PAYMENTS } from '../api.ts';
import type { Customer, Invoice, Payment } from '../types.ts';

export interface PaymentsBundle {
  count: number;
  next: string | null;
  payments: Record<string, Payment>;
  invoices: Record<string, Invoice>;
  customers: Record<string, Customer>;
  /** who purchases were paid to (`fk.provider`) */
  providers?: Record<string, Customer>;
}

export function usePaymentsBundle(options: ListOptions) {
  const { api, company } = useComptoir();
  return useQuery({
    // under ['invoicing', 'payments']: invalidating the payments refreshes it too
    queryKey: ['invoicing', 'payments', 'bundle', options, company?._id ?? null],
    queryFn: () => api.get<PaymentsBundle>(`${PAYMENTS}/bundle`, {
      filters: options.filters,
      sort: options.sort,
      pagination: options.pagination ? { quantity: options.pagination.quantity, page: options.pagination.page } : undefined,
    }),
    placeholderData: keepPreviousData,
  });
}
