/** The items service: what the routes and the plugins depending on « Questionnaires » call. */
import type { CallContext } from '@comptoir/sdk';
import type { Item } from '../../../schemas/index.ts';
import { Items } from '../../entities.ts';
import { ITEM_ARCHIVED } from '../../events.ts';
import { notifier } from '../deps.ts';
import { archiveChanges } from './archiving.ts';

export function itemsService(ctx: CallContext) {
  const repo = () => ctx.repo(Items);
  return {
    /** an item of the active company (404 otherwise) */
    get: (id: string): Promise<Item> => repo().get(id),

    /**
     * Archives an item once, publishes `surveys.item.archived` and tells the company's open
     * sessions, live; both only after commit (nothing is sent for a rolled-back call).
     */
    async archive(id: string): Promise<Item> {
      const item = await repo().get(id);
      const archived = await repo().update(id, archiveChanges(item, ctx.now));
      ctx.emit(ITEM_ARCHIVED, { _id: id });
      await notifier(ctx).notify('company', {
        title: 'Élément archivé', content: `« ${item.name} » a été archivé.`, style: 'info',
      });
      return archived;
    },
  };
}

export type ItemsService = ReturnType<typeof itemsService>;
