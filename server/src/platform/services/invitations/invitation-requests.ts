/**
 * Requests to join a company through an invitation (platform README « Invitations »): the public
 * check of a link, a person joining (signed in, or creating their account on the way), and an
 * administrator's decision. Everything a requester does is done in the invitation's company
 * (`inCompany`), with the invitation locked first (`lockInvitation`): the usage counter, « already
 * a member » and « already a pending request » are decided on committed data, one request at a time.
 */
import type { CallContext } from '@comptoir/sdk';
import { badRequest, conflict, unauthenticated } from '@comptoir/sdk';
import type { Company, Invitation, InvitationCheckResponse, InvitationStatus, User } from '@comptoir/schemas';
import { Companies, InvitationRequests, Profiles, Roles, Users } from '../../../entities/platform.ts';
import { assertMayHandOut } from '../users/grant-check.ts';
import { addMember, createMember } from '../users/members.ts';
import { openSession } from '../users/sessions.ts';
import { inCompany } from './invitation-call.ts';
import { findByKey, grantedRoles, lockInvitation, takeUsage, unusableReason } from './invitations.ts';
import { noticeAccepted, noticeNewRequest, noticeRejected, requesterLabel } from './invitation-notices.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { newId } from '../../../util/ids.ts';

const EMAIL_TAKEN = 'Un compte existe déjà avec cette adresse e-mail : connectez-vous pour accepter l’invitation.';

export interface NewAccount { email: string; password: string; firstname?: string; name?: string }

export interface JoinAnswer {
  status: InvitationStatus['status'];
  request: InvitationStatus;
  companyId: string;
  companyName: string;
  /** a new account is signed in at once: its session token, shown once */
  token?: string;
  sessionId?: string;
  user?: User;
}

async function isMember(ctx: CallContext, companyId: string, userId: string): Promise<boolean> {
  return (await ctx.unscoped(Profiles).findOne({ 'fk.company': companyId, 'fk.user': userId })) !== null;
}

/** The person's latest request on this invitation, if any. */
async function latestRequest(ctx: CallContext, invitationId: string, userId: string): Promise<InvitationStatus | null> {
  const all = await ctx.unscoped(InvitationRequests).findMany({ 'fk.invitation': invitationId, 'fk.user': userId });
  return all.at(-1) ?? null;
}

async function companyOf(ctx: CallContext, inv: Invitation): Promise<Company> {
  return ctx.unscoped(Companies).get(inv.fk.company) as Promise<Company>;
}

/** What the public page shows for a link; a signed-in caller also learns where they stand. */
export async function checkInvitation(ctx: CallContext, key: string): Promise<InvitationCheckResponse> {
  const inv = await findByKey(ctx, key);
  const userId = ctx.caller.userId;
  const alreadyInCompany = userId ? await isMember(ctx, inv.fk.company, userId) : false;
  const latest = userId ? await latestRequest(ctx, inv._id, userId) : null;
  // someone with a pending or decided request, or already in, is told where they stand even
  // when the link no longer works for newcomers
  const stands = alreadyInCompany || latest?.status === 'pending' || latest?.status === 'rejected';
  const reason = stands ? null : unusableReason(inv);
  if (reason) throw conflict(reason);
  const company = await companyOf(ctx, inv);
  return {
    invitation: {
      _id: inv._id, name: inv.name, ...(inv.description ? { description: inv.description } : {}), date: inv.date,
      maxUsage: inv.maxUsage, currentUsageCount: inv.currentUsageCount, manualRequestChecking: inv.manualRequestChecking, active: inv.active,
    },
    roles: await grantedRoles(ctx, inv),
    companyId: company._id,
    companyName: company.name,
    alreadyInCompany,
    status: latest?.status ?? null,
    requestId: latest?._id ?? null,
  };
}

/** Refuses a signed-in person who is in, or waits, or was turned down, on this invitation. */
async function assertMayAsk(ctx: CallContext, inv: Invitation, company: Company, userId: string): Promise<void> {
  if (await isMember(ctx, inv.fk.company, userId)) throw conflict(`Vous faites déjà partie de l’entreprise ${company.name}.`);
  const latest = await latestRequest(ctx, inv._id, userId);
  if (latest?.status === 'pending') throw conflict('Votre demande est déjà en attente de validation par l’entreprise.');
  if (latest?.status === 'rejected') {
    throw conflict(`Votre demande pour rejoindre ${company.name} a été refusée : demandez une nouvelle invitation à l’entreprise.`);
  }
}

/** The new account's user, checked before anything is written (the password already hashed). */
async function accountData(ctx: CallContext, account: NewAccount, passwordHash: string): Promise<Record<string, unknown>> {
  const email = account.email.trim().toLowerCase();
  if (await ctx.unscoped(Users).findOne({ email })) {
    throw conflict(EMAIL_TAKEN, [{ field: 'account.email', message: 'déjà utilisée' }]);
  }
  const data: Record<string, unknown> = { email, password: passwordHash };
  if (account.firstname?.trim()) data.firstname = account.firstname.trim();
  if (account.name?.trim()) data.name = account.name.trim();
  return data;
}

/**
 * The same address registered at the same instant through two links (two invitations are two
 * locks): the unique index refuses the second, which gets the same 409 as a known address.
 */
async function createAccount(create: () => Promise<User>): Promise<User> {
  try {
    return await create();
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw conflict(EMAIL_TAKEN, [{ field: 'account.email', message: 'déjà utilisée' }]);
    throw e;
  }
}

