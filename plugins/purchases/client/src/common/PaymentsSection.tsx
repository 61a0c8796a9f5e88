/** The payments and refunds recorded on a purchase or an online order, with « Enregistrer un paiement ». */
import { useState } from 'react';
import { Button, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney, keyOf, useComptoir } from '@comptoir/sdk/react';
import { QueryFailed, Section } from '@comptoir/sdk/ui';
import { PERMISSIONS } from '../api.ts';
import { PaymentDialog } from './PaymentDialog.tsx';
import { paymentModeLabel } from './paymentModes.ts';
import type { Payment } from '../types.ts';

export function PaymentsSection({ collection, id, title, due }: { collection: string; id: string; title: string; due: number }) {
  const { api, can, company } = useComptoir();
  const [open, setOpen] = useState(false);
  const path = `${collection}/${encodeURIComponent(id)}/payments`;
  // under the collection's key: recording a payment (which invalidates it) refreshes this list
  const payments = useQuery({
    queryKey: [...keyOf(collection), 'payments', id, company?._id ?? null],
    queryFn: () => api.get<{ data: Payment[] }>(path),
  });
  const rows = payments.data?.data ?? [];
  return (
    <Section title="Paiements">
      {payments.isError ? <QueryFailed error={payments.error} onRetry={() => void payments.refetch()} /> : rows.length === 0 ? (
        <Text size="sm" c="dimmed">{payments.isPending ? 'Chargement…' : 'Aucun paiement enregistré.'}</Text>
      ) : (
        <Table verticalSpacing={4} aria-label="Paiements" data-testid="purchases-payments">
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
      {can(PERMISSIONS.paymentsManage) && (
        <div><Button variant="light" onClick={() => setOpen(true)}>Enregistrer un paiement</Button></div>
      )}
      {open && <PaymentDialog title={title} path={path} collection={collection} due={due} opened onClose={() => setOpen(false)} />}
    </Section>
  );
}
