/**
 * `kernel.accounting`: the accounting entries every loaded plugin contributes for a period
 * (`definePlugin({ journalEntries })`), so that the FEC export of invoicing also holds what
 * purchases, POS or banking record without invoicing depending on them. Each plugin is called in
 * its own context (its own repositories, the caller's company and transaction), in dependency
 * order; each entry is tagged with the plugin's id.
 */
import { badRequest, type AccountingPeriod, type CallContext, type ContributedEntry, type KernelAccounting } from '@comptoir/sdk';
import type { Call, LoadedPlugin } from '../../plugins/call.ts';

export function accounting(ctx: CallContext): KernelAccounting {
  return {
    async journalEntries(period: AccountingPeriod): Promise<ContributedEntry[]> {
      if (!ctx.caller.companyId) throw badRequest('Aucune entreprise active : précisez l’en-tête AT-Company.');
      const call = ctx.resolve<Call>('call');
      const plugins = ctx.resolve<Map<string, LoadedPlugin>>('plugins');
      const out: ContributedEntry[] = [];
      for (const p of plugins.values()) {
        if (!p.def.journalEntries) continue;
        const entries = await p.def.journalEntries(call.context(p.def.id), { ...period });
        for (const entry of entries) out.push({ ...entry, source: p.def.id });
      }
      return out;
    },
  };
}
