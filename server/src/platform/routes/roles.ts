/**
 * /api/kernel/roles: roles of the active company; permissions must exist in the catalogue, and
 * nobody puts in a role what they do not hold (services/users/grant-rules.ts).
 */
import { Type } from '@sinclair/typebox';
import { route, reply, badRequest, conflict, type RouteDefinition, type RequestContext } from '@comptoir/sdk';
import { Str } from '@comptoir/schemas';
import { Roles, Users, Profiles } from '../../entities/platform.ts';
import { P } from '../permissions.ts';
import { permissionCatalogue } from '../../auth/permission-catalogue.ts';
import { assertMayChangeRole, assertMayGive } from '../services/users/grant-check.ts';
import { reachOf } from '../services/users/grant-rules.ts';

const RoleBody = Type.Object({
  name: Str({ minLength: 1 }),
  permissions: Type.Optional(Type.Array(Str({ minLength: 1 }), { maxItems: 500 })),
  god: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
const RolePatch = Type.Partial(RoleBody, { additionalProperties: false });

function checkPermissions(req: RequestContext, names: string[] | undefined) {
  if (!names) return;
  const known = new Map(permissionCatalogue(req).map((p) => [p.sysName, p]));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) throw badRequest(`Permission inconnue : ${unknown.join(', ')}.`, [{ field: 'permissions', message: 'permission inconnue' }]);
  const global = names.filter((n) => known.get(n)?.mode === 'global');
  if (global.length) throw badRequest(`Permission réservée aux rôles du serveur : ${global.join(', ')}.`, [{ field: 'permissions', message: 'permission globale' }]);
}

export const roleRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/roles', permission: P.usersRead, summary: 'Rôles de l’entreprise',
    handler: (req) => req.repo(Roles).list(req.query as never),
  }),
  route({
    method: 'GET', path: '/kernel/roles/:id', permission: P.usersRead, summary: 'Un rôle',
    handler: (req) => req.repo(Roles).get(req.params.id),
  }),
  route({
    method: 'POST', path: '/kernel/roles', permission: P.rolesManage, body: RoleBody, status: 201, summary: 'Créer un rôle',
    async handler(req) {
      checkPermissions(req, req.body.permissions);
      await assertMayGive(req, reachOf([req.body]));
      return req.repo(Roles).create({ ...req.body, mode: 'company' });
    },
  }),
  route({
    method: 'PUT', path: '/kernel/roles/:id', permission: P.rolesManage, body: RolePatch, summary: 'Modifier un rôle',
    async handler(req) {
      checkPermissions(req, req.body.permissions);
      // its holders get the change: what it gave and what it will give must both be the caller's
      const role = await req.repo(Roles).get(req.params.id);
      await assertMayChangeRole(req, role);
      await assertMayGive(req, reachOf([{ god: req.body.god ?? role.god, permissions: req.body.permissions ?? role.permissions }]));
      return req.repo(Roles).update(req.params.id, req.body as Record<string, unknown>);
    },
  }),
  route({
    method: 'DELETE', path: '/kernel/roles/:id', permission: P.rolesManage, summary: 'Supprimer un rôle non attribué',
    async handler(req) {
      const role = await req.repo(Roles).get(req.params.id);
      const holders = await countHolders(req, role._id);
      if (holders > 0) throw conflict(`Ce rôle est attribué à ${holders} utilisateur(s) : retirez-le d’abord.`);
      await req.repo(Roles).remove(role._id);
      return reply(204);
    },
  }),
];

/** Role grants live in the users' JSON `roles`; members of the company are few enough to scan. */
async function countHolders(req: RequestContext, roleId: string): Promise<number> {
  const profiles = await req.unscoped(Profiles).findMany({ 'fk.company': req.caller.companyId! });
  const users = await req.unscoped(Users).findByIds(profiles.map((p) => p.fk.user));
  return users.filter((u) => (u.roles ?? []).includes(roleId)).length;
}
