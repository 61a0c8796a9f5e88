/**
 * A page's layout tree (spec 001 §3 « PageLayout »): Container (fluid, locationName, style) → Row
 * (cols) → Col (locationName, contents) → Content, a block (type, name, uuid, position, style, main
 * flag, and its settings). Our own format, stored as JSON: the editor maps GrapesJS components to
 * it and back (README « What comes next »), the server renders it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Str } from '@comptoir/schemas';
import { NodeStyle } from './style.ts';

/** `<plugin>.<identifier>` of a contributed block, or the identifier of a built-in block */
export const BLOCK_TYPE_PATTERN = '^([a-z][a-z0-9-]*\\.)?[a-z][a-z0-9-]*$';

export const LayoutContent = Type.Object({
  type: Type.String({ pattern: BLOCK_TYPE_PATTERN, maxLength: 120 }),
  name: Type.Optional(Str()),
  uuid: Str({ minLength: 1 }),
  position: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  style: Type.Optional(NodeStyle),
  /** the page's main content (the article of an article page goes there) */
  main: Type.Optional(Type.Boolean({ default: false })),
  /** the block's settings (checked against its type's params when saved) */
  settings: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { default: {} })),
  /** a stored block (`websites.blocks`) drawn here instead of `settings` */
  blockId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
}, { additionalProperties: false });
export type LayoutContent = Static<typeof LayoutContent>;

export const LayoutCol = Type.Object({
  /** 1–12 columns of the row's grid; absent: equal share */
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  locationName: Type.Optional(Str()),
  style: Type.Optional(NodeStyle),
  contents: Type.Optional(Type.Array(LayoutContent, { default: [], maxItems: 100 })),
}, { additionalProperties: false });
export type LayoutCol = Static<typeof LayoutCol>;

export const LayoutRow = Type.Object({
  style: Type.Optional(NodeStyle),
  cols: Type.Optional(Type.Array(LayoutCol, { default: [], maxItems: 12 })),
}, { additionalProperties: false });
export type LayoutRow = Static<typeof LayoutRow>;

export const LayoutContainer = Type.Object({
  fluid: Type.Optional(Type.Boolean({ default: false })),
  /** a named place (`header`, `footer`, `main`) where stored blocks of that location are drawn */
  locationName: Type.Optional(Str()),
  style: Type.Optional(NodeStyle),
  rows: Type.Optional(Type.Array(LayoutRow, { default: [], maxItems: 100 })),
}, { additionalProperties: false });
export type LayoutContainer = Static<typeof LayoutContainer>;

export const LayoutTree = () => Type.Array(LayoutContainer, { default: [], maxItems: 100 });
export type LayoutTree = LayoutContainer[];
