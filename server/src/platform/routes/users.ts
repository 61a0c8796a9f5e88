/**
 * /api/kernel/users: the members of the active company. A user's personal data belongs to the
 * user (only they edit it); the company grants roles and removes members. Adding a person who
 * already has an account goes through an invitation, so that nobody is enrolled without consent.
 */
import { Type } from '@sinclair/typebox';
import { route, reply, badRequest, conflict, forbidden, notFound, type RouteDefinition, type RequestContext } from '@comptoir/sdk';
import { UserCreateInput, UserUpdateInput, Id, type Role, type User } from '@comptoir/schemas';
import type { Knex } from 'knex';
import { Users, Roles, Profiles } from '../../entities/platform.ts';
import { P } from '../permissions.ts';
import { listEntity } from '../../db/repository.ts';
import { usersOfCompany } from '../services/users/membership-scope.ts';
import { createMember, removeMember } from '../services/users/members.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeAfterPasswordChange } from '../services/users/sessions.ts';
import { assertMayHandOut, toGrant, toWithdraw } from '../services/users/grant-check.ts';
import { isId } from '../../util/ids.ts';

const PASSWORD = Type.String({ minLength: 8, maxLength: 1024 });

const CreateBody = Type.Composite([
  Type.Omit(UserCreateInput, ['settings']),
  Type.Object({ password: PASSWORD, roles: Type.Optional(Type.Array(Id(), { maxItems: 100 })) }),
], { additionalProperties: false });

const RolesBody = Type.Object({ roles: Type.Array(Id(), { maxItems: 100 }) }, { additionalProperties: false });
const PasswordBody = Type.Object({ currentPassword: Type.String({ maxLength: 1024 }), newPassword: PASSWORD }, { additionalProperties: false });

async function member(req: RequestContext, id: string): Promise<User> {
  const profile = await req.unscoped(Profiles).findOne({ 'fk.company': req.caller.companyId!, 'fk.user': id });
  if (!profile) throw notFound('Utilisateur introuvable.');
  return req.unscoped(Users).get(id);
}

/**
 * Someone else's account, for the routes only its owner may use: 403 when that person is a member
 * of the active company (visible, not editable), 404 otherwise, as for any object of another company.
 */
async function refuseOther(req: RequestContext, id: string, message: string): Promise<never> {
  const visible = req.caller.companyId
    ? await req.unscoped(Profiles).findOne({ 'fk.company': req.caller.companyId, 'fk.user': id })
    : null;
  if (!visible) throw notFound('Utilisateur introuvable.');
  throw forbidden(message);
}

/** Only roles of the active company may be granted from it. */
async function companyRoles(req: RequestContext, ids: string[]): Promise<Role[]> {
  const found = await req.repo(Roles).findByIds(ids);
  if (found.length !== new Set(ids).size) throw badRequest('Rôle inconnu dans cette entreprise.', [{ field: 'roles', message: 'rôle inconnu' }]);
  return found;
}

/** The roles of the active company `user` holds. */
async function heldCompanyRoles(req: RequestContext, user: User): Promise<Role[]> {
  return req.repo(Roles).findByIds((user.roles ?? []).filter(isId));
}

