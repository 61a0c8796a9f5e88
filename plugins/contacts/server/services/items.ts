/** The items service: what the routes and the plugins depending on « Contacts » call. */
import type { CallContext } from '@comptoir/sdk';
import { Items, type Item } from '../entities.ts';
import { ITEM_ARCHIVED } from '../events.ts';
import { archiveChanges } from './archiving.ts';

/** The kernel's live notifications (`kernel.notifier`, every plugin may resolve it). */
interface Notifier {
  notify(to: string[] | 'company', notification: { title: string; content?: string; style?: string }): Promise<unknown>;
}

export function itemsService(ctx: CallContext) {
  const repo = () => ctx.repo(Items);
  return {
    /** an item of the active company (404 otherwise) */
    get: (id: string): Promise<Item> => repo().get(id),

    /**
     * Archives an item once, publishes `contacts.item.archived` and tells the company's open
     * sessions, live; both only after commit (nothing is sent for a rolled-back call).
     */
    async archive(id: string): Promise<Item> {
      const item = await repo().get(id);
      const archived = await repo().update(id, archiveChanges(item, ctx.now));
      ctx.emit(ITEM_ARCHIVED, { _id: id });
      await ctx.resolve<Notifier>('kernel.notifier').notify('company', {
        title: 'Élément archivé', content: `« ${item.name} » a été archivé.`, style: 'info',
      });
      return archived;
    },
  };
}

export type ItemsService = ReturnType<typeof itemsService>;