/**
 * A person uses the link: the signed-in caller, or a new account (an invitation is the permission
 * to register, whatever ServerSettings.allowUserRegistration says). With manual checking the
 * request waits for an administrator; without, the person joins at once with the roles.
 */
export async function joinThroughInvitation(
  ctx: CallContext, input: { key: string; description?: string; account?: NewAccount }, userAgent: string | undefined,
): Promise<JoinAnswer> {
  if (ctx.caller.userId && input.account) {
    throw badRequest('Vous êtes déjà connecté : déconnectez-vous pour créer un autre compte.', [{ field: 'account', message: 'inutile une fois connecté' }]);
  }
  if (!ctx.caller.userId && !input.account) throw unauthenticated('Connectez-vous ou créez un compte pour accepter l’invitation.');
  const found = await findByKey(ctx, input.key);
  const userId = ctx.caller.userId ?? newId();
  // hashed before the invitation is locked: the others waiting on it do not wait for argon2 too
  const passwordHash = input.account ? await hashPassword(input.account.password) : null;
  return inCompany(ctx, found.fk.company, async (x) => {
    const inv = await lockInvitation(x, found._id);
    const reason = unusableReason(inv);
    if (reason) throw conflict(reason);
    const company = await companyOf(x, inv);
    const account = input.account ? await accountData(x, input.account, passwordHash!) : null;
    if (!account) await assertMayAsk(x, inv, company, userId);
    const immediate = !inv.manualRequestChecking;
    const roles = (await grantedRoles(x, inv)).map((r) => r._id);
    if (immediate) await takeUsage(x, inv, 'Cette invitation a déjà été utilisée le nombre de fois prévu.');
    let user: User;
    if (account) {
      user = await createAccount(() => (immediate
        ? createMember(x, { ...account, _id: userId }, inv.fk.company, roles)
        : x.unscoped(Users).create({ ...account, _id: userId }) as Promise<User>));
    } else if (immediate) user = await addMember(x, userId, inv.fk.company, roles);
    else user = await x.unscoped(Users).get(userId) as User;
    const request = await x.repo(InvitationRequests).create({
      status: immediate ? 'accepted' : 'pending',
      date: x.now.toISOString(),
      ...(input.description?.trim() ? { description: input.description.trim() } : {}),
      userEmail: user.email,
      providedInformation: { firstname: user.firstname, name: user.name, email: user.email },
      fk: { invitation: inv._id, user: userId, acceptedOrRejectedBy: null },
    }) as InvitationStatus;
    await noticeNewRequest(x, request, inv);
    const answer: JoinAnswer = { status: request.status, request, companyId: company._id, companyName: company.name };
    if (account) {
      const { token, session } = await openSession(x, userId, userAgent);
      Object.assign(answer, { token, sessionId: session._id, user });
    }
    return answer;
  }, { userId });
}

const DECIDED = { accepted: 'acceptée', rejected: 'refusée', pending: 'en attente' } as const;

/**
 * An administrator of the request's company accepts or rejects a pending request. Accepting counts
 * one usage (409 when the invitation is used up) and makes the person a member with the
 * invitation's roles; rejecting changes nothing else. The requester is told either way.
 */
export async function decideRequest(ctx: CallContext, requestId: string, decision: 'accepted' | 'rejected'): Promise<InvitationStatus> {
  const requests = ctx.repo(InvitationRequests);
  const first = await requests.get(requestId);
  const inv = await lockInvitation(ctx, first.fk.invitation);
  const request = await requests.get(requestId) as InvitationStatus;
  if (request.status !== 'pending') throw conflict(`Cette demande a déjà été ${DECIDED[request.status]}.`);
  const company = await companyOf(ctx, inv);
  const user = await ctx.unscoped(Users).find(request.fk.user) as User | null;
  if (decision === 'accepted') {
    if (!user) throw conflict('Le compte de cette personne n’existe plus : refusez la demande.');
    if (await isMember(ctx, inv.fk.company, user._id)) {
      throw conflict(`${requesterLabel(request)} fait déjà partie de l’entreprise : refusez la demande.`);
    }
    // accepting hands the invitation's roles out: the decider must hold what they give
    const roles = (await ctx.unscoped(Roles).findByIds(inv.fk.roles ?? [])).filter((r) => r.fk.company === inv.fk.company);
    await assertMayHandOut(ctx, roles, (name) => `Vous ne pouvez pas accepter cette demande, car l’invitation donne le rôle « ${name} »`);
    await takeUsage(ctx, inv, `L’invitation « ${inv.name} » a atteint son nombre maximal d’utilisations (${inv.maxUsage}) : augmentez-le pour accepter cette demande.`);
    await addMember(ctx, user._id, inv.fk.company, roles.map((r) => r._id));
  }
  const decided = await requests.update(requestId, { status: decision, fk: { acceptedOrRejectedBy: ctx.caller.userId } }) as InvitationStatus;
  if (decision === 'accepted') {
    await noticeAccepted(ctx, decided, company.name);
  } else if (user) {
    // told in a company of theirs, where their sessions are open
    const theirs = user.fk.companies ?? [];
    const where = theirs.includes(user.settings?.activeCompanyId ?? '') ? user.settings.activeCompanyId! : theirs[0];
    if (where && where !== inv.fk.company) await inCompany(ctx, where, (x) => noticeRejected(x, decided, company.name));
  }
  return decided;
}
