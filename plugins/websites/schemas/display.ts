/**
 * Where a stored block or a layout is shown (spec 001 §3 « DisplaySettings »). Each show mode is
 * `default` (no condition on that axis), `include` (only the listed websites / menu items / paths)
 * or `exclude` (all but them); the spec names only the default, the two others are ours.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Str, StrEnum } from '@comptoir/schemas';

export const SHOW_MODES = ['default', 'include', 'exclude'] as const;
const ShowMode = Type.Optional(StrEnum(SHOW_MODES, { default: 'default' }));

export const DisplaySettings = Type.Object({
  websiteShowMode: ShowMode,
  menuItemShowMode: ShowMode,
  pathShowMode: ShowMode,
  /** the layout locations (`header`, `footer`…) it is drawn in */
  locations: Type.Optional(Type.Array(Str(), { default: [], maxItems: 50 })),
  /** path prefixes (`/blog`) for pathShowMode */
  paths: Type.Optional(Type.Array(Type.String({ pattern: '^/', maxLength: 255 }), { default: [], maxItems: 100 })),
  position: Type.Optional(Type.Integer({ default: 0 })),
  enabled: Type.Optional(Type.Boolean({ default: false })),
  fk: Type.Optional(Type.Object({
    websites: Type.Optional(Type.Array(Id(), { default: [], maxItems: 100 })),
    menuItems: Type.Optional(Type.Array(Id(), { default: [], maxItems: 500 })),
  }, { additionalProperties: false, default: {} })),
}, { additionalProperties: false });
export type DisplaySettings = Static<typeof DisplaySettings>;
