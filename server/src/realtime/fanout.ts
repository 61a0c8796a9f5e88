/**
 * Where messages are fanned out to the hubs. One process: the in-memory implementation below.
 * Several processes behind a load balancer (`REDIS_URL`): a Redis pub/sub adapter implements the
 * same interface (publish = PUBLISH of the JSON on one channel; subscribe = SUBSCRIBE on it), so
 * that an event committed on process A reaches the sockets held by process B. Messages are plain
 * JSON for that reason.
 */
import type { ServerMessage } from './protocol.ts';
import type { AuthChange } from '../http/auth-cache.ts';

/** Whose sockets: the members of a company (all, or some users), or some users in any company. */
export interface Target {
  /** null: the users' sockets whatever their company (`userIds` must then be a list) */
  companyId: string | null;
  userIds: string[] | 'company';
}

export type FanoutMessage =
  /** send `message` to the sockets of `target` */
  | { kind: 'deliver'; target: Target; message: ServerMessage }
  /**
   * something authentication depends on changed (auth-cache.ts `AuthChange`): caches forget it, hubs
   * authenticate again the sockets of the session or user (revocation, membership change)
   */
  | ({ kind: 'recheck' } & AuthChange);

export type FanoutHandler = (m: FanoutMessage) => Promise<void> | void;

/** Synchronous listeners (caches), called on arrival, before the handlers queued behind earlier messages. */
export interface FanoutWatcher {
  message(m: FanoutMessage): void;
  /**
   * false: messages may be lost or late from now on (link down, or the subscriber stopped answering);
   * true: subscribed and answering again, nothing lost from now on
   */
  link(up: boolean): void;
}

export interface Fanout {
  /** resolves once the message is handed over (in memory: once every local hub handled it) */
  publish(m: FanoutMessage): Promise<void>;
  subscribe(handler: FanoutHandler): () => void;
  watch(watcher: FanoutWatcher): () => void;
  /**
   * A read barrier: true once every message published *before this call* (its publish resolved) has
   * been handed to the watchers of this process; false when that cannot be known (link down, no
   * answer in time), and the caller then trusts nothing it keeps in memory. In one process: true at
   * once (`publish` tells the watchers before it resolves).
   */
  barrier(): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryFanout(onError: (err: unknown) => void = () => undefined): Fanout {
  const handlers = new Set<FanoutHandler>();
  // one process: nothing can be lost, `link` is never called
  const watchers = new Set<FanoutWatcher>();
  return {
    async publish(m) {
      for (const w of [...watchers]) {
        try { w.message(m); } catch (err) { onError(err); }
      }
      for (const h of [...handlers]) {
        try { await h(m); } catch (err) { onError(err); }
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => { handlers.delete(handler); };
    },
    watch(watcher) {
      watchers.add(watcher);
      return () => { watchers.delete(watcher); };
    },
    barrier: () => Promise.resolve(true),
    async close() { handlers.clear(); watchers.clear(); },
  };
}
