/**
 * Invoicing's hash chains on the platform's point `kernel.integrity-chains` (sdk/src/integrity-chains.ts):
 * one entry per chain, so the « Intégrité » screen and `npm run verify-integrity` name the chain
 * that is broken and show the others whole. Guarded by « Consulter la comptabilité », as
 * `GET /api/invoicing/integrity`.
 */
import { contribute, integrityChains } from '@comptoir/sdk';
import { ACCOUNTING_READ } from '../../permissions.ts';
import { CHAINS, INTEGRITY_PAGE_SIZE, verifyIntegrity } from './integrity.ts';

const chain = (kind: string) => CHAINS.filter((c) => c.kind === kind);

export const integrityContributions = [
  contribute(integrityChains, {
    key: 'invoices', label: 'Factures et avoirs', order: 100, permission: ACCOUNTING_READ,
    verify: (ctx) => verifyIntegrity(ctx, INTEGRITY_PAGE_SIZE, chain('invoice')),
  }),
  contribute(integrityChains, {
    key: 'payments', label: 'Paiements clients', order: 110, permission: ACCOUNTING_READ,
    verify: (ctx) => verifyIntegrity(ctx, INTEGRITY_PAGE_SIZE, chain('payment')),
  }),
];
