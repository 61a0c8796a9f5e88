/**
 * Boot, in the order of docs/architecture.md « Boot order »: config, database, root container, plugin discovery and order,
 * migrations per plugin, services, routes, then listening. `createKernel` is also what the SDK's
 * `createTestKernel` calls, so tests boot exactly what production boots.
 */
import http from 'node:http';
import Koa from 'koa';
import helmet from 'koa-helmet';
import { createContainer, asValue, InjectionMode, type AwilixContainer } from 'awilix';
import type { Knex } from 'knex';
import type { Logger as Pino } from 'pino';
import type { BusEvent, CallContext, CallerInfo } from '@comptoir/sdk';
import { ConfigError, type Config } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { loadPluginSet, migratePlugins } from './migrate-plugins.ts';
import { createLogger } from './logger.ts';
import { createEventBus, type EventBus } from '../events/bus.ts';
import { createBackgroundQueue, createLoadGate, type BackgroundQueue } from '../events/background.ts';
import { systemClock, type Clock } from '../util/clock.ts';
import { newId } from '../util/ids.ts';
import { discoverPluginDirs, pluginRoots } from '../plugins/manifest.ts';
import { Call, registerPluginServices, type LoadedPlugin } from '../plugins/call.ts';
import { referenceIndexOf } from '../db/references.ts';
import { buildRouter, inWriteTransaction } from '../http/router.ts';
import { errorMiddleware } from '../http/errors.ts';
import { requestIdMiddleware } from '../http/request-id.ts';
import { staticFiles } from '../http/static.ts';
import { publicSites } from '../http/public-site.ts';
import { jsonBody } from '../http/body.ts';
import { securityHeaders } from '../http/headers.ts';
import { queryGuard } from '../http/query-guard.ts';
import { compressJson } from '../http/compress.ts';
import { createAuthenticator } from '../http/authenticate.ts';
import { authChangeOf, createRequestCaches } from '../http/auth-cache.ts';
import { createThrottles } from '../auth/throttles.ts';
import type { Mailer } from './services.ts';
import { openStorage } from '../storage/open.ts';
import { createVariantQueue } from '../platform/services/files/variant-queue.ts';
import { attachmentServer } from '../platform/routes/attachments.ts';
import { ATTACHMENTS_RELEASED_EVENT, removeKeys, type AttachmentsReleased } from '../platform/services/files/attachment-release.ts';
import { createMailer, MAIL_QUEUED_EVENT } from '../mail/mailer.ts';
import { extensionRegistryOf } from '../plugins/extensions.ts';
import { numberingKindsOf } from '../plugins/numbering-kinds.ts';
import { catalogueOf } from '../auth/permission-catalogue.ts';
import { createRealtime, type Fanout } from '../realtime/index.ts';
import { createRedisFanout } from '../realtime/redis-fanout.ts';
import { purgeExpired } from '../notifications/notification-center.ts';
import { collectJobs, createScheduler, type Scheduler, type SystemCall } from '../jobs/scheduler.ts';
import { firstStart, type DemoOutcome, type DemoRequest, type FirstStartReport } from './first-start.ts';

export interface KernelOptions {
  config: Config;
  /** plugin folders to load; default: discovery in `plugins/` and COMPTOIR_PLUGINS_PATH */
  pluginDirs?: string[];
  clock?: Clock;
  logger?: Pino;
  /** an already open database (tests share one per file) */
  db?: Knex;
  /**
   * the demo company `npm start` offers (tools/src/demo-company.ts): seeded by the first start
   * only where the demo policy allows it (`explicit`: asked for by a person, `npm run seed-demo`)
   */
  demo?: DemoRequest;
}

export interface Kernel {
  app: Koa;
  db: Knex;
  container: AwilixContainer;
  plugins: LoadedPlugin[];
  config: Config;
  log: Pino;
  events: EventBus;
  /** the mail queue's worker (`drain()` waits for deliveries in progress) */
  mailer: Mailer;
  /** the work of background subscriptions (`idle()` waits until it has all run) */
  background: BackgroundQueue;
  /** the plugins' recurring jobs (`tick(now)` runs one round by hand); its timer starts with `listen` */
  scheduler: Scheduler;
  bootMs: number;
  /** what the first start did at this boot: administrator, demo account (which case applied) */
  firstStart: FirstStartReport;
  /** the demo part of the first start again, under its lock (`npm run seed-demo`, tests) */
  seedDemo(demo: DemoRequest): Promise<DemoOutcome>;
  /** runs `fn` in one transaction as the system (no user), for a company or none */
  asSystem<T>(companyId: string | null, fn: (ctx: CallContext) => Promise<T>, pluginId?: string): Promise<T>;
  listen(port?: number, host?: string): Promise<{ url: string; server: http.Server }>;
  stop(): Promise<void>;
}

