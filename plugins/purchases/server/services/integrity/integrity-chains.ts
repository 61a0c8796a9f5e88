/**
 * Purchases' payment chains on the platform's point `kernel.integrity-chains`
 * (sdk/src/integrity-chains.ts): the platform verifies them with every other chain
 * (`GET /api/kernel/integrity`, `npm run verify-integrity`), so the accounting screen shows them
 * although invoicing knows nothing of them. Guarded by invoicing's « Consulter la comptabilité »,
 * as `GET /api/purchases/integrity` (a permission name, not a dependency: without invoicing only
 * god roles see these chains there; the command sees everything).
 */
import { contribute, integrityChains } from '@comptoir/sdk';
import { CHAINS } from '../payments/payments.ts';
import { INTEGRITY_PAGE_SIZE, verifyIntegrity } from './integrity.ts';

export const ACCOUNTING_READ = 'invoicing.accounting.read';

export const integrityContributions = [
  contribute(integrityChains, {
    key: 'payments', label: 'Paiements fournisseurs', order: 200, permission: ACCOUNTING_READ,
    verify: (ctx) => verifyIntegrity(ctx, INTEGRITY_PAGE_SIZE, [CHAINS.purchase]),
  }),
  contribute(integrityChains, {
    key: 'external-payments', label: 'Paiements des achats en ligne', order: 210, permission: ACCOUNTING_READ,
    verify: (ctx) => verifyIntegrity(ctx, INTEGRITY_PAGE_SIZE, [CHAINS.externalPurchase]),
  }),
];
