/** One invoice of the list. */
import { Link } from 'react-router';
import { Anchor, Table, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@comptoir/sdk/react';
import { receiverName } from '../common/names.ts';
import { InvoiceStatusBadges } from './InvoiceStatusBadges.tsx';
import { remainingOf } from './invoiceStatus.ts';
import type { Invoice } from '../types.ts';

export function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const remaining = remainingOf(invoice);
  return (
    <Table.Tr data-testid="invoicing-invoice-row">
      <Table.Td>
        <Anchor component={Link} to={invoice._id}>{invoice.numberFull || 'Brouillon'}</Anchor>
      </Table.Td>
      <Table.Td>{formatDate(invoice.date)}</Table.Td>
      <Table.Td>{receiverName(invoice.receiver)}</Table.Td>
      <Table.Td ta="right">{formatMoney(invoice.exclTaxesPrice)}</Table.Td>
      <Table.Td ta="right">{formatMoney(invoice.inclTaxesPrice)}</Table.Td>
      <Table.Td ta="right" data-testid="invoicing-invoice-unpaid">
        {!remaining ? '—' : remaining.overpaid
          ? <Text span size="sm" c="orange">{`${remaining.label} ${formatMoney(remaining.amount)}`}</Text>
          : formatMoney(invoice.unpaidAmount)}
      </Table.Td>
      <Table.Td><InvoiceStatusBadges invoice={invoice} /></Table.Td>
    </Table.Tr>
  );
}
