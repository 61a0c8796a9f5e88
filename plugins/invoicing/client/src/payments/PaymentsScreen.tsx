/**
 * `/paiements`: every payment and refund recorded by the company — its invoices' and, when the
 * purchases plugin is there, its purchases' — newest first, with the way the money went
 * (« Encaissement », « Décaissement », « Compensation »: the server's `direction` column), filtered
 * by direction and by mode.
 */
import { useState } from 'react';
import { Group, Select, Table, Text } from '@mantine/core';
import { ListFooter, PAYMENT_MODE_OPTIONS, PageHeader, QueryFailed, SortableTh, useListState } from '@comptoir/sdk/ui';
import { DIRECTION_OPTIONS, paymentsFilters } from './paymentModes.ts';
import { PaymentRow } from './PaymentRow.tsx';
import { usePaymentsBundle } from './usePaymentsBundle.ts';

export function PaymentsScreen() {
  const [mode, setMode] = useState('');
  const [direction, setDirection] = useState('');
  const list = useListState({ field: 'date', ascending: false }, 20, 'numberFull', paymentsFilters(mode, direction));
  const bundle = usePaymentsBundle(list.options);
  const b = bundle.data;
  const payments = b ? Object.values(b.payments) : [];
  // the bundle is keyed by id: put the page back in the order asked for
  payments.sort((x, y) => {
    const cmp = x.date < y.date ? -1 : x.date > y.date ? 1 : 0;
    return list.sort.field === 'date' ? (list.sort.ascending ? cmp : -cmp) : 0;
  });

  return (
    <div data-testid="invoicing-payments">
      <PageHeader title="Paiements" description="Les règlements de vos clients et les remboursements que vous leur faites. Les paiements à vos fournisseurs sont dans Achats › Paiements fournisseurs." />
      <Group mb="md">
        <Select label="Sens" data={DIRECTION_OPTIONS} value={direction} allowDeselect={false} w={220} data-testid="invoicing-payments-direction"
          onChange={(d) => { setDirection(d ?? ''); list.setPage(1); }} />
        <Select label="Mode" data={[{ value: '', label: 'Tous les modes' }, ...PAYMENT_MODE_OPTIONS]} value={mode} allowDeselect={false} w={220}
          onChange={(m) => { setMode(m ?? ''); list.setPage(1); }} />
      </Group>
      {bundle.isError ? <QueryFailed error={bundle.error} onRetry={() => void bundle.refetch()} /> : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="sm" aria-label="Paiements" style={{ opacity: bundle.isFetching ? 0.7 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="date" sort={list.sort} onSort={list.setSort}>Date</SortableTh>
                  <Table.Th>Numéro</Table.Th>
                  <Table.Th>Sens</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th ta="right">Montant</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.map((p) => (
                  <PaymentRow key={p._id} payment={p}
                    invoice={p.fk.invoice ? b?.invoices[p.fk.invoice] : undefined}
                    customer={p.fk.customer ? b?.customers[p.fk.customer] : p.fk.provider ? b?.providers?.[p.fk.provider] : undefined} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {bundle.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des paiements…</Text>}
          {b && <ListFooter page={list.page} quantity={list.quantity} count={b.count} onPage={list.setPage} noun={['paiement', 'paiements']} />}
        </>
      )}
    </div>
  );
}
