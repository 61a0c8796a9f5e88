/**
 * From the event bus (events published after commit) to the fan-out: entity events become `change`
 * messages for the sockets of the event's company, `kernel.notification.sent|cleared|read` become
 * messages for the recipients' sockets only, and changes authentication depends on (sessions, users,
 * roles, access tokens, user-property definitions: `authChangeOf`) become `recheck` messages: every
 * process forgets them from its caches, every hub authenticates the concerned sockets again (a
 * revoked session is closed at once).
 */
import type { BusEvent, EntityDefinition } from '@comptoir/sdk';
import type { EventBus } from '../events/bus.ts';
import type { Fanout, FanoutMessage, Target } from './fanout.ts';
import type { ServerMessage } from './protocol.ts';
import {
  NOTIFICATION_EVENT, NOTIFICATIONS_CLEARED_EVENT, NOTIFICATIONS_READ_EVENT, type NotificationSent, type NotificationsTouched,
} from './events.ts';
import { isId } from '../util/ids.ts';
import { authChangeOf } from '../http/auth-cache.ts';

const NOTIFICATIONS_ENTITY = 'kernel.notifications';

/** Global entities everyone of the company may see change (members, the company itself). */
const SHARED_GLOBAL = new Set(['kernel.users', 'kernel.companies']);

export interface BridgeOptions {
  events: EventBus;
  fanout: Fanout;
  /** entity definitions by `<plugin>.<collection>` */
  entities: Map<string, EntityDefinition>;
}

/** Subscribes to the bus; answers the unsubscribe function. */
export function bridgeEvents({ events, fanout, entities }: BridgeOptions): () => void {
  const offs = [
    events.on('*', async (e) => {
      for (const m of translate(e, entities)) await fanout.publish(m);
    }),
  ];
  return () => { for (const off of offs) off(); };
}

export function translate(e: BusEvent, entities: Map<string, EntityDefinition>): FanoutMessage[] {
  if (e.name === NOTIFICATION_EVENT) return notifications(e);
  if (e.name === NOTIFICATIONS_CLEARED_EVENT || e.name === NOTIFICATIONS_READ_EVENT) return touchedNotifications(e);
  const p = e.payload as { _id?: unknown; entity?: unknown } | null;
  if (!p || typeof p !== 'object' || !isId(p._id) || typeof p.entity !== 'string') return [];
  // told to their recipients only, by the events above
  if (p.entity === NOTIFICATIONS_ENTITY) return [];
  const out: FanoutMessage[] = [];
  const target = changeTarget(e, p.entity, p._id, entities);
  if (target) {
    out.push({
      kind: 'deliver',
      target,
      message: { type: 'change', name: e.name, entity: p.entity, _id: p._id, by: e.userId, session: e.sessionId ?? null },
    });
  }
  // what authentication depends on: caches of every process forget it, hubs check the sockets again
  const change = authChangeOf(e);
  if (change) out.push({ kind: 'recheck', ...change });
  return out;
}

/**
 * Whose caches a change concerns. Company entities: the event's company. The company itself: its
 * own members. Other global entities (sessions, access tokens, server settings): their author only,
 * never the colleagues.
 */
function changeTarget(e: BusEvent, entity: string, id: string, entities: Map<string, EntityDefinition>): Target | null {
  const def = entities.get(entity);
  if (entity === 'kernel.companies') return { companyId: id, userIds: 'company' };
  if (!def || def.companyScoped || SHARED_GLOBAL.has(entity)) {
    return e.companyId ? { companyId: e.companyId, userIds: 'company' } : null;
  }
  return e.userId ? { companyId: null, userIds: [e.userId] } : null;
}

/** The sockets of a notification's recipient in the event's company (the whole company for `user: null`; any company for a call without one). */
function recipientTarget(e: BusEvent, n: { fk?: { user?: string | null; company?: string | null } } | null | undefined): Target | null {
  // the company is the call's, never taken from the payload alone
  if (!n?.fk || n.fk.company !== e.companyId) return null;
  const user = n.fk.user ?? null;
  if (!e.companyId) return user === null ? null : { companyId: null, userIds: [user] };
  return user === null ? { companyId: e.companyId, userIds: 'company' } : { companyId: e.companyId, userIds: [user] };
}

function notifications(e: BusEvent): FanoutMessage[] {
  const { notifications: list, quiet } = (e.payload ?? {}) as Partial<NotificationSent>;
  if (!Array.isArray(list)) return [];
  const silent = new Set(Array.isArray(quiet) ? quiet : []);
  const out: FanoutMessage[] = [];
  for (const n of list) {
    const target = recipientTarget(e, n);
    if (!target) continue;
    // kept without a toast (the recipient turned « push » off): their bell refreshes
    const message: ServerMessage = silent.has(n._id)
      ? { type: 'change', name: 'kernel.notification.created', entity: NOTIFICATIONS_ENTITY, _id: n._id, by: e.userId, session: null }
      : { type: 'notification', notification: n };
    out.push({ kind: 'deliver', target, message });
  }
  return out;
}

/**
 * Removed: off every screen of the recipient. Read or unread: their bells refresh (one message per
 * recipient). These changes carry no session: every tab of the recipient refreshes, the author's
 * own included (the shell ignores the changes of its own session, and tabs share one).
 */
function touchedNotifications(e: BusEvent): FanoutMessage[] {
  const { notifications: list } = (e.payload ?? {}) as Partial<NotificationsTouched>;
  if (!Array.isArray(list)) return [];
  const byTarget = new Map<string, { target: Target; ids: string[] }>();
  for (const n of list) {
    const target = recipientTarget(e, n);
    if (!target || !isId(n._id)) continue;
    const key = JSON.stringify(target);
    if (!byTarget.has(key)) byTarget.set(key, { target, ids: [] });
    byTarget.get(key)!.ids.push(n._id);
  }
  return [...byTarget.values()].map(({ target, ids }) => ({
    kind: 'deliver',
    target,
    message: e.name === NOTIFICATIONS_CLEARED_EVENT
      ? { type: 'notifications-cleared', ids }
      : { type: 'change', name: 'kernel.notification.updated', entity: NOTIFICATIONS_ENTITY, _id: ids[0], by: e.userId, session: null },
  }));
}
