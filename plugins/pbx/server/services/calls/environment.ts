/**
 * What the routing steps read (routing/steps.ts `StepEnv`), over this plugin's repositories and the
 * contacts plugin's services, for one request: read once, kept for the request.
 */
import type { CallContext } from '@comptoir/sdk';
import type { TimeOfYear } from '../../../schemas/index.ts';
import { NumberLists, PlayLists, PrePickupChoices, TimesOfYear, Users } from '../../entities.ts';
import type { Identified, StepEnv } from '../routing/steps.ts';
import { contacts, customers } from '../deps.ts';

export function stepEnvironment(ctx: CallContext): StepEnv {
  let periods: Promise<TimeOfYear[]> | null = null;
  return {
    async identify(number: string): Promise<Identified> {
      const [cs, ps] = await Promise.all([customers(ctx).findByPhone(number), contacts(ctx).findByPhone(number)]);
      const groups = new Set<string>();
      for (const r of [...cs, ...ps]) for (const g of (r.fk as { groups?: string[] }).groups ?? []) groups.add(g);
      const first = cs[0] ?? ps[0];
      const name = first ? String((first as { displayName?: string }).displayName || (first as { name?: string }).name || '') : undefined;
      return { customers: cs.map((c) => c._id), contacts: ps.map((c) => c._id), groups: [...groups], ...(name ? { name } : {}) };
    },
    numberLists: async (ids) => (ids.length ? ctx.repo(NumberLists).findByIds(ids) : []),
    playlist: (id) => ctx.repo(PlayLists).find(id),
    timesOfYear: () => (periods ??= ctx.repo(TimesOfYear).findMany({ enabled: true })),
    async sipUsers(ids) {
      if (!ids.length) return { endpoints: [], users: [] };
      const found = await ctx.repo(Users).findByIds(ids);
      return { endpoints: found.map((u) => u.username), users: found.flatMap((u) => (u.fk.user ? [u.fk.user] : [])) };
    },
    async prePickupChoice(asteriskId) {
      const all = await ctx.repo(PrePickupChoices).findMany({ requestId: asteriskId });
      return all.length ? all[all.length - 1] : null;
    },
  };
}
