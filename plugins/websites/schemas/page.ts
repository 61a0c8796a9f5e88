/**
 * Page layouts, stored blocks and block previews (spec 001 §3 « PageLayout », « BlockType »,
 * « Block », « BlockPreview »). Block types are not stored: the built-in catalogue (spec §9) and
 * the blocks other plugins contribute (`websiteBlocks` of the SDK) are served by
 * `GET /api/websites/block-types`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Str, Text } from '@comptoir/schemas';
import { DisplaySettings } from './display.ts';
import { BLOCK_TYPE_PATTERN, LayoutTree } from './layout.ts';

export const PageLayout = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  contents: LayoutTree(),
  displaySettings: Type.Optional(DisplaySettings),
}, { company: Id(), group: Type.Optional(Id()) });
export type PageLayout = Static<typeof PageLayout>;

/** A block kept apart from any page: drawn in the `location` of every layout its display settings allow. */
export const Block = Entity({
  type: Type.String({ pattern: BLOCK_TYPE_PATTERN, maxLength: 120 }),
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  location: Type.Optional(Str()),
  position: Type.Integer({ default: 0 }),
  settings: Type.Record(Type.String(), Type.Unknown(), { default: {} }),
  displaySettings: Type.Optional(DisplaySettings),
}, { company: Id() });
export type Block = Static<typeof Block>;

/** A block drawn alone for the editor's preview; `lastAccess` lets old previews be purged. */
export const BlockPreview = Entity({
  lastAccess: DateTime(),
  block: Type.Object({
    type: Type.String({ pattern: BLOCK_TYPE_PATTERN, maxLength: 120 }),
    settings: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { default: {} })),
  }, { additionalProperties: false }),
}, { company: Id(), website: Type.Optional(Id()) });
export type BlockPreview = Static<typeof BlockPreview>;

/** A block type as `GET /block-types` answers it (the editor's palette). */
export interface BlockTypeView {
  identifier: string;
  name: string;
  description?: string;
  category: string;
  params: unknown[];
  /** `websites` for the built-in catalogue, else the contributing plugin */
  plugin: string;
}
