/** The chips of an invoice: « Avoir » for a credit note, then its state. */
import { Badge, Group } from '@mantine/core';
import { STATE_COLORS, STATE_LABELS, isCreditNote, stateOf } from './invoiceStatus.ts';
import type { Invoice } from '../types.ts';

export function InvoiceStatusBadges({ invoice, size = 'sm' }: { invoice: Pick<Invoice, 'numberFull' | 'status' | 'inclTaxesPrice'>; size?: 'sm' | 'md' | 'lg' }) {
  const state = stateOf(invoice);
  return (
    <Group gap={4} wrap="nowrap">
      {isCreditNote(invoice) && <Badge size={size} color="grape" variant="outline">Avoir</Badge>}
      <Badge size={size} color={STATE_COLORS[state]} variant="light" data-testid="invoicing-status">{STATE_LABELS[state]}</Badge>
    </Group>
  );
}
