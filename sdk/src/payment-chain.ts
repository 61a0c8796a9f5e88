/**
 * What the hash chain of a payment covers (docs/architecture.md « Data conventions »), shared by every plugin that records
 * payments in a chain of its own: invoicing (invoice payments), purchases (payments of purchases
 * and external purchases), later the till. One definition, so that a payment moved from one
 * plugin's table to another's (issue 12: purchase payments, once kept by invoicing) still verifies
 * against the hash it was given.
 *
 * The view lists the frozen fields explicitly: a field added to the schema later does not change
 * the hashes of payments recorded before it. Bank reconciliation links (`fk.bankOperations`) come
 * later and are not part of the payment itself.
 */
import type { Payment } from '@comptoir/schemas';
import { chainHash } from './integrity.ts';

export const HASHED_PAYMENT_FIELDS = [
  '_id', 'number', 'numberFull', 'mode', 'amount', 'date', 'source', 'cashPaid', 'cashChange',
] as const;
export const UNHASHED_PAYMENT_FK = ['bankOperations'] as const;

/** JSON as stored and read back: no undefined, no null (the repository drops unset fields). */
export function storedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(storedJson);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) out[k] = storedJson(v);
    return out;
  }
  return value;
}

export function paymentHashView(payment: Partial<Payment>): object {
  const view: Record<string, unknown> = {};
  for (const f of HASHED_PAYMENT_FIELDS) if ((payment as Record<string, unknown>)[f] !== undefined) view[f] = (payment as Record<string, unknown>)[f];
  const fk = { ...(payment.fk ?? {}) } as Record<string, unknown>;
  for (const f of UNHASHED_PAYMENT_FK) delete fk[f];
  return storedJson({ ...view, fk }) as object;
}

export const paymentHash = (previousHash: string | null, payment: Partial<Payment>) =>
  chainHash(previousHash, paymentHashView(payment));
