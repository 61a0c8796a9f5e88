/**
 * Per-user interface state kept by the server (schemas README « UserServerSettings »): not an entity of
 * its own, it travels as one JSON value.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, Str } from '../kinds.ts';
import { withDefault } from './with-default.ts';

/** How a plugin's group tree is browsed. */
export const StandardGroupExplorer = Type.Object({
  pluginId: Str(),
  mode: Str({ default: 'tree' }),
  selectedGroup: withDefault(Nullable(Id()), null),
}, { additionalProperties: false });
export type StandardGroupExplorer = Static<typeof StandardGroupExplorer>;

export const UserServerSettings = Type.Object({
  standardGroupExplorers: Type.Array(StandardGroupExplorer, { default: [] }),
  /** whatever was last copied in the back-office; its shape belongs to the plugin that copied it */
  clipboard: Type.Optional(Type.Unknown()),
  lastWebsitePreviewId: withDefault(Nullable(Id()), null),
}, { additionalProperties: false, default: {} });
export type UserServerSettings = Static<typeof UserServerSettings>;
