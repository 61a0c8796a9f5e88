/**
 * The platform's extension point for the hash chains of inalterable documents (docs/architecture.md « Data conventions »):
 * every plugin that chains documents (invoices, payments of invoices, payments to suppliers,
 * receipts and Z tickets later) contributes its chains here, and the platform verifies them all in
 * one place: `GET /api/kernel/integrity` (the « Intégrité » screen) and `npm run verify-integrity`.
 * The platform owns the point so that no chain depends on another plugin being installed to be
 * verified (purchases' chains are not invoicing's business).
 */
import { defineExtensionPoint } from './contracts.ts';
import type { CallContext } from './context.ts';
import type { ChainBreak, ChainReport } from './chain-verifier.ts';

/** What a verifier answers: the shape of invoicing's and purchases' `integrity` services. */
export interface IntegrityReport {
  valid: boolean;
  /** documents walked */
  checked: number;
  /** the first broken link, with `message`: what was found, in French */
  firstBroken: (ChainBreak & { message: string }) | null;
  /** the report of each chain walked (a contribution may walk several, e.g. two sources) */
  chains: ChainReport[];
}

export interface IntegrityChain {
  /** unique within the plugin (the chain is known as `<plugin>.<key>`) */
  key: string;
  /** French, what the chain holds: « Factures et avoirs », « Paiements fournisseurs » */
  label: string;
  /** smaller first; plugins 100 and up */
  order?: number;
  /**
   * the permission a member needs to see this chain's result (the one guarding its documents'
   * accounting, e.g. `invoicing.accounting.read`); absent: any member of the company
   */
  permission?: string;
  /** walks the chain in the contributor's context, for the active company, read-only */
  verify(ctx: CallContext): Promise<IntegrityReport>;
}

const KEY = /^[a-z][a-z0-9-]*$/;

export const integrityChains = defineExtensionPoint<IntegrityChain>({
  id: 'kernel.integrity-chains',
  description: 'A hash chain of inalterable documents, verified by the platform with every other chain',
  validate: (c) => {
    if (typeof c.key !== 'string' || !KEY.test(c.key)) return `integrity chain: key « ${String(c.key)} » must be kebab-case`;
    if (typeof c.label !== 'string' || !c.label.trim()) return `integrity chain « ${c.key} »: a French label is required`;
    return typeof c.verify === 'function' ? null : `integrity chain « ${c.key} »: verify(ctx) is required`;
  },
});

// ---------------------------------------------------------------------------------------------
// What `GET /api/kernel/integrity` answers (the screens read it with these types)

export interface IntegrityChainView {
  /** `<plugin>.<key>` */
  id: string;
  plugin: string;
  label: string;
  valid: boolean;
  checked: number;
  /** the first broken link: the document, why (reason), and the French sentence */
  firstBroken: (ChainBreak & { message: string }) | null;
  /** French, when the verification itself failed: the chain counts as not verified (valid: false) */
  error?: string;
}

export interface IntegrityView {
  /** every chain shown is whole (and verified) */
  valid: boolean;
  checked: number;
  chains: IntegrityChainView[];
}
