/**
 * The contract of « Questionnaires » for other plugins: import it as `@comptoir/plugin-surveys/contract`
 * and resolve with `ctx.use(surveysServices.items)` after declaring `"dependsOn": { "surveys": … }`.
 * Types and ids only: importing it runs none of this plugin's code.
 */
import { defineServiceRef } from '@comptoir/sdk';
import type { Item } from './schemas/index.ts';

/** An item as other plugins receive it: the type of its schema (schemas/), never re-declared. */
export type SurveysItem = Item;

/** `surveys.items` */
export interface SurveysItemsService {
  /** an item of the active company (404 otherwise) */
  get(id: string): Promise<SurveysItem>;
  /** archives it once (409 the second time), in the caller's transaction */
  archive(id: string): Promise<SurveysItem>;
}

export const surveysServices = {
  items: defineServiceRef<SurveysItemsService>('surveys.items'),
} as const;
