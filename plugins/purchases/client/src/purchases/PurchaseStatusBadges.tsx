/** The chips of a purchase: « Avoir » for a credit note, then its payment status. */
import { Badge, Group } from '@mantine/core';
import { STATUS_COLORS, STATUS_LABELS, isCreditNote } from './purchaseStatus.ts';
import type { Purchase } from '../types.ts';

export function PurchaseStatusBadges({ purchase, size = 'sm' }: { purchase: Pick<Purchase, 'status' | 'inclTaxesPrice'>; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Group gap={4} wrap="nowrap">
      {isCreditNote(purchase) && <Badge size={size} color="grape" variant="outline">Avoir</Badge>}
      <Badge size={size} color={STATUS_COLORS[purchase.status]} variant="light" data-testid="purchases-status">{STATUS_LABELS[purchase.status]}</Badge>
    </Group>
  );
}
