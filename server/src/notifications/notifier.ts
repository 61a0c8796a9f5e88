/**
 * The `notifier` service (kernel export: any plugin resolves `kernel.notifier`). In the caller's
 * transaction it records one notification per recipient (or one for the whole company, live
 * only), queues the e-mails the recipients chose, and queues a bus event: the hub's bridge
 * delivers after the commit, like entity events; a rolled-back call delivers and sends nothing.
 * Who gets what, how (push, signal, e-mail) and why: server/src/notifications/README.md.
 */
import type { CallContext, KernelCompanies, KernelMailer, KernelNotifier, LiveNotification, NotifyInput } from '@comptoir/sdk';
import { badRequest } from '@comptoir/sdk';
import { userDisplayName, type User } from '@comptoir/schemas';
import { isId, newId } from '../util/ids.ts';
import { publicNotification, withDefaults, type FilledInput, type InputRules } from './notification.ts';
import { NOTIFICATION_EVENT, type NotificationSent } from '../realtime/events.ts';
import { Notifications, Profiles, SmtpSettingsEntity, Users } from '../entities/platform.ts';
import { deliveryFor, notificationRow, recipientRefusal, type RowAt } from './notification-delivery.ts';
import { mayReceive, pushNotificationCatalogue, type CataloguedPushNotification } from './push-notification-catalogue.ts';
import { permissionCatalogue } from '../auth/permission-catalogue.ts';
import { clearBatch } from './notification-center.ts';
import { rolesOf } from '../http/authenticate.ts';
import { notificationMail } from '../mail/templates.ts';
import type { Call } from '../plugins/call.ts';

export { NOTIFICATION_EVENT, type NotificationSent };

/** Kept for the plugins that typed it themselves; the SDK's `KernelNotifier` is the same. */
export type Notifier = KernelNotifier;

const invalidRecipient = (u: unknown) => badRequest(
  `Destinataire invalide : « ${String(u)} » (24 caractères hexadécimaux attendus).`, [{ field: 'userIds', message: 'identifiant invalide' }],
);

/** Recipient ids as given: a list of ids (lower-cased, without repeats) or 'company'. */
export function recipientIds(to: unknown): string[] | 'company' {
  if (to === 'company') return 'company';
  if (!Array.isArray(to)) throw badRequest('Destinataires invalides : une liste d’identifiants ou « company » est attendue.');
  const ids = [...new Set(to.map((u) => (typeof u === 'string' ? u.toLowerCase() : u)))];
  const wrong = ids.find((u) => !isId(u));
  if (wrong !== undefined) throw invalidRecipient(wrong);
  return ids as string[];
}

