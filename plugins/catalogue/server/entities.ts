/** The entity of the « Catalogue » plugin: the catalogue item (schema in @comptoir/schemas). */
import { defineEntity } from '@comptoir/sdk';
import { CatalogueItem } from '@comptoir/schemas';

export const PLUGIN_ID = 'catalogue';

/** Columns: see migrations/20261122015700_init.ts. */
export const Items = defineEntity({
  plugin: PLUGIN_ID,
  name: 'items',
  table: 'catalogue_items',
  schema: CatalogueItem,
  companyScoped: true,
  label: 'article',
});
