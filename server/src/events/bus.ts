/**
 * In-process event bus. Events are published after the transaction that caused them commits, so a
 * subscriber never sees a change that was rolled back. `REDIS_URL` fan-out across processes plugs in
 * here (platform services issue).
 */
import type { BusEvent } from '@comptoir/sdk';

export type EventHandler = (e: BusEvent) => Promise<void> | void;

export interface EventBus {
  /** `name` is exact, `prefix.*` or `*` */
  on(name: string, handler: EventHandler): () => void;
  publish(events: BusEvent[]): Promise<void>;
}

export function createEventBus(onError: (err: unknown, e: BusEvent) => void): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();
  const matching = (name: string): EventHandler[] => {
    const out: EventHandler[] = [];
    for (const [pattern, set] of handlers) {
      const hit = pattern === '*' || pattern === name || (pattern.endsWith('.*') && name.startsWith(pattern.slice(0, -1)));
      if (hit) out.push(...set);
    }
    return out;
  };
  return {
    on(name, handler) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name)!.add(handler);
      return () => handlers.get(name)?.delete(handler);
    },
    async publish(events) {
      for (const e of events) {
        for (const h of matching(e.name)) {
          try { await h(e); } catch (err) { onError(err, e); }
        }
      }
    },
  };
}
