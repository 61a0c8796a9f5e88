/** Server settings, activities, the permission catalogue and the plugins of the active company. */
import { Type } from '@sinclair/typebox';
import { route, type RouteDefinition } from '@comptoir/sdk';
import { ServerSettingsUpdateInput, ServerSettingsGlobalPermissions, ServerSettingsUserProps } from '@comptoir/schemas';
import { ServerSettingsEntity, Activities } from '../../entities/platform.ts';
import { P } from '../permissions.ts';
import { getServerSettings } from '../services/companies/server-settings.ts';
import { permissionCatalogue } from '../../auth/permission-catalogue.ts';
import type { LoadedPlugin } from '../../plugins/call.ts';

/** Nested settings are merged into the stored ones, so each flag is optional (a form sends one). */
const ServerSettingsBody = Type.Object({
  ...ServerSettingsUpdateInput.properties,
  globalPermissions: Type.Optional(Type.Partial(ServerSettingsGlobalPermissions, { additionalProperties: false })),
  userProps: Type.Optional(Type.Partial(ServerSettingsUserProps, { additionalProperties: false })),
}, { additionalProperties: false });

export const platformRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/server-settings', access: 'user', summary: 'Paramètres du serveur',
    handler: (req) => getServerSettings(req),
  }),
  route({
    method: 'PUT', path: '/kernel/server-settings', access: 'user', permission: P.serverSettingsManage,
    body: ServerSettingsBody, summary: 'Modifier les paramètres du serveur',
    async handler(req) {
      const current = await getServerSettings(req);
      const body = req.body as Record<string, Record<string, unknown> | unknown>;
      // nested settings objects are merged, so a form may send one flag
      const merged: Record<string, unknown> = { ...body };
      for (const k of ['globalPermissions', 'userProps'] as const) {
        if (body[k]) merged[k] = { ...(current[k] as object), ...(body[k] as object) };
      }
      return req.unscoped(ServerSettingsEntity).update(current._id, merged);
    },
  }),
  route({
    method: 'GET', path: '/kernel/activities', permission: P.activitiesRead, summary: 'Journal d’activité de l’entreprise',
    handler: (req) => req.repo(Activities).list(req.query as never),
  }),
  route({
    method: 'GET', path: '/kernel/activities/:id', permission: P.activitiesRead, summary: 'Une activité',
    handler: (req) => req.repo(Activities).get(req.params.id),
  }),
  route({
    method: 'GET', path: '/kernel/permissions', summary: 'Catalogue des permissions déclarées par les plugins',
    handler: (req) => ({ data: permissionCatalogue(req) }),
  }),
  route({
    method: 'GET', path: '/kernel/plugins', summary: 'Plugins, écrans distants et menus de l’entreprise active',
    handler(req) {
      const plugins = req.resolve<Map<string, LoadedPlugin>>('plugins');
      return {
        data: [...plugins.values()].map(({ manifest, def }) => ({
          id: manifest.id,
          version: manifest.version,
          // the shell loads the Module Federation manifest the remote build writes next to its entry
          remote: manifest.client ? `/plugins/${manifest.id}/mf-manifest.json` : null,
          menu: manifest.menu.filter((m) => !m.permission || req.can(m.permission)),
          permissions: (def.permissions ?? []).map((p) => p.sysName),
        })),
      };
    },
  }),
];
