/**
 * VAT details and the three totals of a commercial document (HT, TVA, TTC), with what was paid and
 * what is still due when given. Test ids are `<testIdPrefix>-totals`, `-total-excl`, `-total-vat`,
 * `-total-incl`, `-paid`, `-unpaid`, `-vat-details`.
 */
import type { ReactNode } from 'react';
import { Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney } from '@comptoir/sdk/react';
import { VatDetailsTable, type VatDetailRow } from './VatDetailsTable.tsx';
import type { ComputedVatCategory } from './vatCategoryOptions.ts';

export interface DocumentTotalsValue {
  exclTaxesPrice: number; inclTaxesPrice: number; vatAmount: number; vatDetails: VatDetailRow[];
  /** the lines as the engine computed them (`POST …/compute`): a sale's carry their VAT category */
  items?: ({ uuid: string } & ComputedVatCategory)[];
  /** whether the document bears VAT (`POST …/compute` answers it) */
  subjectToVAT?: boolean;
}

function Row({ label, value, strong, testId }: { label: string; value: number | null | undefined; strong?: boolean; testId: string }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size="sm" fw={strong ? 700 : 400}>{label}</Text>
      <Text size="sm" fw={strong ? 700 : 400} data-testid={testId}>{formatMoney(value ?? 0)}</Text>
    </Group>
  );
}

export function DocumentTotals({ totals, pending, paid, unpaid, unpaidLabel = 'Reste à payer', extra, testIdPrefix = 'document' }: {
  totals: DocumentTotalsValue | undefined;
  pending?: boolean;
  paid?: number;
  unpaid?: number;
  unpaidLabel?: string;
  /** more rows under the totals (a purchase's deductible VAT) */
  extra?: ReactNode;
  testIdPrefix?: string;
}) {
  const id = (s: string) => `${testIdPrefix}-${s}`;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <div>{totals && <VatDetailsTable details={totals.vatDetails} testId={id('vat-details')} />}</div>
      <Paper withBorder p="md" radius="md" data-testid={id('totals')}>
        <Stack gap={6}>
          {/* a bare span may not carry a name (axe aria-prohibited-attr, seen while the totals refresh
              behind « Émettre la facture »): as a status it is named and announced */}
          {pending && <Loader size="xs" role="status" aria-label="Calcul en cours" />}
          <Row label="Total HT" value={totals?.exclTaxesPrice} testId={id('total-excl')} />
          <Row label="TVA" value={totals?.vatAmount} testId={id('total-vat')} />
          <Row label="Total TTC" value={totals?.inclTaxesPrice} strong testId={id('total-incl')} />
          {extra}
          {paid !== undefined && <Row label="Déjà payé" value={paid} testId={id('paid')} />}
          {unpaid !== undefined && <Row label={unpaidLabel} value={unpaid} strong testId={id('unpaid')} />}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