/** The record an event is about (its payload's `_id`), under which background work is queued. */
function recordOf(e: BusEvent): string | null {
  const id = (e.payload as { _id?: unknown } | null)?._id;
  return typeof id === 'string' ? id : null;
}

/** Redis unreachable at start: a French sentence naming REDIS_URL (without its password). */
function redisStartError(url: string, cause: unknown): ConfigError {
  let shown = url;
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    shown = u.toString();
  } catch { /* validated by loadConfig */ }
  return new ConfigError(`Redis injoignable (REDIS_URL=${shown}) : ${(cause as Error).message}. Démarrez Redis, ou retirez REDIS_URL pour un seul processus.`);
}

const SYSTEM_CALLER = (companyId: string | null): CallerInfo => ({
  userId: null, sessionId: null, companyId, god: true, permissions: new Set(),
});

/**
 * Boots a kernel. A boot that fails half-way (a migration, a plugin, the first start) closes what it
 * had opened — the mail queue's timer, the Redis link, the database, the storage — so that nothing
 * keeps running on a database a caller is about to drop (tools and tests catch boot failures).
 */
export async function createKernel(options: KernelOptions): Promise<Kernel> {
  const opened: (() => Promise<void>)[] = [];
  try {
    return await bootKernel(options, opened);
  } catch (e) {
    for (const close of opened.reverse()) await close().catch(() => {});
    throw e;
  }
}

