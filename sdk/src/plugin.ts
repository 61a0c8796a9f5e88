/**
 * One entry per plugin, declared as data (docs/architecture.md « Plugins as data »). The package.json `comptoir` manifest holds
 * what the loader needs before running any code (id, sdk range, dependsOn, menu, client); the
 * definition holds the code: services, routes, migrations, entities, permissions, events.
 */
import type { TSchema } from '@sinclair/typebox';
import type { Migration } from './migrations.ts';
import type { EntityDefinition } from './entity.ts';
import type { RouteDefinition } from './routes.ts';
import type { CallContext, BusEvent, Logger } from './context.ts';
import type { Contribution, ExtensionPoint } from './contracts.ts';
import type { PublicSite } from './public-site.ts';

export interface PermissionDefinition {
  /** `<plugin>.<thing>.<verb>`, e.g. `kernel.users.manage` */
  sysName: string;
  category: string;
  /** French label */
  name: string;
  description?: string;
  mode?: 'company' | 'global';
}

/**
 * A kind of notification the plugin sends (docs/architecture.md « Plugins as data »): listed in the
 * users' notification preferences, where each user chooses push (live toast), signal (kept in the
 * notification centre) and e-mail for it; the flags here are the choices of a user who never chose
 * (all true by default). Send one with `kernel.notifier.notify(to, { kind: sysName, ... })`.
 */
export interface PushNotificationDefinition {
  /** `<plugin>.<thing>`, e.g. `invoicing.invoice-paid` */
  sysName: string;
  /** French heading the preferences group it under */
  category: string;
  /** French label */
  name: string;
  description?: string;
  /** any (default): named users or the whole company; user: named users only; company: the whole company only */
  recipient?: 'any' | 'user' | 'company';
  /** a recipient must hold all of these permissions in the company, else does not receive it */
  permissions?: string[];
  /** company (default): chosen per company; global: one choice for all of a user's companies */
  mode?: 'company' | 'global';
  push?: boolean;
  signal?: boolean;
  email?: boolean;
}

/**
 * A numbered record kind of the plugin (docs/architecture.md « Plugins as data »): one counter per company, kept in the
 * company's `numbering` settings under `kind`, shown in the company's numbering screen while the
 * plugin is loaded, taken with `kernel.numbering.take(kind)`. Kinds are global: two plugins may not
 * declare the same one (the boot stops).
 */
export interface NumberingKindDefinition {
  /** camelCase key in `Company.numbering`, e.g. `invoice`, `paymentPurchase` */
  kind: string;
  /** French label of the numbering screen, e.g. `Factures` */
  label: string;
  /** a document or ticket: shown first, at least 7 digits by default; otherwise a counter, 1 digit */
  document?: boolean;
}

export interface EventDefinition {
  /** `<plugin>.<entity>.<past-tense verb>`, e.g. `invoicing.invoice.paid` */
  name: string;
  description: string;
}

export interface MenuEntry {
  /** French label */
  label: string;
  /** shell route, e.g. `/factures` */
  path: string;
  icon?: string;
  permission?: string;
  order?: number;
}

export interface PluginManifest {
  id: string;
  version: string;
  /** semver range of @comptoir/sdk the plugin was built against */
  sdk: string;
  /** plugin id -> semver range */
  dependsOn: Record<string, string>;
  menu: MenuEntry[];
  /** client remote, relative to the plugin folder (built Module Federation remote) */
  client: { remote: string; exposes?: string[] } | null;
  /** server entry, relative to the plugin folder */
  server: string;
  /** absolute folder (set by the loader) */
  dir: string;
}

/**
 * A service factory receives the call context (who, which company, the transaction) and returns
 * the service. Services are made per call, so they never hold another company's state.
 */
export type ServiceFactory<T = unknown> = (ctx: CallContext) => T;

export interface Subscription {
  event: string;
  handler(event: BusEvent, ctx: CallContext): Promise<void> | void;
  /**
   * Run after the answer of the request that published the event, one at a time per process (in
   * publication order), rather than before it: for work the answer does not need and that would
   * make every such request wait (rendering a document). As the system, in a transaction of its
   * own, like any subscription; a process that stops first runs what is queued. Readers of its
   * result wait for it with `kernel.background.settled(id)` (id: the payload's `_id`).
   */
  background?: boolean;
}

/**
 * One schedule of a job: a fixed one (`cron` or `every` on the job), or one of those a job reads
 * from data at each tick (`schedules`: one per invoice template rule, per bank account…).
 */
