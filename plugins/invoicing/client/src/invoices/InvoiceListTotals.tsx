/**
 * Above the list: how many invoices match (drafts included, as the list shows them), and the total
 * incl. taxes and what is still due of those that are emitted — « hors brouillons » (listTotals.ts).
 */
import { Group, Paper, Text } from '@mantine/core';
import { formatMoney, formatNumber } from '@comptoir/sdk/react';
import type { ListResult } from '@comptoir/sdk/client';

export function InvoiceListTotals({ count = 0, totals }: { count?: number; totals: ListResult<unknown> | undefined }) {
  return (
    <Paper withBorder p="sm" radius="md" mb="md" data-testid="invoicing-list-totals">
      <Group gap="xl">
        <Text size="sm">{formatNumber(count)} {count > 1 ? 'factures' : 'facture'}</Text>
        <Text size="sm">Total HT : <b>{formatMoney(totals?.aggregation.exclTaxes?.sum ?? 0)}</b></Text>
        <Text size="sm">Total TTC : <b>{formatMoney(totals?.aggregation.total?.sum ?? 0)}</b></Text>
        <Text size="sm">Reste à encaisser : <b>{formatMoney(totals?.aggregation.unpaid?.sum ?? 0)}</b></Text>
        <Text size="xs" c="dimmed">Totaux hors brouillons</Text>
      </Group>
    </Paper>
  );
}
