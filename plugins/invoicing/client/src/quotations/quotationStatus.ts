/**
 * What a quotation's chips say: its status (emitted by default, then accepted, refused or
 * invoiced) and « Expiré » once its expiry date is past while it still waits for an answer.
 */
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

export const QUOTATION_STATUS_OPTIONS = (Object.keys(QUOTATION_STATUS_LABELS) as QuotationStatus[])
  .map((value) => ({ value, label: QUOTATION_STATUS_LABELS[value] }));

export function isExpired(q: Pick<Quotation, 'status' | 'expirationDate'>, now = new Date()): boolean {
  if (!q.expirationDate || q.status !== 'emitted') return false;
  return new Date(q.expirationDate).getTime() < now.getTime();
}
