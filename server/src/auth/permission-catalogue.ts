/** The permissions every loaded plugin declares, served from code (always in sync with it). */
import type { CallContext, PermissionDefinition } from '@comptoir/sdk';
import type { LoadedPlugin } from '../plugins/call.ts';

export type CataloguedPermission = PermissionDefinition & { mode: 'company' | 'global'; plugin: string };

export function catalogueOf(plugins: Iterable<LoadedPlugin>): CataloguedPermission[] {
  return [...plugins].flatMap((p) =>
    (p.def.permissions ?? []).map((perm) => ({ ...perm, mode: perm.mode ?? 'company', plugin: p.def.id })));
}

export function permissionCatalogue(ctx: CallContext): CataloguedPermission[] {
  return catalogueOf(ctx.resolve<Map<string, LoadedPlugin>>('plugins').values());
}
