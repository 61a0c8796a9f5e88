/**
 * /api/kernel/invitations: the invitations of the active company, for those who manage its
 * members (kernel.users.manage: an invitation grants roles). The link's key is answered by the
 * creation and by `POST …/:id/key` (a new link; the old one stops working), never stored in clear.
 */
import { Type } from '@sinclair/typebox';
import type Koa from 'koa';
import { badRequest, conflict, reply, route, type KernelMailer, type ListParams, type RequestContext, type RouteDefinition } from '@comptoir/sdk';
import {
  Email, InvitationCreateInput, InvitationKey, InvitationUpdateInput, invitationPath, userDisplayName,
  type Company, type Invitation, type User,
} from '@comptoir/schemas';
import { Companies, InvitationRequests, Invitations, Roles, SmtpSettingsEntity, Users } from '../../entities/platform.ts';
import { assertMayHandOut, type Refusal } from '../services/users/grant-check.ts';
import { P } from '../permissions.ts';
import { assertCompanyRoles, assertMaxUsage, drawKey, grantedRoles, keyHashOf, lockInvitation } from '../services/invitations/invitations.ts';
import { invitationMail } from '../../mail/templates.ts';
import type { Config } from '../../config.ts';

const toInvite: Refusal = (name) => `Vous ne pouvez pas inviter avec le rôle « ${name} »`;
const toChange: Refusal = (name) => `Vous ne pouvez pas modifier une invitation qui donne le rôle « ${name} »`;
const toRenewLink: Refusal = (name) => `Vous ne pouvez pas créer un nouveau lien pour une invitation qui donne le rôle « ${name} »`;
const toSend: Refusal = (name) => `Vous ne pouvez pas envoyer une invitation qui donne le rôle « ${name} »`;

/**
 * Whoever changes an invitation, draws its new link or sends it decides who gets its roles: they
 * must be able to give every one of them (server/src/platform/README.md « Granting rights »).
 * Otherwise a holder of « Gérer les utilisateurs » could take an invitation an administrator made
 * for « Administrateur », switch off its manual checking, draw a new link and join with it.
 */
async function assertMayHandOutAll(req: RequestContext, inv: Invitation, refusal: Refusal): Promise<void> {
  const roles = (await req.unscoped(Roles).findByIds(inv.fk.roles ?? [])).filter((r) => r.fk.company === inv.fk.company);
  await assertMayHandOut(req, roles, refusal);
}

const SendBody = Type.Object({
  key: InvitationKey(),
  emails: Type.Array(Email(), { minItems: 1, maxItems: 50, uniqueItems: true }),
}, { additionalProperties: false });

/** The invitation with its link's key: the only answers that carry it. */
const withKey = (inv: Invitation, key: string) => ({ ...inv, key, path: invitationPath(key) });

/**
 * The address the shell is served at, for links in e-mails: COMPTOIR_PUBLIC_URL when set (the only
 * one a caller cannot choose: in production, set it), else the admin's page origin (browsers send
 * it with every POST), else the address the request came to.
 */
function shellOrigin(req: RequestContext): string {
  const configured = req.resolve<Config>('config').publicUrl;
  if (configured) return configured;
  const origin = req.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  return (req.raw as Koa.Context).origin;
}

