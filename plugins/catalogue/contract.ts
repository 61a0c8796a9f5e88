/**
 * The contract of « Catalogue » for other plugins (docs/architecture.md « Contracts »). Import it as
 * `@comptoir/plugin-catalogue/contract`; resolve with `ctx.use(catalogueServices.items)` after
 * declaring `"dependsOn": { "catalogue": … }`. Types and ids only.
 */
import { defineServiceRef, type ListParams, type ListResult } from '@comptoir/sdk';
import type { CatalogueItem } from './schemas/index.ts';

/** The entity the service answers (plugin README « Entities »); types only, see docs/architecture.md « Contracts ». */
export type { CatalogueItem } from './schemas/index.ts';

/** `catalogue.items` */
export interface CatalogueItemsService {
  /** an item of the active company (404 « Article introuvable. » otherwise) */
  get(id: string): Promise<CatalogueItem>;
  /** the items of the active company among these ids; unknown or foreign ids are left out */
  findByIds(ids: string[]): Promise<CatalogueItem[]>;
  /** a page of the active company's items, with the list parameters of http README « Lists » (the invoicing demo sells them by name) */
  list(params: ListParams): Promise<ListResult<CatalogueItem>>;
  /** adds a sold quantity (decimal, negative for a credit note) to the item's `salesCount`, in the caller's transaction */
  incrementSales(id: string, by: number): Promise<CatalogueItem>;
}

export const catalogueServices = {
  items: defineServiceRef<CatalogueItemsService>('catalogue.items'),
} as const;
