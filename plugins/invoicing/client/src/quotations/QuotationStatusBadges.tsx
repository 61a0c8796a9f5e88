/** The chips of a quotation: its status, and « Expiré » when its expiry date is past. */
import { Badge, Group } from '@mantine/core';
import { QUOTATION_STATUS_COLORS, QUOTATION_STATUS_LABELS, isExpired } from './quotationStatus.ts';
import type { Quotation } from '../types.ts';

export function QuotationStatusBadges({ quotation }: { quotation: Pick<Quotation, 'status' | 'expirationDate'> }) {
  const status = quotation.status ?? 'emitted';
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" variant="light" color={QUOTATION_STATUS_COLORS[status]} data-testid="invoicing-quotation-status">{QUOTATION_STATUS_LABELS[status]}</Badge>
      {isExpired(quotation) && <Badge size="sm" color="orange" variant="outline">Expiré</Badge>}
    </Group>
  );
}
