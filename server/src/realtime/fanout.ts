/**
 * Where messages are fanned out to the hubs. One process: the in-memory implementation below.
 * Several processes behind a load balancer (`REDIS_URL`): a Redis pub/sub adapter implements the
 * same interface (publish = PUBLISH of the JSON on one channel; subscribe = SUBSCRIBE on it), so
 * that an event committed on process A reaches the sockets held by process B. Messages are plain
 * JSON for that reason.
 */
import type { ServerMessage } from './protocol.ts';

/** Whose sockets: the members of a company (all, or some users), or some users in any company. */
export interface Target {
  /** null: the users' sockets whatever their company (`userIds` must then be a list) */
  companyId: string | null;
  userIds: string[] | 'company';
}

export type FanoutMessage =
  /** send `message` to the sockets of `target` */
  | { kind: 'deliver'; target: Target; message: ServerMessage }
  /** authenticate again the sockets of a session or of a user (revocation, membership change) */
  | { kind: 'recheck'; sessionId?: string; userId?: string };

export type FanoutHandler = (m: FanoutMessage) => Promise<void> | void;

export interface Fanout {
  /** resolves once the message is handed over (in memory: once every local hub handled it) */
  publish(m: FanoutMessage): Promise<void>;
  subscribe(handler: FanoutHandler): () => void;
  close(): Promise<void>;
}

export function createMemoryFanout(onError: (err: unknown) => void = () => undefined): Fanout {
  const handlers = new Set<FanoutHandler>();
  return {
    async publish(m) {
      for (const h of [...handlers]) {
        try { await h(m); } catch (err) { onError(err); }
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => { handlers.delete(handler); };
    },
    async close() { handlers.clear(); },
  };
}
