/**
 * `/paiements-fournisseurs`: the payments made to suppliers (and their refunds) for purchases and
 * online orders, newest first, with the way the money went (the server's `direction`: a payment is
 * a « Décaissement », a supplier's refund an « Encaissement »). Filters live in the address. The
 * sales payments stay in invoicing's « Paiements »; the banking plugin will reconcile both.
 */
import { Link, useSearchParams } from 'react-router';
import { Anchor, Badge, Group, Paper, Select, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { endOfDay, formatDate, formatMoney, formatNumber, startOfDay, useComptoir, useList } from '@comptoir/sdk/react';
import type { Filters } from '@comptoir/sdk/client';
import { ListFooter, PageHeader, QueryFailed, SortableTh, paymentModeLabel } from '@comptoir/sdk/ui';
import { PAYMENT_DIRECTION_LABELS, type PaymentDirection } from '@comptoir/sdk/commerce';
import { EXTERNAL_PURCHASES, PAYMENTS, PERMISSIONS, PURCHASES, ROUTES } from '../api.ts';
import type { ExternalPurchase, Payment, Purchase } from '../common/types.ts';
import {
  DIRECTION_OPTIONS, MODE_OPTIONS, SOURCE_OPTIONS, cashAmount, filtersOfQuery, paramsOfQuery, queryFromParams, sortOfQuery, type PaymentsQuery,
} from './supplierPayments.ts';

const QUANTITY = 20;
const DIRECTION_COLORS: Record<PaymentDirection, string> = { in: 'teal', out: 'red', none: 'gray' };
const SUM = [{ name: 'amount', field: 'amount', sum: true }];

/** The sum of one direction under the list's filters (a one-row page: only the aggregation is read). */
function useDirectionSum(filters: Filters, direction: PaymentDirection, enabled: boolean) {
  return useList<Payment>(PAYMENTS, { filters: { ...filters, direction: { mode: 'eq', value: direction } }, pagination: { quantity: 1, page: 1 }, aggregations: SUM }, { enabled });
}

/** The purchases and online orders of the page, for their numbers and suppliers, in one call each. */
function useDocuments(payments: Payment[], canExternal: boolean) {
  const ids = (key: 'purchase' | 'externalPurchase') => [...new Set(payments.map((p) => p.fk[key]).filter((id): id is string => !!id))].sort();
  const purchaseIds = ids('purchase');
  const orderIds = ids('externalPurchase');
  const purchases = useList<Purchase>(PURCHASES, { filters: { _id: { mode: 'in', value: purchaseIds } }, pagination: { quantity: Math.max(1, purchaseIds.length), page: 1 } }, { enabled: purchaseIds.length > 0 });
  const orders = useList<ExternalPurchase>(EXTERNAL_PURCHASES, { filters: { _id: { mode: 'in', value: orderIds } }, pagination: { quantity: Math.max(1, orderIds.length), page: 1 } }, { enabled: canExternal && orderIds.length > 0 });
  return {
    purchases: new Map((purchases.data?.data ?? []).map((p) => [p._id, p])),
    orders: new Map((orders.data?.data ?? []).map((o) => [o._id, o])),
  };
}

function Row({ payment, purchase, order }: { payment: Payment; purchase?: Purchase; order?: ExternalPurchase }) {
  const direction = payment.direction ?? 'none';
  const amount = cashAmount(payment);
  const document = payment.fk.purchase
    ? <Anchor component={Link} to={`${ROUTES.purchases}/${payment.fk.purchase}`}>{purchase?.numberFull ?? 'Achat'}</Anchor>
    : payment.fk.externalPurchase
      ? <Anchor component={Link} to={`${ROUTES.external}/${payment.fk.externalPurchase}`}>{order ? `Commande ${order.orderNumber ?? ''}`.trim() : 'Achat en ligne'}</Anchor>
      : '—';
  const supplier = purchase?.providerName ?? order?.shop ?? '—';
  return (
    <Table.Tr data-testid="purchases-payment-row" data-direction={direction}>
      <Table.Td>{formatDate(payment.date)}</Table.Td>
      <Table.Td>{payment.numberFull ?? '—'}</Table.Td>
      <Table.Td>{supplier}</Table.Td>
      <Table.Td>{document}</Table.Td>
      <Table.Td>{paymentModeLabel(payment.mode)}</Table.Td>
      <Table.Td><Badge variant="light" color={DIRECTION_COLORS[direction]}>{PAYMENT_DIRECTION_LABELS[direction]}</Badge></Table.Td>
      <Table.Td ta="right" c={direction === 'out' ? 'red' : direction === 'none' ? 'dimmed' : undefined}>
        {direction === 'in' ? '+' : ''}{formatMoney(amount)}
      </Table.Td>
    </Table.Tr>
  );
}

export function SupplierPaymentsScreen() {
  const { can } = useComptoir();
  const [params, setParams] = useSearchParams();
  const q = queryFromParams(params);
  const set = (changes: Partial<PaymentsQuery>) => setParams(paramsOfQuery({ ...q, page: 1, ...changes }), { replace: true });
  const sort = sortOfQuery(q);
  const filters = filtersOfQuery(q, startOfDay, endOfDay);
  const payments = useList<Payment>(PAYMENTS, { filters, sort, pagination: { quantity: QUANTITY, page: q.page } });
  const outShown = !q.sens || q.sens === 'decaissement';
  const inShown = !q.sens || q.sens === 'encaissement';
  const paidOut = useDirectionSum(filters, 'out', outShown);
  const refunded = useDirectionSum(filters, 'in', inShown);
  const rows = payments.data?.data ?? [];
  const docs = useDocuments(rows, can(PERMISSIONS.externalRead));
  const count = payments.data?.count ?? 0;
  // a disabled query keeps the previous filters' answer as placeholder: not this list's total
  const out = outShown ? Math.abs(paidOut.data?.aggregation.amount?.sum ?? 0) : 0;
  const back = inShown ? Math.abs(refunded.data?.aggregation.amount?.sum ?? 0) : 0;
  const withPage = (page: number) => setParams(paramsOfQuery({ ...q, page }), { replace: false });

  return (
    <div data-testid="purchases-payments">
      <PageHeader title="Paiements fournisseurs"
        description="L’argent versé à vos fournisseurs pour vos achats et achats en ligne, et celui qu’ils vous ont remboursé. Les paiements de vos clients sont dans Facturation › Paiements." />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select label="Sens" data={DIRECTION_OPTIONS} value={q.sens} allowDeselect={false} w={270} data-testid="purchases-payments-direction"
          onChange={(v) => set({ sens: v ?? '' })} />
        <Select label="Mode" data={MODE_OPTIONS} value={q.mode} allowDeselect={false} w={200} onChange={(v) => set({ mode: v ?? '' })} />
        <Select label="Document" data={SOURCE_OPTIONS} value={q.document} allowDeselect={false} w={200} onChange={(v) => set({ document: v ?? '' })} />
        <DatePickerInput type="range" label="Période" placeholder="Toutes les dates" clearable valueFormat="DD/MM/YYYY" w={240}
          value={[q.du || null, q.au || null]}
          onChange={(r) => { const [du, au] = r as [string | null, string | null]; set({ du: du ?? '', au: au ?? '' }); }} />
      </Group>
      {payments.isError ? <QueryFailed error={payments.error} onRetry={() => void payments.refetch()} /> : (
        <>
          <Paper withBorder p="sm" radius="md" mb="md" data-testid="purchases-payments-totals">
            <Group gap="xl">
              <Text size="sm">{formatNumber(count)} {count > 1 ? 'paiements' : 'paiement'}</Text>
              <Text size="sm">Versé aux fournisseurs : <b>{formatMoney(out)}</b></Text>
              <Text size="sm">Remboursé par les fournisseurs : <b>{formatMoney(back)}</b></Text>
              <Text size="sm">Net décaissé : <b>{formatMoney(out - back)}</b></Text>
            </Group>
          </Paper>
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="sm" aria-label="Paiements fournisseurs" style={{ opacity: payments.isFetching ? 0.7 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="date" sort={sort} onSort={(s) => set({ tri: s.ascending ? 'date' : '' })}>Date</SortableTh>
                  <Table.Th>Numéro</Table.Th>
                  <Table.Th>Fournisseur</Table.Th>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th>Sens</Table.Th>
                  <Table.Th ta="right">Montant</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Row key={p._id} payment={p} purchase={p.fk.purchase ? docs.purchases.get(p.fk.purchase) : undefined}
                    order={p.fk.externalPurchase ? docs.orders.get(p.fk.externalPurchase) : undefined} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {payments.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des paiements…</Text>}
          {payments.data && count === 0 && <Text c="dimmed" size="sm" mt="md">Aucun paiement fournisseur ne correspond à ces critères.</Text>}
          {payments.data && <ListFooter page={q.page} quantity={QUANTITY} count={count} onPage={withPage} noun={['paiement', 'paiements']} />}
        </>
      )}
    </div>
  );
}
