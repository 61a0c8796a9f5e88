/**
 * Every hash chain of the active company, verified in one place (`GET /api/kernel/integrity`,
 * `npm run verify-integrity`): the chains the plugins contribute to `kernel.integrity-chains`
 * (sdk/src/integrity-chains.ts), each walked in its contributor's own context.
 *
 * A verifier that throws (a bug, a table it cannot read) does not take the others down, but its
 * chain is not vouched for either: it answers `valid: false` with a French sentence, and the
 * overall answer is not valid. Saying « intact » about a chain nobody could read would be a lie.
 */
import { integrityChains, type CallContext, type Contributed, type IntegrityChain, type IntegrityChainView, type IntegrityView } from '@comptoir/sdk';

export const CHAIN_FAILED = 'La vérification de cette chaîne n’a pas pu aboutir. Réessayez plus tard ; si cela persiste, prévenez votre administrateur.';
const DEFAULT_ORDER = 500;

/** The contributions the caller may see: no permission asked, or held (god roles hold everything). */
export function visibleChains(ctx: CallContext): Contributed<IntegrityChain>[] {
  const list = ctx.contributions(integrityChains).filter((c) => !c.value.permission || ctx.can(c.value.permission));
  // stable: equal orders keep the registry's (dependency) order
  return list.sort((a, b) => (a.value.order ?? DEFAULT_ORDER) - (b.value.order ?? DEFAULT_ORDER));
}

export async function verifyOne(c: Contributed<IntegrityChain>): Promise<IntegrityChainView> {
  const id = `${c.plugin}.${c.value.key}`;
  const base = { id, plugin: c.plugin, label: c.value.label };
  try {
    const r = await c.value.verify(c.ctx);
    return { ...base, valid: r.valid && r.firstBroken === null, checked: r.checked, firstBroken: r.firstBroken };
  } catch (err) {
    c.ctx.log.error({ err, chain: id }, `integrity chain ${id} could not be verified`);
    return { ...base, valid: false, checked: 0, firstBroken: null, error: CHAIN_FAILED };
  }
}

/** The chains given (all the caller may see by default), one after the other: they share the call's transaction. */
export async function verifyChains(ctx: CallContext, list = visibleChains(ctx)): Promise<IntegrityView> {
  const chains: IntegrityChainView[] = [];
  for (const c of list) chains.push(await verifyOne(c));
  return { valid: chains.every((c) => c.valid), checked: chains.reduce((n, c) => n + c.checked, 0), chains };
}
