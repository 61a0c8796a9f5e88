/**
 * Mounts the route tables of all plugins with the shared request layer: access (public / user /
 * company), permission, id params, body and query validation, transaction, events after commit.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { RouteDefinition, CallerInfo, FormFile, Logger } from '@comptoir/sdk';
import { badRequest, forbidden, isReply } from '@comptoir/sdk';
import type { Call, LoadedPlugin } from '../plugins/call.ts';
import { validate } from '../db/validation.ts';
import { writeTransactionConfig } from '../db/connect.ts';
import { becomeWriter } from '../db/locks.ts';
import { migrationsTable } from '../db/migrate.ts';
import { isId, isIdFieldName, normalizeIdentifiers } from '../util/ids.ts';
import type { Authenticator } from './authenticate.ts';
import { readRouteForm } from './route-form.ts';
import type { Clock } from '../util/clock.ts';
import type { ThrottleStore } from '../auth/throttle-store.ts';
import { throttleAddress } from '../auth/client-address.ts';
import { Throttled } from '../auth/rate-limit.ts';

export interface RouterDeps {
  db: Knex;
  clock: Clock;
  plugins: Map<string, LoadedPlugin>;
  authenticator: Authenticator;
  newCall(pluginId: string, opts: { requestId: string; caller: CallerInfo; db: Knex | Knex.Transaction; log: Logger; now: Date; batchActivities?: boolean }): Call;
  publish(call: Call): Promise<void>;
  /** the counters of routes declared with `throttle` (without it, those routes are not throttled) */
  throttleStore?: ThrottleStore;
}

export const TOO_MANY_REQUESTS = 'Trop de requêtes depuis cette adresse.';

/**
 * A route's `throttle`: one counter per method, path as called and client address, incremented
 * before any work and outside the route's transaction (an SQLite write outside it would wait on it).
 */
async function checkThrottle(deps: RouterDeps, ctx: Koa.Context, r: RouteDefinition): Promise<void> {
  if (!r.throttle || !deps.throttleStore) return;
  const now = deps.clock.now().getTime();
  const windowMs = r.throttle.windowSeconds * 1000;
  const key = `route|${r.method} ${ctx.path}|${throttleAddress(ctx.ip)}`;
  const counter = await deps.throttleStore.increment(key, now, windowMs, 0);
  if (counter.count <= r.throttle.limit) return;
  const e = new Throttled(TOO_MANY_REQUESTS, Math.max(1000, counter.windowEnd - now));
  ctx.set('Retry-After', String(e.retryAfterSeconds));
  throw e;
}

export function mountPrefix(pluginId: string): string {
  return pluginId === 'kernel' ? '/api' : `/api/${pluginId}`;
}

function checkParams(params: Record<string, string>) {
  for (const [name, value] of Object.entries(params)) {
    if (isIdFieldName(name) && !isId(value.toLowerCase())) {
      throw badRequest(`Identifiant invalide : « ${value} » (24 caractères hexadécimaux attendus).`, [{ field: name, message: 'identifiant invalide' }]);
    }
    if (isIdFieldName(name)) params[name] = value.toLowerCase();
  }
}

function isPlainBody(b: unknown) {
  return b !== null && typeof b === 'object' && !Array.isArray(b);
}

export function buildRouter(deps: RouterDeps): Router {
  const router = new Router();
  for (const plugin of deps.plugins.values()) {
    for (const r of plugin.def.routes ?? []) mount(router, deps, plugin.def.id, r);
  }
  return router;
}

