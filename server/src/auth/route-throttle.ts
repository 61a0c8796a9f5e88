/**
 * The `throttle` of a route (sdk/src/routes.ts): at most `requests` calls per client address and
 * route in `windowSeconds`, counted in the throttle store (the database, or Redis) so that every
 * process shares the count. Past it: a French 429 with `Retry-After`. Used by public routes a
 * visitor reaches without an account (booking's free starts and bookings).
 */
import type Koa from 'koa';
import type { RouteThrottle } from '@comptoir/sdk';
import type { Clock } from '../util/clock.ts';
import type { ThrottleStore } from './throttle-store.ts';
import { throttleAddress } from './client-address.ts';
import { Throttled } from './rate-limit.ts';

export const TOO_MANY_REQUESTS = 'Trop de demandes depuis cette adresse.';

export function routeThrottle(store: ThrottleStore, clock: Clock) {
  return async (ctx: Koa.Context, route: string, rule: RouteThrottle): Promise<void> => {
    const now = clock.now().getTime();
    const counter = await store.increment(`route:${route}:${throttleAddress(ctx.ip)}`, now, rule.windowSeconds * 1000, 0);
    if (counter.count > rule.requests) {
      const e = new Throttled(TOO_MANY_REQUESTS, Math.max(1000, counter.windowEnd - now));
      ctx.set('Retry-After', String(e.retryAfterSeconds));
      throw e;
    }
  };
}
