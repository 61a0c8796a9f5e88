/**
 * Groups of records and their per-collection settings (platform README « Groups »: Group,
 * GroupPluginSetting; schemas in this file).
 *
 * A group belongs to one company and one `pluginIdentifier`: the collection whose records it
 * groups, written `<plugin>.<collection>` (`contacts.customers`, `catalogue.items`). Groups nest
 * through `fk.parent` (null for a root), within the same company and pluginIdentifier.
 *
 * Decisions (where the spec gives only the field names):
 * - `mode` of a GroupPluginSetting: `tree` (groups nest, at most `maxDepth` levels, a root being
 *   level 1) or `flat` (one level: every group is a root);
 * - `maxDepth`: 1 to 20 levels, 5 by default;
 * - `multi`: whether one record may belong to several groups of that collection (true by default:
 *   a customer may be « Professionnel » and « Fidèle » at once);
 * - `color`: `#rrggbb` (what a colour picker gives), optional.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Nullable, Str, Text } from '../kinds.ts';
import { createInput, updateInput } from './input.ts';
import { StrEnum } from './str-enum.ts';
import { withDefault } from './with-default.ts';

/** `<plugin>.<collection>`, kebab-case parts: `contacts.customers`. */
export const PLUGIN_IDENTIFIER_PATTERN = '^[a-z][a-z0-9-]*\\.[a-z][a-z0-9-]*$';
export const PluginIdentifier = () => Type.String({ pattern: PLUGIN_IDENTIFIER_PATTERN, minLength: 3, maxLength: 100 });

export const GROUP_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';

export const Group = Entity({
  pluginIdentifier: PluginIdentifier(),
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  color: Type.Optional(Type.String({ pattern: GROUP_COLOR_PATTERN, maxLength: 7 })),
}, {
  company: Id(),
  /** the parent group, null for a root */
  parent: withDefault(Nullable(Id()), null),
});
export type Group = Static<typeof Group>;

/** pluginIdentifier is chosen once: the records of that collection hold the group's id. */
export const GroupCreateInput = createInput(Group, { required: ['pluginIdentifier', 'name'] });
export type GroupCreateInput = Static<typeof GroupCreateInput>;
export const GroupUpdateInput = updateInput(Group, { serverManaged: ['pluginIdentifier'] });
export type GroupUpdateInput = Static<typeof GroupUpdateInput>;

export const GROUP_MODES = ['tree', 'flat'] as const;
export type GroupMode = (typeof GROUP_MODES)[number];
export const GROUP_MAX_DEPTH_LIMIT = 20;

export const GroupPluginSetting = Entity({
  pluginIdentifier: PluginIdentifier(),
  mode: StrEnum(GROUP_MODES, { default: 'tree' }),
  maxDepth: Type.Integer({ minimum: 1, maximum: GROUP_MAX_DEPTH_LIMIT, default: 5 }),
  multi: Type.Boolean({ default: true }),
}, {
  company: Id(),
});
export type GroupPluginSetting = Static<typeof GroupPluginSetting>;

/** The settings a collection has before anyone saves them. */
export const DEFAULT_GROUP_SETTINGS = { mode: 'tree', maxDepth: 5, multi: true } as const satisfies Pick<GroupPluginSetting, 'mode' | 'maxDepth' | 'multi'>;

/** PUT /api/kernel/group-settings: the collection, and the settings to change. */
export const GroupPluginSettingInput = Type.Object({
  pluginIdentifier: PluginIdentifier(),
  mode: Type.Optional(StrEnum(GROUP_MODES)),
  maxDepth: Type.Optional(Type.Integer({ minimum: 1, maximum: GROUP_MAX_DEPTH_LIMIT })),
  multi: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type GroupPluginSettingInput = Static<typeof GroupPluginSettingInput>;
