/**
 * The hash chain of inalterable documents (emitted invoices, payments, receipts, Z tickets,
 * archives; docs/architecture.md « Data conventions »): each document's hash covers the previous document's hash and the
 * canonical JSON of its own frozen content, so changing, removing or reordering one breaks every
 * hash after it. Canonical JSON is RFC 8785 (JCS): sorted keys, no whitespace, ECMAScript numbers,
 * so the same content hashes the same on any engine and any machine.
 */
import { createHash } from 'node:crypto';
// json-canonicalize ships CommonJS and ESM: a plugin loaded as CommonJS can still import the SDK
import { canonicalize } from 'json-canonicalize';

/** RFC 8785 canonical JSON. `undefined` members are left out, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    throw new TypeError('canonicalJson: value has no JSON representation');
  }
  return canonicalize(value);
}

/** Hex SHA-256 of (previousHash ?? '') + canonicalJson(frozen): the first document has no previous. */
export function chainHash(previousHash: string | null, frozen: object): string {
  return createHash('sha256').update((previousHash ?? '') + canonicalJson(frozen), 'utf8').digest('hex');
}
