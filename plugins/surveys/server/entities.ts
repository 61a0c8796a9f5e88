/** The entities of the « Questionnaires » plugin: a table and a French label each; the schemas are in schemas/. */
import { defineEntity } from '@comptoir/sdk';
import { Item } from '../schemas/index.ts';

export const PLUGIN_ID = 'surveys';

export const Items = defineEntity({
  plugin: PLUGIN_ID,
  name: 'items',
  table: 'surveys_items',
  schema: Item,
  companyScoped: true,
  label: 'élément',
});
