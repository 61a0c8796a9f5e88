/** The payments and refunds recorded on one invoice, oldest first. */
import { Table, Text } from '@mantine/core';
import { formatDate, formatMoney, useList } from '@comptoir/sdk/react';
import { QueryFailed, Section } from '@comptoir/sdk/ui';
import { PAYMENTS } from '../api.ts';
import { paymentModeLabel } from '../payments/paymentModes.ts';
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
      {payments.isError ? <QueryFailed error={payments.error} onRetry={() => void payments.refetch()} /> : rows.length === 0 ? (
        <Text size="sm" c="dimmed">{payments.isPending ? 'Chargement…' : 'Aucun paiement enregistré.'}</Text>
      ) : (
        <Table verticalSpacing={4} aria-label="Paiements de la facture" data-testid="invoicing-invoice-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Numéro</Table.Th>
              <Table.Th>Mode</Table.Th>
              <Table.Th ta="right">Montant</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p._id}>
                <Table.Td>{formatDate(p.date)}</Table.Td>
                <Table.Td>{p.numberFull ?? '—'}</Table.Td>
                <Table.Td>{paymentModeLabel(p.mode)}</Table.Td>
                <Table.Td ta="right">{formatMoney(p.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
