/**
 * Typed contracts between plugins (docs/architecture.md « Contracts »).
 *
 * - A **service reference** names a service a plugin exports, with its type: the owner declares it
 *   once in its contract module (`plugins/<id>/contract.ts`, imported by others as
 *   `@comptoir/plugin-<id>/contract`), and a dependent calls `ctx.use(ref)`. Nobody re-declares the
 *   owner's types or spells its service ids.
 * - An **extension point** is a list the owner reads and other plugins add to: the owner declares it
 *   (`defineExtensionPoint`) in its contract and in `definePlugin({ extensionPoints })`; a
 *   contributor adds entries with `contribute(point, value)` in `definePlugin({ contributions })`,
 *   without depending on the owner (a contribution to a plugin that is not installed is left aside);
 *   the owner reads them with `ctx.contributions(point)`.
 *
 * Both are plain data: an id and a phantom type. A contract module holds nothing else (types,
 * references, points), so importing it never runs another plugin's code.
 */
import type { CallContext } from './context.ts';
import type { EntityDefinition } from './entity.ts';

declare const serviceType: unique symbol;
declare const contributionType: unique symbol;

/** A service `<plugin>.<name>` of type T, resolved with `ctx.use(ref)`. */
export interface ServiceRef<T> {
  readonly id: string;
  /** never set: carries T for the compiler */
  readonly [serviceType]?: T;
}

const QUALIFIED = /^[a-z][a-z0-9-]*\.[A-Za-z][A-Za-z0-9-]*$/;

/** `defineServiceRef<InvoicesService>('invoicing.invoices')`: the owner's plugin id, a dot, the exported name. */
export function defineServiceRef<T>(id: string): ServiceRef<T> {
  if (!QUALIFIED.test(id)) throw new Error(`service reference "${id}" must read <plugin>.<service>`);
  return Object.freeze({ id }) as ServiceRef<T>;
}

/**
 * What the loaded plugins declare, as a point's `validate` sees it at boot: enough to check that a
 * contribution names things that exist (an entity, a permission) without reaching into the kernel.
 */
export interface LoadedDeclarations {
  /** a plugin of this id is loaded */
  hasPlugin(id: string): boolean;
  /** the entity `<plugin>.<name>` a loaded plugin declares, or null */
  entity(ref: string): EntityDefinition | null;
  /** a loaded plugin declares this permission (`definePlugin({ permissions })`) */
  hasPermission(sysName: string): boolean;
}

/**
 * A list others contribute to, each entry of type C. `validate` (optional) checks one
 * contribution at boot, with what the loaded plugins declare, and answers what is wrong with it,
 * in words, or null: a wrong contribution stops the boot with the contributor's name, never a
 * request later.
 */
export interface ExtensionPoint<C> {
  readonly id: string;
  /** the plugin that declares and reads it: the part of `id` before the dot */
  readonly owner: string;
  /** what a contribution is for, for the plugin authors (English) */
  readonly description: string;
  readonly validate?: (value: C, loaded: LoadedDeclarations) => string | null;
  readonly [contributionType]?: C;
}

export function defineExtensionPoint<C>(spec: { id: string; description: string; validate?: (value: C, loaded: LoadedDeclarations) => string | null }): ExtensionPoint<C> {
  if (!QUALIFIED.test(spec.id)) throw new Error(`extension point "${spec.id}" must read <owner plugin>.<name>`);
  return Object.freeze({ ...spec, owner: spec.id.slice(0, spec.id.indexOf('.')) }) as ExtensionPoint<C>;
}

/** One entry a plugin adds to a point (`definePlugin({ contributions: [contribute(point, value)] })`). */
export interface Contribution<C = unknown> {
  readonly point: ExtensionPoint<C>;
  readonly value: C;
}

export function contribute<C>(point: ExtensionPoint<C>, value: C): Contribution<C> {
  return Object.freeze({ point, value }) as Contribution<C>;
}

/**
 * What `ctx.contributions(point)` answers, in dependency order: each value with who gave it and
 * that plugin's context in the same call (same caller, company and transaction): a function of the
 * contribution is called with `ctx`, so it reads the contributor's own tables.
 */
export interface Contributed<C> {
  /** the contributing plugin's id */
  plugin: string;
  value: C;
  ctx: CallContext;
}

/** The factories a plugin must register for the references of its contract (`satisfies ServicesFor<typeof refs>`). */
export type ServicesFor<R extends Record<string, ServiceRef<unknown>>> = {
  [K in keyof R]: (ctx: CallContext) => R[K] extends ServiceRef<infer T> ? T : never;
};

/** The `exports` of `definePlugin` from the contract's references: the contract is the one list. */
export function exportsOf(refs: Record<string, ServiceRef<unknown>>): string[] {
  return Object.values(refs).map((r) => r.id.slice(r.id.indexOf('.') + 1));
}
