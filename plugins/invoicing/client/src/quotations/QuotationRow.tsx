/** One quotation of the list: the fields QuotationsScreen asks for (`receiverName` is the server's, from `receiver`). */
import { Link } from 'react-router';
import { Anchor, Table } from '@mantine/core';
import { formatDate, formatMoney } from '@comptoir/sdk/react';
import { receiverName } from '../common/names.ts';
import { StatusBadges } from '@comptoir/sdk/ui';
import { EXPIRED_CHIP, QUOTATION_STATUS_STYLES, isExpired } from './quotationStatus.ts';
import type { Quotation } from '../types.ts';

export function QuotationRow({ quotation }: { quotation: Quotation }) {
  return (
    <Table.Tr data-testid="invoicing-quotation-row">
      <Table.Td><Anchor component={Link} to={quotation._id}>{quotation.numberFull || '—'}</Anchor></Table.Td>
      <Table.Td>{formatDate(quotation.date)}</Table.Td>
      <Table.Td>{formatDate(quotation.expirationDate)}</Table.Td>
      <Table.Td>{quotation.receiverName || receiverName(quotation.receiver)}</Table.Td>
      <Table.Td ta="right">{formatMoney(quotation.exclTaxesPrice)}</Table.Td>
      <Table.Td ta="right">{formatMoney(quotation.inclTaxesPrice)}</Table.Td>
      <Table.Td><StatusBadges status={quotation.status ?? 'emitted'} styles={QUOTATION_STATUS_STYLES} flags={[isExpired(quotation) && EXPIRED_CHIP]} testId="invoicing-quotation-status" /></Table.Td>
    </Table.Tr>
  );
}
