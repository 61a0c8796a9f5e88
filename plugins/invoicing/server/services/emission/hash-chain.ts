/**
 * What the hash chains of this plugin cover (docs/architecture.md « Data conventions », `chainHash` of @comptoir/sdk).
 *
 * One chain per company for invoices (credit notes and corrective invoices included: they share
 * the invoice counter) and one for invoice payments (the `paymentInvoice` counter). A document's
 * predecessor is the one of the same chain with the greatest number: kernel counters only ever
 * go up, so number order is emission order. The verifier of issue 6 walks a chain by number and
 * recomputes each hash from the stored document with these same views.
 *
 * A view lists the fields frozen at emission, explicitly, so that a field added to the schema later
 * does not change the hashes of documents emitted before it. Settlement fields (status, paid and
 * unpaid amounts, credit info) change with payments and are not hashed; neither are metadata,
 * extradata and userProps.
 */
import { chainHash } from '@comptoir/sdk';
import type { Invoice } from '../../../schemas/index.ts';

// the payment view is shared with the purchases plugin, which keeps its payments' chains (issue 12)
export { HASHED_PAYMENT_FIELDS, UNHASHED_PAYMENT_FK, paymentHash, paymentHashView } from '@comptoir/sdk';

export const HASHED_INVOICE_FIELDS = [
  '_id', 'number', 'numberFull', 'date', 'subjectToVAT', 'vatCalculationMethod',
  'exclTaxesPrice', 'inclTaxesPrice', 'vatAmount', 'vatDetails', 'items',
  'sender', 'receiver', 'freeData', 'comment', 'invoiceComment', 'headerTitle', 'headerMessage',
  'itemsTypeForDeclaration', 'userName', 'attachments', 'fk',
  // added with issue 11: absent from the invoices emitted before, whose hashes stay the same
  'creditReason',
  // added with issue 13, likewise
  'deliveryDate',
] as const;

/** JSON as stored and read back: no undefined, no null (the repository drops unset fields). */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) out[k] = clean(v);
    return out;
  }
  return value;
}

function pick(doc: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (doc[f] !== undefined) out[f] = doc[f];
  return out;
}

export function invoiceHashView(invoice: Partial<Invoice>): object {
  return clean(pick(invoice as Record<string, unknown>, HASHED_INVOICE_FIELDS)) as object;
}

export const invoiceHash = (previousHash: string | null, invoice: Partial<Invoice>) =>
  chainHash(previousHash, invoiceHashView(invoice));