export const invitationRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/invitations', permission: P.usersManage, summary: 'Invitations de l’entreprise',
    handler: (req) => req.repo(Invitations).list(req.query as ListParams),
  }),
  route({
    method: 'GET', path: '/kernel/invitations/:id', permission: P.usersManage, summary: 'Une invitation',
    handler: (req) => req.repo(Invitations).get(req.params.id),
  }),
  route({
    method: 'POST', path: '/kernel/invitations', permission: P.usersManage, body: InvitationCreateInput, status: 201,
    summary: 'Créer une invitation (la réponse contient la clé du lien, montrée une fois)',
    async handler(req) {
      await assertCompanyRoles(req, req.body.fk?.roles);
      await assertMayHandOut(req, await req.repo(Roles).findByIds(req.body.fk?.roles ?? []), toInvite);
      const { key, keyHash } = drawKey();
      const created = await req.repo(Invitations).create({ ...req.body, date: req.now.toISOString(), keyHash }) as Invitation;
      return withKey(created, key);
    },
  }),
  route({
    method: 'PUT', path: '/kernel/invitations/:id', permission: P.usersManage, body: InvitationUpdateInput,
    summary: 'Modifier une invitation',
    async handler(req) {
      await req.repo(Invitations).get(req.params.id);
      await assertCompanyRoles(req, req.body.fk?.roles);
      const locked = await lockInvitation(req, req.params.id);
      assertMaxUsage(req.body.maxUsage, locked);
      const added = (req.body.fk?.roles ?? []).filter((id) => !(locked.fk.roles ?? []).includes(id));
      await assertMayHandOut(req, await req.repo(Roles).findByIds(added), toInvite);
      // what it gives before the change, and after it: as for a role, one above the caller's is not theirs to touch
      await assertMayHandOutAll(req, locked, toChange);
      return req.repo(Invitations).update(req.params.id, req.body);
    },
  }),
  route({
    method: 'DELETE', path: '/kernel/invitations/:id', permission: P.usersManage, status: 204,
    summary: 'Supprimer une invitation et ses demandes (les membres entrés restent)',
    async handler(req) {
      await req.repo(Invitations).get(req.params.id);
      // a person using the link at this moment waits, then finds no invitation (404): no request left orphaned
      await lockInvitation(req, req.params.id);
      const requests = req.repo(InvitationRequests);
      for (const r of await requests.findMany({ 'fk.invitation': req.params.id })) await requests.remove(r._id);
      await req.repo(Invitations).remove(req.params.id);
      return reply(204);
    },
  }),
  route({
    method: 'POST', path: '/kernel/invitations/:id/key', permission: P.usersManage,
    summary: 'Nouveau lien : nouvelle clé, l’ancien lien ne fonctionne plus',
    async handler(req) {
      await req.repo(Invitations).get(req.params.id);
      // in line with `send` and the people using the link, which read the key under the same lock
      const locked = await lockInvitation(req, req.params.id);
      await assertMayHandOutAll(req, locked, toRenewLink);
      const { key, keyHash } = drawKey();
      return withKey(await req.repo(Invitations).update(req.params.id, { keyHash }) as Invitation, key);
    },
  }),
  route({
    method: 'POST', path: '/kernel/invitations/:id/send', permission: P.usersManage, body: SendBody,
    summary: 'Envoyer le lien par e-mail (un message par adresse), avec la clé que la création a donnée',
    async handler(req) {
      await req.repo(Invitations).get(req.params.id);
      // a new link drawn meanwhile waits: the mail never carries a key that no longer opens anything
      await lockInvitation(req, req.params.id);
      const inv = await req.repo(Invitations).getRaw(req.params.id) as Invitation;
      await assertMayHandOutAll(req, inv, toSend);
      if (keyHashOf(req.body.key) !== inv.keyHash) {
        throw badRequest('Ce lien n’est plus celui de l’invitation : créez un nouveau lien pour l’envoyer.', [{ field: 'key', message: 'lien remplacé' }]);
      }
      if (!(await req.repo(SmtpSettingsEntity).findOne({}))) {
        throw conflict('Enregistrez d’abord les paramètres du serveur d’envoi de l’entreprise (Entreprise › E-mails).');
      }
      const company = await req.unscoped(Companies).get(inv.fk.company) as Company;
      const sender = await req.unscoped(Users).get(req.caller.userId!) as User;
      const mail = invitationMail({
        companyName: company.name,
        invitationName: inv.name,
        senderName: userDisplayName(sender) || sender.email,
        link: `${shellOrigin(req)}${invitationPath(req.body.key)}`,
        roles: (await grantedRoles(req, inv)).map((r) => r.name),
        manual: inv.manualRequestChecking,
      });
      const mailer = req.resolve<KernelMailer>('mailer');
      for (const to of req.body.emails) await mailer.send({ to, ...mail });
      return { queued: req.body.emails.length, to: req.body.emails };
    },
  }),
];
