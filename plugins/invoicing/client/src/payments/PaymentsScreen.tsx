/**
 * `/paiements`: every payment and refund recorded by the company for its invoices, newest first,
 * with the way the money went (« Encaissement », « Décaissement », « Compensation »: the server's
 * `direction` column), filtered by direction, mode and period (in the address: `?sens=`, `?mode=`,
 * `?du=`, `?au=`), with what came in and went out under the filters. The list's parts are the UI
 * kit's (`PaymentsFilters`, `PaymentsTotals`, `PaymentsListTable`), as « Paiements fournisseurs ».
 */
import { Link, useSearchParams } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import {
  ListFooter, PageHeader, PaymentsFilters, PaymentsListTable, PaymentsTotals, QueryFailed, paymentDirectionOptions,
  usePaymentDirectionSums, usePaymentsQuery, type PaymentsListRow,
} from '@comptoir/sdk/ui';
import { PAYMENTS, ROUTES } from '../api.ts';
import { displayName, receiverName } from '../common/names.ts';
import type { Payment } from '../types.ts';
import { usePaymentsBundle, type PaymentsBundle } from './usePaymentsBundle.ts';

const QUANTITY = 20;
/** Money received first: what a customer is mostly about. */
const DIRECTION_OPTIONS = paymentDirectionOptions(['in', 'out', 'none']);
// the purchases plugin's screens (plugins/purchases README, menu)
const PURCHASE_ROUTES = { purchase: '/achats', externalPurchase: '/achats-en-ligne' } as const;

function documentLink(payment: Payment, b: PaymentsBundle | undefined) {
  if (payment.fk.invoice) return <Anchor component={Link} to={`${ROUTES.invoices}/${payment.fk.invoice}`}>{b?.invoices[payment.fk.invoice]?.numberFull ?? 'Facture'}</Anchor>;
  if (payment.fk.purchase) return <Anchor component={Link} to={`${PURCHASE_ROUTES.purchase}/${payment.fk.purchase}`}>Achat</Anchor>;
  if (payment.fk.externalPurchase) return <Anchor component={Link} to={`${PURCHASE_ROUTES.externalPurchase}/${payment.fk.externalPurchase}`}>Achat en ligne</Anchor>;
  return '—';
}

/** The customer named by the payment, else the invoice's receiver (a provider for a purchase's). */
function partyOf(payment: Payment, b: PaymentsBundle | undefined): string {
  const customer = payment.fk.customer ? b?.customers[payment.fk.customer] : payment.fk.provider ? b?.providers?.[payment.fk.provider] : undefined;
  const invoice = payment.fk.invoice ? b?.invoices[payment.fk.invoice] : undefined;
  return (customer ? displayName(customer) : invoice ? receiverName(invoice.receiver) : '') || '—';
}

export function PaymentsScreen() {
  const list = usePaymentsQuery(useSearchParams());
  const bundle = usePaymentsBundle({ filters: list.filters, sort: list.sort, pagination: { quantity: QUANTITY, page: list.query.page } });
  const sums = usePaymentDirectionSums(PAYMENTS, list.filters, list.query);
  const b = bundle.data;
  const payments = b ? Object.values(b.payments) : [];
  // the bundle is keyed by id: put the page back in the order asked for
  payments.sort((x, y) => {
    const cmp = x.date < y.date ? -1 : x.date > y.date ? 1 : 0;
    return list.sort.ascending ? cmp : -cmp;
  });
  const rows: PaymentsListRow[] = payments.map((p) => ({ payment: p, document: documentLink(p, b), party: partyOf(p, b) }));

  return (
    <div data-testid="invoicing-payments">
      <PageHeader title="Paiements" description="Les règlements de vos clients et les remboursements que vous leur faites. Les paiements à vos fournisseurs sont dans Achats › Paiements fournisseurs." />
      <PaymentsFilters query={list.query} onChange={list.set} directions={DIRECTION_OPTIONS} testId="invoicing-payments" />
      {bundle.isError ? <QueryFailed error={bundle.error} onRetry={() => void bundle.refetch()} /> : (
        <>
          {b && (
            <PaymentsTotals count={b.count} testId="invoicing-payments-totals" figures={[
              { label: 'Encaissé', amount: sums.in },
              { label: 'Remboursé aux clients', amount: sums.out },
              { label: 'Net encaissé', amount: sums.in - sums.out },
            ]} />
          )}
          <PaymentsListTable rows={rows} sort={list.sort} onSort={list.setSort} label="Paiements" partyLabel="Client"
            rowTestId="invoicing-payment-row" fetching={bundle.isFetching} />
          {bundle.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des paiements…</Text>}
          {b && b.count === 0 && <Text c="dimmed" size="sm" mt="md">Aucun paiement ne correspond à ces critères.</Text>}
          {b && <ListFooter page={list.query.page} quantity={QUANTITY} count={b.count} onPage={list.setPage} noun={['paiement', 'paiements']} />}
        </>
      )}
    </div>
  );
}