/** The members of the caller's company among `ids` (every member for 'company'), in the order given. */
export async function membersAmong(ctx: CallContext, ids: string[] | 'company'): Promise<User[]> {
  const companyId = ctx.caller.companyId!;
  const wanted = ids === 'company' ? (await ctx.repo(Profiles).findMany({})).map((p) => p.fk.user) : ids;
  const users = await ctx.unscoped(Users).findByIds(wanted);
  const byId = new Map(users.filter((u) => (u.fk.companies ?? []).includes(companyId)).map((u) => [u._id, u]));
  return wanted.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Sends `raw` to `to` in the caller's company; answers the notifications as delivered. */
export async function send(ctx: CallContext, to: unknown, raw: NotifyInput, rules: InputRules): Promise<LiveNotification[]> {
  const companyId = ctx.caller.companyId;
  const ids = recipientIds(to);
  const input = withDefaults(raw, rules);
  if (!companyId) return sendWithoutCompany(ctx, ids, input);
  let kind: CataloguedPushNotification | null = null;
  if (input.kind) {
    kind = pushNotificationCatalogue(ctx).find((k) => k.sysName === input.kind) ?? null;
    if (!kind) throw badRequest(`Type de notification inconnu : « ${input.kind} ».`, [{ field: 'kind', message: 'type de notification inconnu' }]);
  }
  const refusal = recipientRefusal(kind, ids === 'company' ? 'company' : 'users');
  if (refusal) throw badRequest(`Destinataires invalides : ${refusal}.`, [{ field: 'recipients', message: refusal }]);

  const batch = newId();
  const at = (user: string | null): RowAt => ({
    _id: newId(), batch, date: ctx.now, sender: ctx.caller.userId, companyId, user, type: ids === 'company' ? 'company' : 'user',
  });
  const repo = ctx.repo(Notifications);
  const sent: LiveNotification[] = [];
  const quiet: string[] = [];

  if (ids === 'company' && !kind && input.liveOnly) {
    // to whoever is there now: one notification for the company's open screens
    sent.push(publicNotification(await repo.create(notificationRow(input, null, false, at(null)))));
  } else {
    const grantsOf = kind?.permissions.length ? grantsReader(ctx) : null;
    const mails: User[] = [];
    for (const user of await membersAmong(ctx, ids)) {
      if (kind && grantsOf && !mayReceive(kind, await grantsOf(user))) continue;
      const how = deliveryFor(input, kind, user.pushNotificationsSettings, companyId);
      if (!how) continue;
      if (how.push || how.signal) {
        const stored = publicNotification(await repo.create(notificationRow(input, kind?.sysName ?? null, how.signal, at(user._id))));
        sent.push(stored);
        if (!how.push) quiet.push(stored._id);
      }
      if (how.email) mails.push(user);
    }
    if (mails.length) await queueMails(ctx, mails, input, kind);
  }
  if (sent.length) ctx.emit(NOTIFICATION_EVENT, { notifications: sent, ...(quiet.length ? { quiet } : {}) } satisfies NotificationSent);
  return structuredClone(sent);
}

/**
 * A call with no active company (a public or personal route) can only do what the notifier did
 * before the centre existed: named users, live only, nothing kept, delivered to their screens in
 * whichever company.
 */
function sendWithoutCompany(ctx: CallContext, ids: string[] | 'company', input: FilledInput): LiveNotification[] {
  if (ids === 'company') throw new Error('kernel.notifier.notify(\'company\') needs a call with an active company');
  const refuse = (field: string, what: string) => badRequest(`Notification invalide — « ${field} » : ${what} demande une entreprise active.`, [{ field, message: `${what} demande une entreprise active` }]);
  if (input.kind) throw refuse('kind', 'un type de notification');
  if (!input.liveOnly) throw refuse('liveOnly', 'une notification conservée');
  if (input.choices.length) throw refuse('choices', 'une notification à choix');
  const batch = newId();
  // never stored: a row of no company, for its public view only
  const noCompany = null as unknown as string;
  const sent = ids.map((user) => publicNotification(
    notificationRow(input, null, false, { _id: newId(), batch, date: ctx.now, sender: ctx.caller.userId, companyId: noCompany, user, type: 'user' }),
  ));
  if (sent.length) ctx.emit(NOTIFICATION_EVENT, { notifications: sent } satisfies NotificationSent);
  return structuredClone(sent);
}

/** Permissions of a member in the caller's company, as the request layer computes them. */
function grantsReader(ctx: CallContext) {
  const db = ctx.resolve<Call>('call').opts.db;
  const catalogue = permissionCatalogue(ctx);
  return (user: User) => rolesOf(db, { now: () => ctx.now }, user, ctx.caller.companyId, catalogue);
}

/** E-mails through `kernel.mailer` (queued in this transaction), when the company has a mail server. */
async function queueMails(ctx: CallContext, users: User[], input: FilledInput, kind: CataloguedPushNotification | null) {
  // without a mail server every message would wait and fail for days: the other channels suffice
  if (!(await ctx.repo(SmtpSettingsEntity).findOne({}))) return;
  const company = await ctx.resolve<KernelCompanies>('companies').current();
  const sender = ctx.caller.userId ? await ctx.unscoped(Users).find(ctx.caller.userId) : null;
  const mail = notificationMail({
    companyName: company.name, title: input.title, content: input.content, senderName: sender ? userDisplayName(sender) || sender.email : null,
    kindName: kind?.name ?? null, choices: input.choices.map((c) => c.title),
  });
  const mailer = ctx.resolve<KernelMailer>('mailer');
  for (const u of users) await mailer.send({ to: u.email, ...mail });
}

export function notifier(ctx: CallContext): KernelNotifier {
  return {
    // plugin code is trusted: its choices may call an absolute address back
    notify: (to, input) => send(ctx, to, input, { allowAbsoluteCallbacks: true }),
    clear: (batch) => clearBatch(ctx, batch),
  };
}
