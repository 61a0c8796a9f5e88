/** Above the list: how many invoices match, their total incl. taxes and what is still due (list aggregations). */
import { Group, Paper, Text } from '@mantine/core';
import { formatMoney, formatNumber } from '@comptoir/sdk/react';
import type { ListResult } from '@comptoir/sdk/client';

export const INVOICE_AGGREGATIONS = [
  { name: 'total', field: 'inclTaxesPrice', sum: true },
  { name: 'unpaid', field: 'unpaidAmount', sum: true },
];

export function InvoiceListTotals({ result }: { result: ListResult<unknown> | undefined }) {
  const count = result?.count ?? 0;
  return (
    <Paper withBorder p="sm" radius="md" mb="md" data-testid="invoicing-list-totals">
      <Group gap="xl">
        <Text size="sm">{formatNumber(count)} {count > 1 ? 'factures' : 'facture'}</Text>
        <Text size="sm">Total TTC : <b>{formatMoney(result?.aggregation.total?.sum ?? 0)}</b></Text>
        <Text size="sm">Reste à encaisser : <b>{formatMoney(result?.aggregation.unpaid?.sum ?? 0)}</b></Text>
      </Group>
    </Paper>
  );
}
