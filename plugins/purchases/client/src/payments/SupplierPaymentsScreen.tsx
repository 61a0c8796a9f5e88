/**
 * `/paiements-fournisseurs`: the payments made to suppliers (and their refunds) for purchases and
 * online orders, newest first, with the way the money went (the server's `direction`: a payment is
 * a « Décaissement », a supplier's refund an « Encaissement »). Filters live in the address. The
 * sales payments stay in invoicing's « Paiements »; the banking plugin will reconcile both. The
 * list's parts are the UI kit's (`PaymentsFilters`, `PaymentsTotals`, `PaymentsListTable`).
 */
import { Link, useSearchParams } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { useComptoir, useList } from '@comptoir/sdk/react';
import {
  ListFooter, PageHeader, PaymentsFilters, PaymentsListTable, PaymentsTotals, QueryFailed, usePaymentDirectionSums, usePaymentsQuery,
} from '@comptoir/sdk/ui';
import { EXTERNAL_PURCHASES, PAYMENTS, PERMISSIONS, PURCHASES, ROUTES } from '../api.ts';
import type { ExternalPurchase, Payment, Purchase } from '../common/types.ts';
import { DIRECTION_OPTIONS, SOURCE_FROM_URL, SOURCE_OPTIONS } from './supplierPayments.ts';

const QUANTITY = 20;

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

function rowOf(payment: Payment, docs: ReturnType<typeof useDocuments>) {
  const purchase = payment.fk.purchase ? docs.purchases.get(payment.fk.purchase) : undefined;
  const order = payment.fk.externalPurchase ? docs.orders.get(payment.fk.externalPurchase) : undefined;
  const document = payment.fk.purchase
    ? <Anchor component={Link} to={`${ROUTES.purchases}/${payment.fk.purchase}`}>{purchase?.numberFull ?? 'Achat'}</Anchor>
    : payment.fk.externalPurchase
      ? <Anchor component={Link} to={`${ROUTES.external}/${payment.fk.externalPurchase}`}>{order ? `Commande ${order.orderNumber ?? ''}`.trim() : 'Achat en ligne'}</Anchor>
      : '—';
  return { payment, document, party: purchase?.providerName ?? order?.shop ?? '—' };
}

export function SupplierPaymentsScreen() {
  const { can } = useComptoir();
  const list = usePaymentsQuery(useSearchParams(), SOURCE_FROM_URL);
  const payments = useList<Payment>(PAYMENTS, { filters: list.filters, sort: list.sort, pagination: { quantity: QUANTITY, page: list.query.page } });
  const sums = usePaymentDirectionSums(PAYMENTS, list.filters, list.query);
  const rows = payments.data?.data ?? [];
  const docs = useDocuments(rows, can(PERMISSIONS.externalRead));
  const count = payments.data?.count ?? 0;

  return (
    <div data-testid="purchases-payments">
      <PageHeader title="Paiements fournisseurs"
        description="L’argent versé à vos fournisseurs pour vos achats et achats en ligne, et celui qu’ils vous ont remboursé. Les paiements de vos clients sont dans Facturation › Paiements." />
      <PaymentsFilters query={list.query} onChange={list.set} directions={DIRECTION_OPTIONS} documents={SOURCE_OPTIONS} testId="purchases-payments" />
      {payments.isError ? <QueryFailed error={payments.error} onRetry={() => void payments.refetch()} /> : (
        <>
          <PaymentsTotals count={count} testId="purchases-payments-totals" figures={[
            { label: 'Versé aux fournisseurs', amount: sums.out },
            { label: 'Remboursé par les fournisseurs', amount: sums.in },
            { label: 'Net décaissé', amount: sums.out - sums.in },
          ]} />
          <PaymentsListTable rows={rows.map((p) => rowOf(p, docs))} sort={list.sort} onSort={list.setSort} label="Paiements fournisseurs"
            partyLabel="Fournisseur" rowTestId="purchases-payment-row" fetching={payments.isFetching} />
          {payments.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des paiements…</Text>}
          {payments.data && count === 0 && <Text c="dimmed" size="sm" mt="md">Aucun paiement fournisseur ne correspond à ces critères.</Text>}
          {payments.data && <ListFooter page={list.query.page} quantity={QUANTITY} count={count} onPage={list.setPage} noun={['paiement', 'paiements']} />}
        </>
      )}
    </div>
  );
}
