/**
 * The items service: what the routes call, and what the plugins depending on « Catalogue » resolve
 * as `catalogue.items` (get, findByIds, list, incrementSales).
 */
import { badRequest, type CallContext, type ListParams, type ListResult } from '@comptoir/sdk';
import { toDecimal, toNumber } from '@comptoir/sdk/commerce';
import type { CatalogueItem, CatalogueItemCreateInput, CatalogueItemUpdateInput } from '../../../schemas/index.ts';
import { Items } from '../../entities.ts';
import { completePrices } from './prices.ts';

export function itemsService(ctx: CallContext) {
  const repo = () => ctx.repo(Items);
  return {
    /** an item of the active company (404 « Article introuvable. » otherwise) */
    get: (id: string): Promise<CatalogueItem> => repo().get(id),

    /** the items of the active company among these ids; unknown or foreign ids are left out */
    findByIds: (ids: string[]): Promise<CatalogueItem[]> => repo().findByIds(ids),

    /** a page of the active company's items (the invoicing demo looks its items up by name) */
    list: (params: ListParams): Promise<ListResult<CatalogueItem>> => repo().list(params),

    async create(input: CatalogueItemCreateInput): Promise<CatalogueItem> {
      return repo().create({ ...input, ...completePrices(null, input) });
    },

    async update(id: string, changes: CatalogueItemUpdateInput): Promise<CatalogueItem> {
      const stored = await repo().get(id);
      return repo().update(id, { ...changes, ...completePrices(stored, changes) });
    },

    /**
     * Adds `by` (a sold quantity: decimal, negative for a credit note) to the item's salesCount.
     * Called by invoicing inside its own transaction; the count is kept exact to 4 decimals.
     */
    async incrementSales(id: string, by: number): Promise<CatalogueItem> {
      if (typeof by !== 'number' || !Number.isFinite(by)) {
        throw badRequest('La quantité vendue doit être un nombre.', [{ field: 'by', message: 'nombre attendu' }]);
      }
      const item = await repo().get(id);
      if (by === 0) return item;
      const salesCount = toNumber((toDecimal(item.salesCount) ?? toDecimal(0)!).plus(toDecimal(by)!).toDecimalPlaces(4));
      return repo().update(id, { salesCount });
    },
  };
}

export type ItemsService = ReturnType<typeof itemsService>;
