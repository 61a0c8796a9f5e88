/**
 * A permission (schemas README « Permission »). Plugins declare them in code (`Permission`, a plain object in
 * their definePlugin); the kernel keeps the catalogue of declared permissions in a table
 * (`PermissionEntity`) so that roles can be edited against it. The catalogue is rewritten from the
 * declarations at boot, hence no create or update body.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Str, Text } from '../kinds.ts';
import { StrEnum } from './str-enum.ts';

/** company: granted within one company; global: across the server. */
export const PERMISSION_MODES = ['company', 'global'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];
export const PermissionMode = (o: { default?: PermissionMode } = {}) => StrEnum(PERMISSION_MODES, o);

const permissionFields = {
  category: Str(),
  /** the stable identifier roles list, e.g. `invoicing.invoices.write` */
  sysName: Str({ minLength: 1 }),
  /** French label shown in the role editor */
  name: Str(),
  description: Type.Optional(Text()),
  mode: PermissionMode({ default: 'company' }),
};

export const Permission = Type.Object(permissionFields, { additionalProperties: false });
export type Permission = Static<typeof Permission>;

export const PermissionEntity = Entity(permissionFields, {});
export type PermissionEntity = Static<typeof PermissionEntity>;
