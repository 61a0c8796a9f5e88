/**
 * The real-time part of the kernel, assembled: fan-out (in memory, or Redis given by the kernel), the hub of this
 * process, and the bridge from the event bus. Registered in the root container as `realtime`.
 */
import type http from 'node:http';
import type { EntityDefinition, Logger } from '@comptoir/sdk';
import type { EventBus } from '../events/bus.ts';
import type { Authenticator } from '../http/authenticate.ts';
import type { LoadedPlugin } from '../plugins/call.ts';
import { createMemoryFanout, type Fanout } from './fanout.ts';
import { createHub, type Hub, type HubOptions } from './hub.ts';
import { bridgeEvents } from './bridge.ts';
import { socketAuthenticator } from './authenticate.ts';

export { CLOSE, WS_PATH, type ClientMessage, type ServerMessage, type ChangeMessage } from './protocol.ts';
export { notifier, type Notifier } from '../notifications/notifier.ts';
export { NOTIFICATION_EVENT, NOTIFICATIONS_CLEARED_EVENT, NOTIFICATIONS_READ_EVENT } from './events.ts';
export { createRedisFanout } from './redis-fanout.ts';
export type { Notification, NotifyInput } from '../notifications/notification.ts';
export type { Fanout, FanoutMessage, Target } from './fanout.ts';
export type { Hub, SocketIdentity } from './hub.ts';

export interface RealtimeOptions {
  events: EventBus;
  authenticator: Authenticator;
  plugins: Iterable<LoadedPlugin>;
  log: Logger;
  /** default: in memory (one process); Redis pub/sub with REDIS_URL (app/kernel.ts) */
  fanout?: Fanout;
  hub?: Partial<Pick<HubOptions, 'authTimeoutMs' | 'heartbeatMs' | 'maxMessageBytes' | 'maxBufferedBytes'>>;
}

export interface Realtime {
  hub: Hub;
  fanout: Fanout;
  attach(server: http.Server): void;
  close(): Promise<void>;
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const { log } = options;
  const fanout = options.fanout ?? createMemoryFanout((err) => log.error({ err }, 'websocket: fan-out handler failed'));
  const entities = new Map<string, EntityDefinition>();
  for (const p of options.plugins) for (const e of p.def.entities ?? []) entities.set(`${e.plugin}.${e.name}`, e);
  const hub = createHub({ ...options.hub, authenticate: socketAuthenticator(options.authenticator), fanout, log });
  const unbridge = bridgeEvents({ events: options.events, fanout, entities });
  return {
    hub,
    fanout,
    attach: (server) => hub.attach(server),
    async close() {
      unbridge();
      await hub.close();
      await fanout.close();
    },
  };
}
