/** One payment: date, number, mode, the invoice it settles and its customer, amount. */
import { Link } from 'react-router';
import { Anchor, Table } from '@mantine/core';
import { formatDate, formatMoney } from '@comptoir/sdk/react';
import { paymentModeLabel } from '@comptoir/sdk/ui';
import { ROUTES } from '../api.ts';
import { displayName, receiverName } from '../common/names.ts';
import type { Customer, Invoice, Payment } from '../types.ts';

export function PaymentRow({ payment, invoice, customer }: { payment: Payment; invoice?: Invoice; customer?: Customer }) {
  const who = customer ? displayName(customer) : invoice ? receiverName(invoice.receiver) : '—';
  return (
    <Table.Tr data-testid="invoicing-payment-row">
      <Table.Td>{formatDate(payment.date)}</Table.Td>
      <Table.Td>{payment.numberFull ?? '—'}</Table.Td>
      <Table.Td>{paymentModeLabel(payment.mode)}</Table.Td>
      <Table.Td>
        {payment.fk.invoice
          ? <Anchor component={Link} to={`${ROUTES.invoices}/${payment.fk.invoice}`}>{invoice?.numberFull ?? 'Facture'}</Anchor>
          : '—'}
      </Table.Td>
      <Table.Td>{who || '—'}</Table.Td>
      <Table.Td ta="right" c={payment.amount < 0 ? 'red' : undefined}>{formatMoney(payment.amount)}</Table.Td>
    </Table.Tr>
  );
}