export const userRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/users', permission: P.usersRead, summary: 'Membres de l’entreprise',
    handler: (req) => listEntity(req.resolve<Knex>('db'), Users, req.query as never, usersOfCompany(req.resolve<Knex>('db'), req.caller.companyId!)),
  }),
  route({
    method: 'GET', path: '/kernel/users/:id', summary: 'Un membre',
    async handler(req) {
      if (req.params.id !== req.caller.userId && !req.can(P.usersRead)) throw forbidden(`Permission requise : ${P.usersRead}.`);
      return member(req, req.params.id);
    },
  }),
  route({
    method: 'POST', path: '/kernel/users', permission: P.usersManage, body: CreateBody, status: 201,
    summary: 'Créer un compte membre de l’entreprise',
    async handler(req) {
      const { password, roles = [], ...data } = req.body as Record<string, unknown> & { password: string; roles?: string[] };
      const email = String(data.email).trim().toLowerCase();
      const users = req.unscoped(Users);
      if (await users.findOne({ email })) throw conflict('Un compte existe déjà avec cette adresse e-mail : invitez cette personne.');
      const grants = await companyRoles(req, roles);
      await assertMayHandOut(req, grants, toGrant);
      return createMember(req, { ...data, email, password: await hashPassword(password) }, req.caller.companyId!, grants.map((r) => r._id));
    },
  }),
  route({
    method: 'PUT', path: '/kernel/users/:id', access: 'user', body: UserUpdateInput, summary: 'Modifier son propre compte',
    async handler(req) {
      if (req.params.id !== req.caller.userId) await refuseOther(req, req.params.id, 'Seul l’utilisateur peut modifier ses informations personnelles.');
      const body = req.body as Record<string, unknown> & { settings?: { activeCompanyId?: string | null }; email?: string };
      const users = req.unscoped(Users);
      const current = await users.get(req.params.id);
      const active = body.settings?.activeCompanyId;
      if (active && !(current.fk.companies ?? []).includes(active)) {
        throw badRequest('Entreprise active inconnue : choisissez une de vos entreprises.', [{ field: 'settings.activeCompanyId', message: 'entreprise inconnue' }]);
      }
      if (body.settings) body.settings = { ...current.settings, ...body.settings };
      if (body.email) {
        body.email = body.email.trim().toLowerCase();
        const other = await users.findOne({ email: body.email });
        if (other && other._id !== current._id) throw conflict('Cette adresse e-mail est déjà utilisée par un autre compte.');
      }
      return users.update(req.params.id, body);
    },
  }),
  route({
    method: 'PUT', path: '/kernel/users/:id/roles', permission: P.usersManage, body: RolesBody,
    summary: 'Rôles d’un membre dans l’entreprise active',
    async handler(req) {
      const user = await member(req, req.params.id);
      const grants = await companyRoles(req, req.body.roles);
      const held = await heldCompanyRoles(req, user);
      const heldIds = new Set(held.map((r) => r._id));
      const grantedIds = new Set(grants.map((r) => r._id));
      // only a change needs the right: sending back a role someone else granted is not granting it
      await assertMayHandOut(req, grants.filter((r) => !heldIds.has(r._id)), toGrant);
      await assertMayHandOut(req, held.filter((r) => !grantedIds.has(r._id)), toWithdraw);
      const kept = (user.roles ?? []).filter((r) => !heldIds.has(r));
      return req.unscoped(Users).update(user._id, { roles: [...kept, ...grantedIds] }, { activityCompanyId: req.caller.companyId });
    },
  }),
  route({
    method: 'POST', path: '/kernel/users/:id/password', access: 'user', body: PasswordBody, summary: 'Changer son mot de passe',
    async handler(req) {
      if (req.params.id !== req.caller.userId) await refuseOther(req, req.params.id, 'Seul l’utilisateur peut changer son mot de passe.');
      const users = req.unscoped(Users);
      const raw = await users.getRaw(req.params.id);
      if (!(await verifyPassword(raw.password, req.body.currentPassword))) {
        throw badRequest('Mot de passe actuel incorrect.', [{ field: 'currentPassword', message: 'incorrect' }]);
      }
      await users.update(req.params.id, { password: await hashPassword(req.body.newPassword) });
      await revokeAfterPasswordChange(req, req.params.id, req.caller.sessionId);
      return reply(204);
    },
  }),
  route({
    method: 'DELETE', path: '/kernel/users/:id', permission: P.usersManage, status: 204, summary: 'Retirer un membre de l’entreprise',
    async handler(req) {
      const user = await member(req, req.params.id);
      await assertMayHandOut(req, await heldCompanyRoles(req, user), (name) => `Vous ne pouvez pas retirer de l’entreprise un membre qui a le rôle « ${name} »`);
      await removeMember(req, req.params.id, req.caller.companyId!);
      return reply(204);
    },
  }),
];
