/**
 * From the event bus (events published after commit) to the fan-out: entity events become `change`
 * messages for the sockets of the event's company, `kernel.notification.sent` becomes
 * `notification` messages for their recipients, and session or user changes ask every hub to
 * authenticate the concerned sockets again (a revoked session is closed at once).
 */
import type { BusEvent, EntityDefinition } from '@comptoir/sdk';
import type { EventBus } from '../events/bus.ts';
import type { Fanout, FanoutMessage, Target } from './fanout.ts';
import { NOTIFICATION_EVENT, type NotificationSent } from './notifier.ts';
import { isId } from '../util/ids.ts';

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
  const p = e.payload as { _id?: unknown; entity?: unknown } | null;
  if (!p || typeof p !== 'object' || !isId(p._id) || typeof p.entity !== 'string') return [];
  const out: FanoutMessage[] = [];
  const target = changeTarget(e, p.entity, p._id, entities);
  if (target) {
    out.push({
      kind: 'deliver',
      target,
      message: { type: 'change', name: e.name, entity: p.entity, _id: p._id, by: e.userId, session: e.sessionId ?? null },
    });
  }
  if (p.entity === 'kernel.sessions' && (e.name.endsWith('.updated') || e.name.endsWith('.deleted'))) {
    out.push({ kind: 'recheck', sessionId: p._id });
  }
  if (p.entity === 'kernel.users' && (e.name.endsWith('.updated') || e.name.endsWith('.deleted'))) {
    out.push({ kind: 'recheck', userId: p._id });
  }
  if (p.entity === 'kernel.access-tokens' && e.name.endsWith('.deleted') && e.userId) {
    // only the owner deletes a token; its sockets are authenticated again (the token's are refused)
    out.push({ kind: 'recheck', userId: e.userId });
  }
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

function notifications(e: BusEvent): FanoutMessage[] {
  const { notifications: list } = (e.payload ?? {}) as Partial<NotificationSent>;
  if (!Array.isArray(list)) return [];
  const out: FanoutMessage[] = [];
  for (const n of list) {
    // the company is the call's, never taken from the payload alone
    if (!n || n.fk?.company !== e.companyId) continue;
    const user = n.fk.user;
    if (user === null && !e.companyId) continue;
    const target: Target = user === null ? { companyId: e.companyId, userIds: 'company' } : { companyId: e.companyId, userIds: [user] };
    out.push({ kind: 'deliver', target, message: { type: 'notification', notification: n } });
  }
  return out;
}
