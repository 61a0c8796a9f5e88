/** A request id per call, echoed in `X-Request-Id` and attached to every log line of the call. */
import type Koa from 'koa';
import { randomUUID } from 'node:crypto';
import type { Logger as Pino } from 'pino';

export function requestIdMiddleware(logger: Pino): Koa.Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      ctx.state.log.info({
        method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started),
      }, 'request');
    }
  };
}
