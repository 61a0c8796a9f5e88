/**
 * A call is one unit of work (an HTTP request, a job, a boot step) with its caller, its company and
 * its database handle (a transaction for writes). Each plugin gets its own awilix scope within the
 * call, built lazily: its own services, plus `<dep>.<name>` for the exports of the plugins it
 * declared in `dependsOn` (resolved inside the owner's scope, so the owner's private services stay
 * private). The kernel is an implicit dependency of every plugin.
 */
import { asFunction, asValue, type AwilixContainer } from 'awilix';
import type { Knex } from 'knex';
import type { TObject } from '@sinclair/typebox';
import type {
  BusEvent, CallContext, CallerInfo, Contributed, EntityDefinition, ExtensionPoint, Logger, PluginDefinition, PluginManifest, ServiceRef,
} from '@comptoir/sdk';
import { createRepository } from '../db/repository.ts';
import { referenceIndexOf } from '../db/references.ts';
import { extensionRegistryOf } from './extensions.ts';
import { ActivityBatch } from '../db/activity-writer.ts';

export interface LoadedPlugin {
  manifest: PluginManifest;
  def: PluginDefinition;
  /** child of the root container holding this plugin's service registrations */
  container: AwilixContainer;
}

export interface CallOptions {
  requestId: string;
  caller: CallerInfo;
  db: Knex | Knex.Transaction;
  log: Logger;
  now: Date;
  /**
   * The call runs in a write transaction that calls `flush()` before its commit: its activities
   * are collected and written in one INSERT then (db/activity-writer.ts). Without it each is
   * inserted with its change.
   */
  batchActivities?: boolean;
}

export class Call {
  readonly events: BusEvent[] = [];
  private readonly activities: ActivityBatch | undefined;
  private readonly scopes = new Map<string, AwilixContainer>();
  private readonly contexts = new Map<string, CallContext>();

  constructor(private readonly plugins: Map<string, LoadedPlugin>, readonly opts: CallOptions) {
    this.activities = opts.batchActivities ? new ActivityBatch() : undefined;
  }

  /** Writes what the call collected (its activities) in its transaction: before the commit. */
  async flush(): Promise<void> {
    await this.activities?.flush(this.opts.db);
  }

  context(pluginId: string): CallContext {
    let ctx = this.contexts.get(pluginId);
    if (ctx) return ctx;
    const { caller, db, log, requestId, now } = this.opts;
    const references = referenceIndexOf(this.plugins);
    const dataCtx = (companyId: string | null) => ({
      db, companyId, userId: caller.userId, now: () => now,
      emit: (name: string, payload: unknown) => this.queue(name, payload),
      references,
      activities: this.activities,
    });
    const owns = (entity: EntityDefinition) => {
      if (entity.plugin !== pluginId) {
        throw new Error(`plugin "${pluginId}" may not use the tables of "${entity.plugin}" (entity ${entity.name}); use its exported services`);
      }
    };
    ctx = {
      requestId,
      caller,
      log,
      now,
      repo: <E extends EntityDefinition<TObject>>(entity: E) => {
        owns(entity);
        return createRepository(entity, dataCtx(caller.companyId), true);
      },
      unscoped: <E extends EntityDefinition<TObject>>(entity: E) => {
        owns(entity);
        return createRepository(entity, dataCtx(null), false);
      },
      resolve: <T>(name: string) => this.scope(pluginId).resolve<T>(name),
      use: <T>(ref: ServiceRef<T>) => this.scope(pluginId).resolve<T>(ref.id),
      contributions: <C>(point: ExtensionPoint<C>) => this.contributionsTo(pluginId, point),
      can: (permission: string) => caller.god || caller.permissions.has(permission),
      emit: (name: string, payload: unknown) => this.queue(name, payload),
    } as CallContext;
    this.contexts.set(pluginId, ctx);
    return ctx;
  }

  /** only the owner reads its point: the contributions are its inputs, not a public list */
  private contributionsTo<C>(pluginId: string, point: ExtensionPoint<C>): Contributed<C>[] {
    if (point.owner !== pluginId) throw new Error(`plugin "${pluginId}" may not read the extension point "${point.id}" of "${point.owner}"`);
    const registry = extensionRegistryOf(this.plugins);
    const entries = registry.contributions.get(point.id);
    if (!entries) throw new Error(`extension point "${point.id}" is not declared by "${point.owner}" (definePlugin({ extensionPoints }))`);
    return entries.map((e) => ({ plugin: e.plugin, value: e.value as C, ctx: this.context(e.plugin) }));
  }

  private queue(name: string, payload: unknown) {
    this.events.push({
      name, payload, companyId: this.opts.caller.companyId, userId: this.opts.caller.userId,
      sessionId: this.opts.caller.sessionId, date: this.opts.now.toISOString(),
    });
  }

  scope(pluginId: string): AwilixContainer {
    let scope = this.scopes.get(pluginId);
    if (scope) return scope;
    const plugin = this.plugins.get(pluginId);
    if (!plugin) throw new Error(`unknown plugin ${pluginId}`);
    scope = plugin.container.createScope();
    scope.register({ callContext: asValue(this.context(pluginId)), call: asValue(this) });
    this.scopes.set(pluginId, scope);
    return scope;
  }
}

/** Registers a plugin's services and the exports of its dependencies into its container. */
export function registerPluginServices(plugin: LoadedPlugin, all: Map<string, LoadedPlugin>): void {
  const { def, container } = plugin;
  for (const [name, factory] of Object.entries(def.services ?? {})) {
    container.register(name, asFunction((cradle: { callContext: CallContext }) => factory(cradle.callContext)).scoped());
  }
  const deps = new Set(Object.keys(plugin.manifest.dependsOn));
  if (def.id !== 'kernel') deps.add('kernel');
  for (const depId of deps) {
    const dep = all.get(depId);
    if (!dep) continue;
    for (const name of dep.def.exports ?? []) {
      if (!dep.def.services?.[name]) throw new Error(`plugin "${depId}" exports "${name}" but has no such service`);
      container.register(`${depId}.${name}`, asFunction((cradle: { call: Call }) => cradle.call.scope(depId).resolve(name)).scoped());
    }
  }
}