export interface JobSchedule {
  /** unique within the job (`<templateId>:<rule>`); '' for the job's own schedule */
  key: string;
  /** cron pattern, Europe/Paris (`@comptoir/sdk/schedule`) */
  cron?: string;
  /** or a period in seconds: occurrences at the multiples of it since 1970 (UTC) */
  every?: number;
  /** the company the runs act for (the system, in that company), or null */
  companyId: string | null;
  /**
   * No occurrence at or before this instant is run: when the schedule was made or last changed,
   * so that a rule created on the 15th does not fire for the 1st.
   */
  since?: Date | string;
  /** handed back to `run` (ids the run needs) */
  data?: unknown;
}

/** What a run is for: one occurrence of one schedule. */
export interface JobRun {
  /** `<plugin>.<job name>` */
  job: string;
  key: string;
  occurrence: Date;
  /** older occurrences this run replaces (catch-up `latest`): recorded as missed, not run */
  missed: Date[];
  /** 1 for the first attempt */
  attempt: number;
  data?: unknown;
}

/**
 * What to do with occurrences that passed while no kernel process was running:
 * `latest` runs the most recent one once and records the others as missed (the default);
 * `each` runs every one, oldest first (at most 100 per tick); `none` runs an occurrence only within
 * 5 minutes of its time and records the others as missed.
 */
export type JobCatchUp = 'latest' | 'each' | 'none';

/**
 * A recurring job (docs/architecture.md « Plugins as data »): run by the kernel exactly once per occurrence
 * whatever the number of kernel processes — each run is one transaction, as the system, that also
 * inserts the occurrence's claim row (unique per job, key and occurrence): a second process waits
 * for it and finds it taken, a crashed or failed run rolls back with its claim and is retried.
 */
export interface JobDefinition {
  /** kebab-case, unique in the plugin; the job is known as `<plugin>.<name>` */
  name: string;
  cron?: string;
  every?: number;
  /** schedules read at each tick, across companies (the call has no company: use `unscoped`) */
  schedules?(ctx: CallContext): Promise<JobSchedule[]>;
  catchUp?: JobCatchUp;
  /** attempts of a failing occurrence before it is left `failed` (default 5; backoff 1, 5, 15, 60 min) */
  maxAttempts?: number;
  /** one occurrence, in its own transaction, as the system for the schedule's company */
  run(ctx: CallContext, run: JobRun): Promise<void> | void;
  /** after a failed attempt (the run's transaction is rolled back), in a new transaction */
  failed?(ctx: CallContext, run: JobRun, error: Error): Promise<void> | void;
}

export interface BootContext {
  log: Logger;
  /** runs `fn` as the system (no user) for a company, in one transaction */
  asSystem<T>(companyId: string | null, fn: (ctx: CallContext) => Promise<T>): Promise<T>;
}

export interface PluginDefinition {
  id: string;
  entities?: EntityDefinition[];
  migrations?: Migration[];
  permissions?: PermissionDefinition[];
  /** kinds of notifications the plugin sends, for the users' preferences */
  pushNotifications?: PushNotificationDefinition[];
  events?: EventDefinition[];
  /** the counters this plugin numbers its records with (checked at boot) */
  numberingKinds?: NumberingKindDefinition[];
  services?: Record<string, ServiceFactory>;
  /** names of `services` that dependents may resolve as `<id>.<name>` */
  exports?: string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  routes?: RouteDefinition<any, any>[];
  subscriptions?: Subscription[];
  /**
   * Examples for the French demo company of `npm start` / `npm run seed-demo`, run as the system in
   * that company, in dependency order (customers before invoices). Called at every seed run: seed
   * only what is missing (nothing when the plugin already has data in the company).
   */
  seedDemo?(ctx: CallContext): Promise<void>;
  /** recurring jobs, run by the kernel's scheduler (server/src/jobs/) */
  jobs?: JobDefinition[];
  /** the extension points this plugin offers (ids `<this plugin>.<name>`); it reads them with `ctx.contributions` */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  extensionPoints?: ExtensionPoint<any>[];
  /** what this plugin adds to other plugins' extension points (`contribute(point, value)`) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  contributions?: Contribution<any>[];
  /** after migrations, before listening */
  onBoot?(boot: BootContext): Promise<void>;
  /** public pages chosen by the request’s Host (public-site.ts), asked in dependency order */
  publicSite?: PublicSite;
}

export function definePlugin(def: PluginDefinition): PluginDefinition {
  if (!/^[a-z][a-z0-9-]*$/.test(def.id)) throw new Error(`plugin id "${def.id}" must be kebab-case`);
  return def;
}

export type { TSchema };
