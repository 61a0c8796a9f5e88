/**
 * One entry per plugin, declared as data (DESIGN §9). The package.json `comptoir` manifest holds
 * what the loader needs before running any code (id, sdk range, dependsOn, menu, client); the
 * definition holds the code: services, routes, migrations, entities, permissions, events.
 */
import type { TSchema } from '@sinclair/typebox';
import type { Migration } from './migrations.ts';
import type { EntityDefinition } from './entity.ts';
import type { RouteDefinition } from './routes.ts';
import type { CallContext, BusEvent, Logger } from './context.ts';

export interface PermissionDefinition {
  /** `<plugin>.<thing>.<verb>`, e.g. `kernel.users.manage` */
  sysName: string;
  category: string;
  /** French label */
  name: string;
  description?: string;
  mode?: 'company' | 'global';
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
  events?: EventDefinition[];
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
  /** after migrations, before listening */
  onBoot?(boot: BootContext): Promise<void>;
}

export function definePlugin(def: PluginDefinition): PluginDefinition {
  if (!/^[a-z][a-z0-9-]*$/.test(def.id)) throw new Error(`plugin id "${def.id}" must be kebab-case`);
  return def;
}

export type { TSchema };
