/** The entity of the « Catalogue » plugin: the catalogue item (schema in the plugin's schemas/). */
import { defineEntity } from '@comptoir/sdk';
import { CatalogueItem } from '../schemas/index.ts';

export const PLUGIN_ID = 'catalogue';

/** Columns: see migrations/20261122015700_init.ts. */
export const Items = defineEntity({
  plugin: PLUGIN_ID,
  name: 'items',
  table: 'catalogue_items',
  schema: CatalogueItem,
  companyScoped: true,
  label: 'article',
  references: { 'fk.groups': 'kernel.groups' },
  /** the spec's `enabled` is the archive flag: an archived article is one no longer offered */
  archive: { field: 'enabled', archivedValue: false, referenced: 'Cet article figure sur des documents (devis, factures, achats…) : archivez-le plutôt. Il ne sera plus proposé, et les documents le garderont.' },
});
