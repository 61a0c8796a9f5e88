/**
 * One payment: date, number, direction, mode, the document it settles (an invoice, a purchase, an
 * online order) and who paid or was paid, the amount as money in (+) or out (−).
 */
import { Link } from 'react-router';
import { Anchor, Badge, Table } from '@mantine/core';
import { formatDate, formatMoney } from '@comptoir/sdk/react';
import { paymentModeLabel } from '@comptoir/sdk/ui';
import { PAYMENT_DIRECTION_LABELS, type PaymentDirection } from '@comptoir/sdk/commerce';
import { ROUTES } from '../api.ts';
import { displayName, receiverName } from '../common/names.ts';
import { cashAmount } from './paymentModes.ts';
import type { Customer, Invoice, Payment } from '../types.ts';

const DIRECTION_COLORS: Record<PaymentDirection, string> = { in: 'teal', out: 'red', none: 'gray' };
// the purchases plugin's screens (plugins/purchases README, menu)
const PURCHASE_ROUTES = { purchase: '/achats', externalPurchase: '/achats-en-ligne' } as const;

function DocumentLink({ payment, invoice }: { payment: Payment; invoice?: Invoice }) {
  if (payment.fk.invoice) return <Anchor component={Link} to={`${ROUTES.invoices}/${payment.fk.invoice}`}>{invoice?.numberFull ?? 'Facture'}</Anchor>;
  if (payment.fk.purchase) return <Anchor component={Link} to={`${PURCHASE_ROUTES.purchase}/${payment.fk.purchase}`}>Achat</Anchor>;
  if (payment.fk.externalPurchase) return <Anchor component={Link} to={`${PURCHASE_ROUTES.externalPurchase}/${payment.fk.externalPurchase}`}>Achat en ligne</Anchor>;
  return <>—</>;
}

export function PaymentRow({ payment, invoice, customer }: { payment: Payment; invoice?: Invoice; customer?: Customer }) {
  const who = customer ? displayName(customer) : invoice ? receiverName(invoice.receiver) : '—';
  const direction = payment.direction ?? 'none';
  const amount = cashAmount(payment);
  return (
    <Table.Tr data-testid="invoicing-payment-row" data-direction={direction}>
      <Table.Td>{formatDate(payment.date)}</Table.Td>
      <Table.Td>{payment.numberFull ?? '—'}</Table.Td>
      <Table.Td><Badge variant="light" color={DIRECTION_COLORS[direction]}>{PAYMENT_DIRECTION_LABELS[direction]}</Badge></Table.Td>
      <Table.Td>{paymentModeLabel(payment.mode)}</Table.Td>
      <Table.Td><DocumentLink payment={payment} invoice={invoice} /></Table.Td>
      <Table.Td>{who || '—'}</Table.Td>
      <Table.Td ta="right" c={direction === 'out' ? 'red' : direction === 'none' ? 'dimmed' : undefined}>
        {direction === 'in' ? '+' : ''}{formatMoney(amount)}
      </Table.Td>
    </Table.Tr>
  );
}
