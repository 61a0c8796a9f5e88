/**
 * What a quotation's chips say: its status (emitted by default, then accepted, refused or
 * invoiced) and « Expiré » once its expiry date is past while it still waits for an answer.
 */
import { statusStyles, type StatusStyle } from '@comptoir/sdk/ui';
import type { Quotation, QuotationStatus } from '../types.ts';

export const QUOTATION_STATUS_LABELS: Record<QuotationStatus, string> = {
  emitted: 'Émis',
  accepted: 'Accepté',
  refused: 'Refusé',
  invoiced: 'Facturé',
};

export const QUOTATION_STATUS_COLORS: Record<QuotationStatus, string> = {
  emitted: 'blue',
  accepted: 'teal',
  refused: 'red',
  invoiced: 'grape',
};

/** The kit's `StatusBadges` map (`testId` « invoicing-quotation-status »). */
export const QUOTATION_STATUS_STYLES = statusStyles(QUOTATION_STATUS_LABELS, QUOTATION_STATUS_COLORS);

/** The outlined chip after the status of a quotation past its expiry date. */
export const EXPIRED_CHIP: StatusStyle = { label: 'Expiré', color: 'orange' };

export const QUOTATION_STATUS_OPTIONS = (Object.keys(QUOTATION_STATUS_LABELS) as QuotationStatus[])
  .map((value) => ({ value, label: QUOTATION_STATUS_LABELS[value] }));

export function isExpired(q: Pick<Quotation, 'status' | 'expirationDate'>, now = new Date()): boolean {
  if (!q.expirationDate || q.status !== 'emitted') return false;
  return new Date(q.expirationDate).getTime() < now.getTime();
}
