/**
 * The payments of one commercial document (an invoice, a purchase, an online order): date, number,
 * mode in French, amount; « Aucun paiement enregistré. » while there is none.
 */
import { Table, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@comptoir/sdk/react';
// the dependency-free list: the screen kit stays light for the shell
import { PAYMENT_MODE_LABELS } from '@comptoir/schemas/payment-modes';

export interface PaymentRow { _id: string; date: string; numberFull?: string | null; mode: string; amount: number }

export const paymentModeLabel = (mode: string): string => (PAYMENT_MODE_LABELS as Record<string, string>)[mode] ?? mode;

export function PaymentsTable({ rows, pending = false, label = 'Paiements', testId }: {
  rows: PaymentRow[];
  /** still loading: « Chargement… » instead of the empty sentence */
  pending?: boolean;
  label?: string;
  testId?: string;
}) {
  if (rows.length === 0) return <Text size="sm" c="dimmed">{pending ? 'Chargement…' : 'Aucun paiement enregistré.'}</Text>;
  return (
    <Table verticalSpacing={4} aria-label={label} data-testid={testId}>
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
  );
}
