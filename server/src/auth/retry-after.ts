/** A 429 of the throttles carries `Retry-After` (seconds), as RFC 9110 §10.2.3 describes. */
import type { RequestContext } from '@comptoir/sdk';
import { Throttled } from './rate-limit.ts';

export async function withRetryAfter<T>(req: RequestContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Throttled) req.setHeader('Retry-After', String(e.retryAfterSeconds));
    throw e;
  }
}
