/**
 * /api/kernel/groups (read: any member; write: kernel.groups.manage): the groups of the active
 * company, a tree per collection (`pluginIdentifier`), and /api/kernel/group-settings, the mode,
 * maxDepth and multi of each collection's groups. The rules live in ../services/groups/groups.ts.
 */
import { Type } from '@sinclair/typebox';
import { crudRoutes, route, type RouteDefinition } from '@comptoir/sdk';
import { GroupCreateInput, GroupPluginSettingInput, GroupUpdateInput, PluginIdentifier } from '@comptoir/schemas';
import { Groups, GroupSettings } from '../../entities/platform.ts';
import { P } from '../permissions.ts';
import { createGroup, groupableCollections, groupTree, removeGroup, saveSettings, updateGroup } from '../services/groups/groups.ts';

type Body = Record<string, unknown>;

const crud = crudRoutes(Groups, { write: P.groupsManage, create: GroupCreateInput, update: GroupUpdateInput }).map((r): RouteDefinition => {
  const path = `/kernel${r.path}`;
  if (r.method === 'POST') return { ...r, path, handler: (req) => createGroup(req, req.body as Body) };
  if (r.method === 'PUT') return { ...r, path, summary: 'Modifier (renommer, colorer, déplacer) un groupe', handler: (req) => updateGroup(req, req.params.id, req.body as Body) };
  if (r.method === 'DELETE') return { ...r, path, summary: 'Supprimer un groupe sans sous-groupe', handler: async (req) => { await removeGroup(req, req.params.id); return null; } };
  return { ...r, path };
});

export const groupRoutes: RouteDefinition[] = [
  // before `/groups/:id`, which would read « tree » as an id
  route({
    method: 'GET', path: '/kernel/groups/tree', query: Type.Object({ pluginIdentifier: Type.Optional(PluginIdentifier()) }),
    summary: 'Arbre des groupes d’une collection (avec ses réglages), ou de toutes',
    handler: (req) => groupTree(req, req.query.pluginIdentifier),
  }),
  route({
    method: 'GET', path: '/kernel/groups/collections', summary: 'Collections dont les éléments peuvent être groupés',
    handler: (req) => ({ data: groupableCollections(req) }),
  }),
  ...crud,
  route({
    method: 'GET', path: '/kernel/group-settings', summary: 'Réglages enregistrés des groupes, par collection',
    handler: (req) => req.repo(GroupSettings).list(req.query as never),
  }),
  route({
    method: 'PUT', path: '/kernel/group-settings', permission: P.groupsManage, body: GroupPluginSettingInput,
    summary: 'Régler les groupes d’une collection (mode, maxDepth, multi)',
    handler: (req) => saveSettings(req, req.body),
  }),
];
