/**
 * The notification centre of a user in the active company: their kept notifications (liveOnly
 * false), the unread count, read / unread, dismiss, and the choices. Another user's notification
 * answers 404 like one that does not exist. Every change is told live to the recipients' screens
 * (events of server/src/realtime/events.ts).
 */
import type { Knex } from 'knex';
import type { CallContext, ListParams, ListResult, LiveNotification, Where } from '@comptoir/sdk';
import { badRequest, conflict, isHttpError, notFound } from '@comptoir/sdk';
import type { Notification } from '@comptoir/schemas';
import { Notifications } from '../entities/platform.ts';
import { publicNotification } from './notification.ts';
import { NOTIFICATIONS_CLEARED_EVENT, NOTIFICATIONS_READ_EVENT, type NotificationsTouched } from '../realtime/events.ts';
import { isId } from '../util/ids.ts';
import { callBack, type CallbackOrigin, type CallbackResult } from './notification-callback.ts';

const lost = () => notFound('Notification introuvable.');

/** The caller's kept notifications: the centre's scope. */
const kept = (ctx: CallContext): Where => ({ 'fk.user': ctx.caller.userId, liveOnly: false });

const touched = (rows: Notification[]): NotificationsTouched =>
  ({ notifications: rows.map((n) => ({ _id: n._id, fk: { user: n.fk.user ?? null, company: n.fk.company } })) });

/** The caller's own notification (404 otherwise). */
export async function ownNotification(ctx: CallContext, id: string): Promise<Notification> {
  const n = await ctx.repo(Notifications).get(id);
  if (n.fk.user !== ctx.caller.userId) throw lost();
  return n;
}

export async function listMine(ctx: CallContext, params: ListParams): Promise<ListResult<LiveNotification>> {
  const page = await ctx.repo(Notifications).list(params, kept(ctx));
  return { ...page, data: page.data.map(publicNotification) };
}

export async function unreadCount(ctx: CallContext): Promise<number> {
  return ctx.repo(Notifications).count({ ...kept(ctx), read: false });
}

async function mark(ctx: CallContext, rows: Notification[], read: boolean): Promise<Notification[]> {
  const repo = ctx.repo(Notifications);
  const changed: Notification[] = [];
  for (const n of rows) {
    if (n.read === read) continue;
    changed.push(await repo.update(n._id, { read, readDate: read ? ctx.now.toISOString() : null }));
  }
  if (changed.length) ctx.emit(NOTIFICATIONS_READ_EVENT, touched(changed));
  return changed;
}

export async function setRead(ctx: CallContext, id: string, read: boolean): Promise<LiveNotification> {
  const n = await ownNotification(ctx, id);
  if (n.liveOnly) throw conflict('Cette notification n’est pas conservée dans le centre de notifications.');
  const [changed] = await mark(ctx, [n], read);
  return publicNotification(changed ?? n);
}

/** Marks every unread kept notification of the caller read; answers how many changed. */
export async function markAllRead(ctx: CallContext): Promise<number> {
  const unread = await ctx.repo(Notifications).findMany({ ...kept(ctx), read: false });
  return (await mark(ctx, unread, true)).length;
}

/** Removes `rows` (those still there) and tells their recipients' screens; answers the removed ids. */
async function remove(ctx: CallContext, rows: Notification[]): Promise<string[]> {
  const repo = ctx.repo(Notifications);
  const removed: Notification[] = [];
  for (const n of rows) {
    try {
      await repo.remove(n._id);
      removed.push(n);
    } catch (e) {
      // already removed by a concurrent clear
      if (!isHttpError(e) || e.code !== 'NOT_FOUND') throw e;
    }
  }
  if (removed.length) ctx.emit(NOTIFICATIONS_CLEARED_EVENT, touched(removed));
  return removed.map((n) => n._id);
}

export async function dismiss(ctx: CallContext, id: string): Promise<void> {
  await remove(ctx, [await ownNotification(ctx, id)]);
}

/** Removes the notifications of one sending for every recipient (`kernel.notifier.clear`). */
export async function clearBatch(ctx: CallContext, batch: string): Promise<number> {
  if (!ctx.caller.companyId) throw badRequest('Aucune entreprise active : précisez l’en-tête AT-Company.');
  if (!isId(batch)) throw badRequest(`Identifiant invalide : « ${batch} » (24 caractères hexadécimaux attendus).`, [{ field: 'batch', message: 'identifiant invalide' }]);
  return (await remove(ctx, await ctx.repo(Notifications).findMany({ batch }))).length;
}

export interface ChoiceAnswer {
  choice: number;
  /** the status the call back answered; null when the choice calls nothing back */
  callback: CallbackResult | null;
  /** notifications removed: the caller's, or the whole sending's (clearNotificationForAll) */
  cleared: string[];
}

/**
 * A recipient chooses: the call back first (as the clicking user), then the notification goes away
 * for them, or for everyone with clearNotificationForAll. A failed call back changes nothing (409).
 * Live-only notifications can be answered until their expiration; one sent to the whole company by
 * any member.
 */
export async function choose(ctx: CallContext, id: string, index: number, from: CallbackOrigin): Promise<ChoiceAnswer> {
  const n = await ctx.repo(Notifications).get(id);
  if (n.fk.user !== null && n.fk.user !== ctx.caller.userId) throw lost();
  if (n.expiration && new Date(n.expiration).getTime() <= ctx.now.getTime()) throw notFound('Notification expirée.');
  const choice = n.choices[index];
  if (!choice) {
    throw badRequest(`Choix inconnu : la notification « ${n.title} » propose ${n.choices.length} choix.`, [{ field: 'choice', message: 'choix inconnu' }]);
  }
  const callback = await callBack(choice, from);
  let cleared: string[] = [];
  if (choice.clearNotificationForAll) cleared = await remove(ctx, await ctx.repo(Notifications).findMany({ batch: n.batch }));
  else if (n.fk.user === ctx.caller.userId) cleared = await remove(ctx, [n]);
  return { choice: index, callback, cleared };
}

/**
 * Forgets the live-only notifications past their expiration, in every company: housekeeping of a
 * table of messages (no Activity, nothing on screen any more), in one statement.
 */
export async function purgeExpired(db: Knex, now: Date): Promise<number> {
  return db(Notifications.table).where('liveOnly', 1).andWhere('expiration', '<=', now.toISOString()).delete();
}