async function bootKernel(options: KernelOptions, opened: (() => Promise<void>)[]): Promise<Kernel> {
  const started = performance.now();
  const { config } = options;
  const log = options.logger ?? createLogger(config);
  const clock = options.clock ?? systemClock;
  // the storage first: an S3 bucket that does not answer stops the start before anything is opened
  const files = await openStorage(config.storage);
  opened.push(() => files.close());
  const { storage } = files;
  const db = options.db ?? openDatabase(config);
  if (!options.db) opened.push(() => db.destroy());
  const events = createEventBus((err, e) => log.error({ err, event: e.name }, 'event handler failed'));
  // subscriptions declared `background: true` run after the answer, one at a time (events/background.ts)
  // at a low priority: when no request is in progress (the gate counts them, first middleware below)
  const load = createLoadGate();
  const background = createBackgroundQueue((err) => log.error({ err }, 'background subscription failed'), load);

  const mailer = createMailer({ db, log, clock });
  opened.push(() => mailer.stop());
  // delivery after the commit of the call that queued (events are published after commits)
  events.on(MAIL_QUEUED_EVENT, () => { mailer.kick(); });
  // with REDIS_URL, hubs of every process share one fan-out; Redis away at start is a start error
  let fanout: Fanout | undefined;
  if (config.redisUrl) {
    try {
      fanout = await createRedisFanout({ url: config.redisUrl, channel: config.redisChannel, log });
    } catch (e) {
      throw redisStartError(config.redisUrl, e);
    }
    const link = fanout;
    opened.push(() => link.close());
  }
  const variants = createVariantQueue(storage);
  // bytes of deleted attachments go after the commit that dropped them
  events.on(ATTACHMENTS_RELEASED_EVENT, (e) => removeKeys(storage, (e.payload as AttachmentsReleased).keys));
  const root = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
  root.register({
    config: asValue(config),
    logger: asValue(log),
    db: asValue(db),
    clock: asValue(clock),
    ids: asValue({ newId }),
    events: asValue(events),
    mailer: asValue(mailer),
    /** the same; `mailer` in the kernel's scope is the `kernel.mailer` service built on it */
    mailService: asValue(mailer),
    storage: asValue(storage),
    /** image variants drawn once, a few at a time (kernel/services/files/variant-queue.ts) */
    variants: asValue(variants),
    backgroundQueue: asValue(background),
  });

  // discovery and order
  const dirs = options.pluginDirs ?? discoverPluginDirs(pluginRoots(config));
  const plugins = new Map<string, LoadedPlugin>();
  for (const { manifest, def } of await loadPluginSet(dirs)) plugins.set(manifest.id, { manifest, def, container: root.createScope() });
  // from here on, so that boot steps (onBoot) can see what is loaded
  root.register({ plugins: asValue(plugins) });
  // the declared references of every entity, resolved now: a wrong declaration stops the boot
  referenceIndexOf(plugins);
  // extension points and their contributions, checked now: a wrong contribution stops the boot
  const extensions = extensionRegistryOf(plugins);
  for (const { plugin, point } of extensions.ignored) log.info({ plugin, point }, 'contribution left aside: its plugin is not loaded');
  // numbering kinds: a kind declared twice or badly named stops the boot
  numberingKindsOf(plugins);

  // migrations, in dependency order
  await migratePlugins(db, [...plugins.values()].map((p) => p.def), clock.now(), log);

  for (const p of plugins.values()) registerPluginServices(p, plugins);

  const newCall = (pluginId: string, opts: ConstructorParameters<typeof Call>[1]) => {
    void pluginId;
    return new Call(plugins, opts);
  };

  /** one transaction as the system (no user) for a company or none; events published after the commit */
  const systemCall: SystemCall = async (companyId, pluginId, now, fn) => {
    let call!: Call;
    // as a request's writes: the SQLite write lock taken first (another process booting or
    // seeding may hold it longer than busy_timeout), a deadlock victim run again
    const result = await inWriteTransaction(db, async (trx) => {
      call = new Call(plugins, { requestId: `system-${newId()}`, caller: SYSTEM_CALLER(companyId), db: trx, log, now, batchActivities: true });
      const result = await fn(call.context(pluginId), trx);
      // its activities in one INSERT, before the commit
      await call.flush();
      return result;
    });
    await events.publish(call.events);
    return result;
  };
  const asSystem = <T>(companyId: string | null, fn: (ctx: CallContext) => Promise<T>, pluginId = 'kernel') =>
    systemCall(companyId, pluginId, clock.now(), (ctx) => fn(ctx));

  // subscriptions run as the system for the event's company, each in its own transaction
  for (const p of plugins.values()) {
    for (const s of p.def.subscriptions ?? []) {
      const run = (e: BusEvent) => asSystem(e.companyId, (ctx) => Promise.resolve(s.handler(e, ctx)), p.def.id);
      if (!s.background) events.on(s.event, run);
      else events.on(s.event, (e) => { background.push(recordOf(e), () => run(e)); });
    }
  }

  for (const p of plugins.values()) {
    if (p.def.onBoot) {
      await p.def.onBoot({ log, asSystem: (companyId, fn) => asSystem(companyId, fn, p.def.id) });
    }
  }

  // settings, administrator, demo account and its examples, under the first-start lock
  const firstStartDeps = { db, config, log, plugins: [...plugins.values()], systemCall, now: () => clock.now() };
  const firstStartReport = await firstStart(firstStartDeps, options.demo);

  const scheduler = createScheduler({
    db, log, clock, systemCall, jobs: collectJobs(plugins.values()), intervalMs: config.jobsIntervalSeconds * 1000,
  });

  const catalogue = catalogueOf(plugins.values());
  const { store: throttleStore, loginLimiter, invitationLimiter } = createThrottles({ db, config, clock, log });
  const caches = createRequestCaches(db);
  // this process forgets before the answer of the request that committed the change (the bus is
  // published before it); registered before the bridge, so before any hub re-checks a socket
  events.on('*', (e) => {
    const change = authChangeOf(e);
    if (change) caches.forget(change);
  });
  // with Redis, a read from the cache first waits until this process read what was published before
  const redisFanout = fanout;
  const authenticator = createAuthenticator(db, clock, () => catalogue, caches.identities, redisFanout ? () => redisFanout.barrier() : null);
  const realtime = createRealtime({ events, authenticator, plugins: plugins.values(), log, fanout });
  // the other processes' changes, as the bridge sends them; nothing kept while Redis is away
  realtime.fanout.watch({
    message: (m) => { if (m.kind === 'recheck') caches.forget(m); },
    link: (up) => {
      caches.link(up);
      log[up ? 'info' : 'warn']({ up }, up ? 'redis fan-out: subscribed again, caches restarted' : 'redis fan-out: link down, caches off');
    },
  });
  // live-only notifications are forgotten once expired (their choices stop working)
  const purge = setInterval(() => {
    purgeExpired(db, clock.now()).catch((err) => log.warn({ err }, 'notifications: purge failed'));
    throttleStore.purge(clock.now().getTime()).catch((err) => log.warn({ err }, 'throttle: purge failed'));
  }, 3600_000);
  purge.unref();
  root.register({ loginLimiter: asValue(loginLimiter), invitationLimiter: asValue(invitationLimiter), realtime: asValue(realtime) });

  // behind N reverse proxies (COMPTOIR_TRUST_PROXY=N), ctx.ip is the address the farthest of them
  // saw: the N-th entry of X-Forwarded-For from the right, never one a client wrote itself
  const app = new Koa({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy });
  // errors after the answer (a client that went away mid-upload): logged, not printed on stderr
  app.on('error', (err: NodeJS.ErrnoException) => {
    const clientGone = err.code === 'ECONNRESET' || err.code === 'EPIPE' || err.code?.startsWith('HPE_') || err.message === 'aborted';
    log[clientGone ? 'debug' : 'warn']({ err }, 'request stream error');
  });
  app.context.kernel = { plugins, db, clock, config, loginLimiter, events };
  // requests in progress, for the background queue's priority
  app.use(async (_ctx, next) => {
    load.enter();
    try { await next(); } finally { load.leave(); }
  });
  app.use(requestIdMiddleware(log));
  // outside the error middleware: JSON errors are compressed like any answer (http/README.md « Compression »)
  app.use(compressJson());
  // the CSP and document headers of every answer, errors included (http/README.md)
  app.use(securityHeaders());
  app.use(errorMiddleware());
  app.use(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, xFrameOptions: { action: 'deny' } }));
  // bodies and query strings are judged before routing and authentication (http/README.md)
  app.use(jsonBody({ limit: config.bodyLimit }));
  app.use(queryGuard());
  const router = buildRouter({
    db, clock, plugins,
    authenticator,
    newCall,
    publish: (call) => events.publish(call.events),
    throttleStore,
  });
  app.use(router.routes());
  // no allowedMethods(): an unknown method answers the JSON 404 of the error middleware
  app.use(attachmentServer(storage, variants));
  // a company's website on its own domain (sdk/src/public-site.ts): read as the system, no transaction
  app.use(publicSites({
    handlers: [...plugins.values()].flatMap((p) => (p.def.publicSite ? [{ pluginId: p.def.id, site: p.def.publicSite }] : [])),
    reads: (pluginId, requestId) => ({
      as: (companyId, fn) => fn(new Call(plugins, { requestId, caller: SYSTEM_CALLER(companyId), db, log, now: clock.now() }).context(pluginId)),
    }),
    shellHosts: new Set(config.publicUrl ? [new URL(config.publicUrl).hostname.toLowerCase()] : []),
  }));
  app.use(staticFiles({ hostDist: config.hostDist, plugins: plugins.values() }));

  let server: http.Server | null = null;
  const kernel: Kernel = {
    app, db, container: root, plugins: [...plugins.values()], config, log, events, mailer, scheduler, background,
    bootMs: Math.round(performance.now() - started),
    firstStart: firstStartReport,
    async seedDemo(demo) {
      return (await firstStart(firstStartDeps, demo)).demo;
    },
    asSystem,
    async listen(port = config.port, host = config.host) {
      server = http.createServer(app.callback());
      realtime.attach(server);
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, () => resolve());
      });
      const addr = server.address() as { port: number };
      scheduler.start();
      return { url: `http://${host}:${addr.port}`, server };
    },
    async stop() {
      clearInterval(purge);
      await scheduler.stop();
      await mailer.stop();
      await realtime.close();
      await throttleStore.close();
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = null;
      // what the answers left to do, before the database closes
      await background.idle();
      if (!options.db) await db.destroy();
      await files.close();
    },
  };
  for (const p of kernel.plugins) log.info({ plugin: p.def.id, version: p.manifest.version }, 'plugin loaded');
  return kernel;
}
