/**
 * The kernel groups (`kernel.groups`) that customers, providers and contacts hold in `fk.groups`:
 * checked when a record is written (each a group of the company and of that collection, only one
 * when the collection's groups are not `multi`), forgotten when the group is deleted.
 */
import { kernelServices, type CallContext, type Repository } from '@comptoir/sdk';
import { Contacts, Customers, PLUGIN_ID, Providers } from '../../entities.ts';

export type GroupedKind = 'customer' | 'provider' | 'contact';

/** The collection a kind's groups belong to, as the kernel names it: `contacts.customers`. */
export const groupCollection = (kind: GroupedKind) => `${PLUGIN_ID}.${kind}s`;

export function groupLinks(ctx: CallContext) {
  return {
    /** 400 naming `fk.groups.N` for a wrong group; nothing to check when `fk.groups` is not sent */
    async check(kind: GroupedKind, body: { fk?: { groups?: string[] } }): Promise<void> {
      await ctx.use(kernelServices.groups).check(groupCollection(kind), body.fk?.groups);
    },

    /** After `kernel.group.deleted`: the records of the company that held the group lose it. */
    async forget(groupId: string): Promise<number> {
      let changed = 0;
      const repos = [ctx.repo(Customers), ctx.repo(Providers), ctx.repo(Contacts)] as Repository<{ _id: string; fk: { groups: string[] } }>[];
      for (const repo of repos) {
        for (const r of await repo.findMany({})) {
          if (!r.fk.groups.includes(groupId)) continue;
          await repo.update(r._id, { fk: { groups: r.fk.groups.filter((g) => g !== groupId) } });
          changed++;
        }
      }
      return changed;
    },
  };
}
