/**
 * Routes are a table (docs/architecture.md « Plugins as data »): method, path, access, schemas, handler. The handler returns the
 * body (200, or `status`), or a `Reply` for another status, headers or a binary body.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { RequestContext } from './context.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * public: anyone; user: a signed-in user, no company needed (my companies, my sessions);
 * company: a signed-in member of the company named by `AT-Company` (the default).
 */
export type Access = 'public' | 'user' | 'company';

export interface RouteDefinition<B extends TSchema = TSchema, Q extends TSchema = TSchema> {
  method: HttpMethod;
  /** relative to the mount point, e.g. `/users/:id`; params named `id` or `...Id` must be 24-hex */
  path: string;
  access?: Access;
  /** permission sysName required (god roles pass) */
  permission?: string;
  body?: B;
  query?: Q;
  /** success status when the handler returns a plain value (default 200) */
  status?: number;
  /** French one-liner, shown in the plugin's route table */
  summary?: string;
  /** writes run in one transaction; reads outside. Defaults to true for POST/PUT/PATCH/DELETE */
  transactional?: boolean;
  /**
   * A multipart form (spec 001 §7, the shape of `POST /api/kernel/files`) instead of a JSON body:
   * read whole before the transaction starts (a slow upload holds no lock, and a transaction run
   * again after a deadlock reads the same bytes); its JSON fields are validated by `body` and
   * become `req.body`, its files are in `req.files`. Sizes in bytes.
   */
  upload?: { maxFiles: number; fileSize: number };
  /**
   * At most `requests` anonymous calls per client address in `windowSeconds` (signed-in callers
   * and calls refused by validation are not counted), counted before the transaction (in the database, or Redis with REDIS_URL, so every process shares the count);
   * past it a French 429 with `Retry-After`. For public routes a visitor reaches without an
   * account (server/src/http/README.md « Route throttling »).
   */
  throttle?: RouteThrottle;
  handler(req: RequestContext<Static<B>, Static<Q>>): unknown | Promise<unknown>;
}

export interface RouteThrottle { requests: number; windowSeconds: number }

const REPLY = Symbol.for('comptoir.reply');

export class Reply {
  readonly [REPLY] = true;
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const reply = (status: number, body: unknown = null, headers: Record<string, string> = {}) =>
  new Reply(status, body, headers);

/** Identity with inference: `route({ body: Schema, handler(req) { req.body is typed } })` */
export function route<B extends TSchema = TSchema, Q extends TSchema = TSchema>(
  r: RouteDefinition<B, Q>,
): RouteDefinition<B, Q> {
  return r;
}

/** Recognised by shape, so that a plugin with its own copy of the SDK can still reply. */
export function isReply(x: unknown): x is Reply {
  return x instanceof Reply || (!!x && typeof x === 'object' && (x as Record<symbol, unknown>)[REPLY] === true);
}
