/** One invoice of the list: the fields InvoicesScreen asks for (`receiverName` is the server's, from `receiver`). */
import { Link } from 'react-router';
import { Anchor, Table, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@comptoir/sdk/react';
import { receiverName } from '../common/names.ts';
import { StatusBadges } from '@comptoir/sdk/ui';
import { STATE_STYLES, isCreditNote, remainingOf, stateOf } from './invoiceStatus.ts';
import type { Invoice } from '../types.ts';

export function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const remaining = remainingOf(invoice);
  return (
    <Table.Tr data-testid="invoicing-invoice-row">
      <Table.Td>
        <Anchor component={Link} to={invoice._id}>{invoice.numberFull || 'Brouillon'}</Anchor>
      </Table.Td>
      <Table.Td>{formatDate(invoice.date)}</Table.Td>
      <Table.Td>{invoice.receiverName || receiverName(invoice.receiver)}</Table.Td>
      <Table.Td ta="right">{formatMoney(invoice.exclTaxesPrice)}</Table.Td>
      <Table.Td ta="right">{formatMoney(invoice.inclTaxesPrice)}</Table.Td>
      <Table.Td ta="right" data-testid="invoicing-invoice-unpaid">
        {!remaining ? '—' : remaining.overpaid
          ? <Text span size="sm" c="orange">{`${remaining.label} ${formatMoney(remaining.amount)}`}</Text>
          : formatMoney(invoice.unpaidAmount)}
      </Table.Td>
      <Table.Td><StatusBadges status={stateOf(invoice)} styles={STATE_STYLES} creditNote={isCreditNote(invoice)} testId="invoicing-status" /></Table.Td>
    </Table.Tr>
  );
}