function mount(router: Router, deps: RouterDeps, pluginId: string, r: RouteDefinition) {
  const fullPath = `${mountPrefix(pluginId)}${r.path}`;
  const access = r.access ?? 'company';
  const transactional = r.transactional ?? r.method !== 'GET';
  const handler: Koa.Middleware = async (ctx) => {
    const params = { ...(ctx.params as Record<string, string>) };
    checkParams(params);
    await checkThrottle(deps, ctx, r);
    // writes too are authorised from the cache: every change through the product is forgotten
    // before its answer, on every process (README « Authentication cache », « Writes »)
    const caller = await deps.authenticator.authenticate(ctx, access);
    if (r.permission && !(caller.god || caller.permissions.has(r.permission))) {
      throw forbidden(`Permission requise : ${r.permission}.`);
    }
    // already parsed and guarded (depth, prototype keys, Unicode) by body.ts, as the query by query-guard.ts
    let body: unknown = (ctx.request as unknown as { body?: unknown }).body;
    let files: FormFile[] = [];
    if (r.upload && ctx.is('multipart')) {
      // read whole before the transaction: a slow upload holds no lock, a retried transaction reads the same bytes
      ({ body, files } = await readRouteForm(ctx.req, r.upload, r.body));
    } else if (r.body) {
      // an upload route sent JSON gets its fields checked as any body, and no file (its handler says so)
      // a body the JSON parser skipped (text/plain, form) would otherwise be read as `{}`: an
      // update answering 200 while ignoring everything sent
      const sent = ctx.get('Transfer-Encoding') !== '' || Number(ctx.get('Content-Length') || 0) > 0;
      if (sent && !ctx.is('json')) {
        throw badRequest(r.upload
          ? 'Type de contenu non pris en charge : envoyez un formulaire multipart/form-data (Content-Type: multipart/form-data).'
          : 'Type de contenu non pris en charge : envoyez du JSON (Content-Type: application/json).');
      }
      if (body === undefined || (typeof body === 'object' && body !== null && Object.keys(body).length === 0 && !ctx.request.length)) body = {};
      if (!isPlainBody(body)) throw badRequest('Le corps de la requête doit être un objet JSON.');
      body = normalizeIdentifiers(body);
      validate(r.body, body, { what: 'Requête invalide' });
    }
    const query = { ...ctx.query } as Record<string, unknown>;
    if (r.query) validate(r.query, query, { what: 'Paramètres invalides' });
    const run = async (db: Knex | Knex.Transaction) => {
      const call = deps.newCall(pluginId, {
        requestId: ctx.state.requestId, caller, db, log: ctx.state.log, now: deps.clock.now(), batchActivities: transactional,
      });
      const base = call.context(pluginId);
      const req = Object.assign(Object.create(base), {
        body, query, params, files,
        headers: ctx.headers,
        ip: ctx.ip,
        raw: ctx,
        setHeader: (n: string, v: string) => ctx.set(n, v),
      });
      const result = await r.handler(req);
      // the activities of the request, in one INSERT, before the commit
      await call.flush();
      return { result, call };
    };
    const { result, call } = transactional ? await inWriteTransaction(deps.db, run) : await run(deps.db);
    await deps.publish(call);
    respond(ctx, result, r.status ?? 200);
  };
  const method = r.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  router[method](fullPath, handler);
}

/**
 * The transaction was rolled back whole and may simply run again: InnoDB chose it as a deadlock's
 * victim, or (SQLite in WAL mode, a file shared by two processes) it read a snapshot that another
 * process has written over since, so it may not write.
 */
export function mustRetry(e: unknown): boolean {
  const err = e as { code?: string; errno?: number } | null;
  return err?.code === 'ER_LOCK_DEADLOCK' || err?.errno === 1213 || err?.code === 'SQLITE_BUSY_SNAPSHOT';
}

/**
 * Such a transaction runs again (MySQL's own advice for deadlocks): up to 3 attempts, after a
 * short random pause, before it becomes a 500. Nothing of a rolled-back attempt is seen: its events
 * are published only after the commit of the attempt that succeeded.
 */
export async function retryOnDeadlock<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (e) {
      if (!mustRetry(e) || i >= tries) throw e;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * i));
    }
  }
}

/**
 * The one way a request's writes run: a write transaction (on SQLite, the writer from its first
 * statement), run again whole when the database undid it (`retryOnDeadlock`). Routes declared
 * `transactional: false` use it too for the part that writes (services/own-transaction.ts), so
 * both get the same retry. `work` may run more than once: nothing outside the transaction may
 * happen in it (events are queued on the call and published after the commit).
 */
export function inWriteTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return retryOnDeadlock(() => db.transaction(async (trx) => {
    // SQLite shared by two processes: a deferred transaction that has read cannot wait for the
    // other writer (SQLITE_BUSY at once); taking the write lock first waits for it instead
    await becomeWriter(trx, migrationsTable('kernel'));
    return work(trx);
  }, writeTransactionConfig(db)));
}

function respond(ctx: Koa.Context, result: unknown, status: number) {
  if (isReply(result)) {
    ctx.status = result.status;
    for (const [k, v] of Object.entries(result.headers)) ctx.set(k, v);
    ctx.body = result.body ?? (result.status === 204 ? null : {});
    if (result.status === 204) ctx.body = null;
    return;
  }
  ctx.status = status;
  if (status === 204) { ctx.body = null; return; }
  ctx.body = result === undefined ? {} : result;
}
