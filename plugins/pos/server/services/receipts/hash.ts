/**
 * What a receipt's hash covers (README « Inalterability »): the fields frozen at emission, listed
 * explicitly so that a field added later does not change older hashes; the payments are inside it,
 * so a payment of a receipt is chained with the receipt. `fk.invoice` is left out: it is set once,
 * later, when the receipt becomes an invoice (the invoice names the receipt in its own chain).
 * Metadata (the repository's) are left out too. The scheme is the invoicing chain's (`chainHash`:
 * SHA-256 of the previous hash + RFC 8785 JSON).
 */
import { chainHash, storedJson } from '@comptoir/sdk';
import type { Receipt } from '../../../schemas/index.ts';

export const RECEIPT_CHAIN = 'receipt';
export const RECEIPT_COUNTER = 'receipt';

export const HASHED_RECEIPT_FIELDS = [
  '_id', 'number', 'numberFull', 'date', 'subjectToVAT', 'vatCalculationMethod',
  'exclTaxesPrice', 'inclTaxesPrice', 'vatAmount', 'vatDetails', 'items', 'sender', 'freeData', 'comment',
  'cashRegisterNumber', 'userName', 'receiptComment', 'payments', 'refund', 'refundedLines', 'missingCash',
] as const;
export const UNHASHED_RECEIPT_FK = ['invoice'] as const;

export function receiptHashView(receipt: Partial<Receipt>): object {
  const view: Record<string, unknown> = {};
  for (const f of HASHED_RECEIPT_FIELDS) if (receipt[f] !== undefined) view[f] = receipt[f];
  const fk = { ...(receipt.fk ?? {}) } as Record<string, unknown>;
  for (const f of UNHASHED_RECEIPT_FK) delete fk[f];
  return storedJson({ ...view, fk }) as object;
}

export const receiptHash = (previousHash: string | null, receipt: Partial<Receipt>) => chainHash(previousHash, receiptHashView(receipt));
