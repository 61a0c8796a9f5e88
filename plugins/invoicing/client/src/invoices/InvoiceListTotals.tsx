/**
 * Above the list: how many invoices match (drafts included, as the list shows them), and the totals
 * of those that are emitted — « hors brouillons », a corrected sale counted once (listTotals.ts).
 */
import { Group, Paper, Text } from '@mantine/core';
import { formatMoney, formatNumber } from '@comptoir/sdk/react';
import type { ListResult } from '@comptoir/sdk/client';
import { listTotalsOf } from './listTotals.ts';

export function InvoiceListTotals({ count = 0, totals }: { count?: number; totals: ListResult<unknown> | undefined }) {
  const t = listTotalsOf(totals?.aggregation);
  return (
    <Paper withBorder p="sm" radius="md" mb="md" data-testid="invoicing-list-totals">
      <Group gap="xl">
        <Text size="sm">{formatNumber(count)} {count > 1 ? 'factures' : 'facture'}</Text>
        <Text size="sm">Total HT : <b>{formatMoney(t.exclTaxes)}</b></Text>
        <Text size="sm">Total TTC : <b>{formatMoney(t.total)}</b></Text>
        <Text size="sm">Reste à encaisser : <b>{formatMoney(t.unpaid)}</b></Text>
        <Text size="xs" c="dimmed">
          Totaux hors brouillons{t.reversedExclTaxes !== 0 && `, après annulation des factures remplacées (${formatMoney(-t.reversedExclTaxes)} HT)`}
        </Text>
      </Group>
    </Paper>
  );
}
