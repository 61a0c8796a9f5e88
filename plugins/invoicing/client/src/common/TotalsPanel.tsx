/** VAT details and the three totals of a document (HT, TVA, TTC), with the amounts still due when given. */
import { Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney } from '@comptoir/sdk/react';
import { VatDetailsTable } from './VatDetailsTable.tsx';
import type { Totals } from './totals.ts';

function Row({ label, value, strong, testId }: { label: string; value: number | null | undefined; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size="sm" fw={strong ? 700 : 400}>{label}</Text>
      <Text size="sm" fw={strong ? 700 : 400} data-testid={testId}>{formatMoney(value ?? 0)}</Text>
    </Group>
  );
}

export function TotalsPanel({ totals, pending, paid, unpaid }: { totals: Totals | undefined; pending?: boolean; paid?: number; unpaid?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <div>{totals && <VatDetailsTable details={totals.vatDetails} />}</div>
      <Paper withBorder p="md" radius="md" data-testid="invoicing-totals">
        <Stack gap={6}>
          {pending && <Loader size="xs" aria-label="Calcul en cours" />}
          <Row label="Total HT" value={totals?.exclTaxesPrice} testId="invoicing-total-excl" />
          <Row label="TVA" value={totals?.vatAmount} testId="invoicing-total-vat" />
          <Row label="Total TTC" value={totals?.inclTaxesPrice} strong testId="invoicing-total-incl" />
          {paid !== undefined && <Row label="Déjà payé" value={paid} testId="invoicing-paid" />}
          {unpaid !== undefined && <Row label="Reste à payer" value={unpaid} strong testId="invoicing-unpaid" />}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
