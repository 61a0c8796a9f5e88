/**
 * Server-wide settings (schemas README « ServerSettings »): who may create companies, who may register, and what
 * companies may do with user properties. The record with `enabled` true is the one in force.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Str } from '../kinds.ts';
import { createInput, updateInput } from './input.ts';

export const ServerSettingsUserProps = Type.Object({
  allowCompaniesToCreatePrivateProps: Type.Boolean({ default: false }),
  allowCompaniesToCreatePrivatePropsWithIndex: Type.Boolean({ default: false }),
  allowCompaniesToCreatePrivatePropsWithFullTextIndex: Type.Boolean({ default: false }),
}, { additionalProperties: false, default: {} });
export type ServerSettingsUserProps = Static<typeof ServerSettingsUserProps>;

export const ServerSettingsGlobalPermissions = Type.Object({
  allowCompanyCreation: Type.Boolean({ default: true }),
  allowUserRegistration: Type.Boolean({ default: false }),
}, { additionalProperties: false, default: {} });
export type ServerSettingsGlobalPermissions = Static<typeof ServerSettingsGlobalPermissions>;

const base = Entity({
  enabled: Type.Boolean({ default: true }),
  name: Str({ default: 'Default' }),
  globalPermissions: ServerSettingsGlobalPermissions,
}, {});

/**
 * The spec names this entity's settings object `userProps`, the same key as the generic bag of
 * user-property values every entity carries: here the key holds the settings object, typed, and
 * stays a JSON column as the generic one would.
 */
export const ServerSettings = Type.Object({
  ...base.properties,
  userProps: ServerSettingsUserProps,
}, { additionalProperties: false });
export type ServerSettings = Static<typeof ServerSettings>;

export const ServerSettingsCreateInput = createInput(ServerSettings, { serverManaged: ['fk'] });
export type ServerSettingsCreateInput = Static<typeof ServerSettingsCreateInput>;
export const ServerSettingsUpdateInput = updateInput(ServerSettings, { serverManaged: ['fk'] });
export type ServerSettingsUpdateInput = Static<typeof ServerSettingsUpdateInput>;
