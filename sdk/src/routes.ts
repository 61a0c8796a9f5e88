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
   * Requests counted per client address and path (the path as called, so `/public/surveys/<id>`
   * counts per survey), in the kernel's throttle store (the database, or Redis with `REDIS_URL`),
   * before anything else is done and outside the route's transaction: past `limit` in the window,
   * a 429 `RATE_LIMITED` in French with `Retry-After`. For public routes anyone may call (a form
   * sent by visitors); sign-ins and invitation links have their own rules.
   */
  throttle?: RouteThrottle;
  handler(req: RequestContext<Static<B>, Static<Q>>): unknown | Promise<unknown>;
}

export interface RouteThrottle {
  /** requests allowed per address and path in each window */
  limit: number;
  /** the window, in seconds; it starts with its first request */
  windowSeconds: number;
}

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
