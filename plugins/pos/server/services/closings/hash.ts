/**
 * What the hash of an X/Z ticket and of an archive covers (README « Closings »): the fields listed
 * here, with the invoicing chain's scheme (`chainHash`: SHA-256 of the previous hash + RFC 8785
 * JSON). Each table is its own chain (X tickets, Z tickets), archives one chain per frequency
 * (each has its counter). The grand totals are inside a Z's hash, so they are chained with it.
 */
import { chainHash, storedJson } from '@comptoir/sdk';
import type { Archive, ArchiveFrequency, ClosingTicket } from '../../../schemas/index.ts';

export const X_CHAIN = 'x-ticket';
export const Z_CHAIN = 'z-ticket';
export const X_COUNTER = 'xTicket';
export const Z_COUNTER = 'zTicket';
export const archiveChain = (frequency: ArchiveFrequency) => `archive-${frequency}`;

const PERIOD_FIELDS = [
  '_id', 'number', 'numberFull', 'date', 'startDate', 'endDate', 'sender',
  'ticketsCount', 'refundTicketsCount', 'paymentsCount', 'refundPaymentsCount',
  'totalInclTaxes', 'totalExclTaxes', 'refundTotalInclTaxes', 'refundTotalExclTaxes',
  'paymentsDetails', 'refundPaymentsDetails', 'vatDetails', 'refundVatDetails', 'difference',
] as const;
export const HASHED_TICKET_FIELDS = [...PERIOD_FIELDS, 'kind', 'cashRegisterNumber', 'userName', 'receiptsCount', 'grandTotals'] as const;
export const HASHED_ARCHIVE_FIELDS = [...PERIOD_FIELDS, 'frequency', 'period', 'sourceLevel', 'sources', 'grandTotal', 'software', 'comment'] as const;

function view(doc: Record<string, unknown>, fields: readonly string[]): object {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (doc[f] !== undefined && doc[f] !== null) out[f] = doc[f];
  return storedJson({ ...out, fk: doc.fk ?? {} }) as object;
}

export const ticketHashView = (t: Partial<ClosingTicket>) => view(t as Record<string, unknown>, HASHED_TICKET_FIELDS);
export const archiveHashView = (a: Partial<Archive>) => view(a as Record<string, unknown>, HASHED_ARCHIVE_FIELDS);
export const ticketHash = (previous: string | null, t: Partial<ClosingTicket>) => chainHash(previous, ticketHashView(t));
export const archiveHash = (previous: string | null, a: Partial<Archive>) => chainHash(previous, archiveHashView(a));
