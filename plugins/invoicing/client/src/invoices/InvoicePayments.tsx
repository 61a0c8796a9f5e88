/** The payments and refunds recorded on one invoice, oldest first. */
import { useList } from '@comptoir/sdk/react';
import { PaymentsTable, QueryFailed, Section } from '@comptoir/sdk/ui';
import { PAYMENTS } from '../api.ts';
import type { Payment } from '../types.ts';

export function InvoicePayments({ invoiceId }: { invoiceId: string }) {
  const payments = useList<Payment>(PAYMENTS, {
    filters: { 'fk.invoice': { mode: 'eq', value: invoiceId, valueIsObjectId: true } },
    sort: { field: 'date', ascending: true },
    pagination: { quantity: 100, page: 1 },
  });
  const rows = payments.data?.data ?? [];
  return (
    <Section title="Paiements">
      {payments.isError
        ? <QueryFailed error={payments.error} onRetry={() => void payments.refetch()} />
        : <PaymentsTable rows={rows} pending={payments.isPending} label="Paiements de la facture" testId="invoicing-invoice-payments" />}
    </Section>
  );
}
