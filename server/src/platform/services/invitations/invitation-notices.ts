/**
 * Who hears about a request, through `kernel.notifier` (live now; stored when notifications become
 * persistent, behind the same call): the company's administrators — members holding
 * kernel.users.manage, through a company role, a god role or a global role — of every new request,
 * and the requester of the decision.
 */
import type { Knex } from 'knex';
import type { CallContext } from '@comptoir/sdk';
import { userDisplayName, type InvitationStatus, type Invitation, type User } from '@comptoir/schemas';
import { Roles, Users } from '../../../entities/platform.ts';
import { P } from '../../permissions.ts';
import { listEntity } from '../../../db/repository.ts';
import { usersOfCompany } from '../users/membership-scope.ts';
import type { Notifier } from '../../../notifications/notifier.ts';
import type { Call } from '../../../plugins/call.ts';

/** The invitations screen of the shell, where requests are decided. */
export const INVITATIONS_SCREEN = '/invitations';

/** Administrators notified per request: a small company has a handful. */
const MAX_ADMINS = 500;

/** Roles (of `companyId`, or global) that let their holders decide requests there. */
async function deciderRoleIds(ctx: CallContext, companyId: string): Promise<string[]> {
  const roles = ctx.unscoped(Roles);
  const candidates = [...await roles.findMany({ 'fk.company': companyId }), ...await roles.findMany({ mode: 'global' })];
  return candidates.filter((r) => r.god || r.permissions.includes(P.usersManage)).map((r) => r._id);
}

/** Members of `companyId` who may decide its requests. */
export async function companyDeciders(ctx: CallContext, companyId: string): Promise<string[]> {
  const roleIds = await deciderRoleIds(ctx, companyId);
  if (roleIds.length === 0) return [];
  const db = ctx.resolve<Call>('call').opts.db as Knex;
  // `roles` is a JSON list of 24-hex ids: a quoted id cannot match anything but that id
  const page = await listEntity<User>(db, Users, { pagination: { quantity: MAX_ADMINS } }, (qb) => {
    usersOfCompany(db, companyId)(qb);
    qb.where((w) => { for (const id of roleIds) w.orWhere(`${Users.table}.roles`, 'like', `%"${id}"%`); });
  });
  return page.data.map((u) => u._id);
}

/** « Marie Dupont (marie@exemple.fr) », or the e-mail alone. */
export function requesterLabel(request: Pick<InvitationStatus, 'userEmail' | 'providedInformation'>): string {
  const name = userDisplayName(request.providedInformation ?? {});
  return name ? `${name} (${request.userEmail})` : request.userEmail;
}

/** To the administrators, in the invitation's company (`ctx` acts there). */
export async function noticeNewRequest(ctx: CallContext, request: InvitationStatus, inv: Invitation): Promise<void> {
  const admins = (await companyDeciders(ctx, inv.fk.company)).filter((id) => id !== request.fk.user);
  if (admins.length === 0) return;
  const who = requesterLabel(request);
  const pending = request.status === 'pending';
  await ctx.resolve<Notifier>('notifier').notify(admins, pending
    ? {
      title: 'Nouvelle demande d’accès',
      content: `${who} demande à rejoindre l’entreprise avec l’invitation « ${inv.name} ».${request.description ? `\nMessage : ${request.description}` : ''}`,
      style: 'info',
      choices: [{ title: 'Voir les demandes', url: INVITATIONS_SCREEN, urlMode: 'navigate' }],
      liveOnly: false,
    }
    : {
      title: 'Nouveau membre',
      content: `${who} a rejoint l’entreprise avec l’invitation « ${inv.name} ».`,
      style: 'success',
      liveOnly: false,
    });
}

/** To the requester: accepted, in the company they joined (where their sockets will be). */
export async function noticeAccepted(ctx: CallContext, request: InvitationStatus, companyName: string): Promise<void> {
  await ctx.resolve<Notifier>('notifier').notify([request.fk.user], {
    title: 'Demande acceptée',
    content: `Bienvenue chez ${companyName} : votre demande d’accès a été acceptée.`,
    style: 'success',
    // kept: the new member has no screen open in that company yet, and finds it under the bell
    liveOnly: false,
  });
}

/** To the requester: rejected, in a company they belong to (`ctx` acts there). */
export async function noticeRejected(ctx: CallContext, request: InvitationStatus, companyName: string): Promise<void> {
  await ctx.resolve<Notifier>('notifier').notify([request.fk.user], {
    title: 'Demande refusée',
    content: `Votre demande pour rejoindre ${companyName} n’a pas été acceptée.`,
    style: 'warning',
    liveOnly: false,
  });
}
