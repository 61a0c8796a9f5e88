/**
 * A named set of permissions (schemas README « Role »). A company role belongs to one company
 * (`fk.company`); a global role has no company. A god role holds every permission.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Nullable, Str } from '../kinds.ts';
import { createInput, updateInput } from './input.ts';
import { PermissionMode } from './permission.ts';
import { withDefault } from './with-default.ts';

export const Role = Entity({
  name: Str({ minLength: 1 }),
  /** permission sysNames */
  permissions: Type.Array(Str({ minLength: 1 }), { default: [] }),
  mode: PermissionMode({ default: 'company' }),
  god: Type.Boolean({ default: false }),
}, {
  company: withDefault(Nullable(Id()), null),
});
export type Role = Static<typeof Role>;

/** fk.company comes from the active company at creation; a role never changes company. */
export const RoleCreateInput = createInput(Role, { required: ['name'] });
export type RoleCreateInput = Static<typeof RoleCreateInput>;
export const RoleUpdateInput = updateInput(Role, { serverManaged: ['fk'] });
export type RoleUpdateInput = Static<typeof RoleUpdateInput>;
