/** What a route handler and a service see of the current call. */
import type { TObject } from '@sinclair/typebox';
import type { EntityDefinition, EntityOf } from './entity.ts';
import type { Repository } from './repository.ts';
import type { Contributed, ExtensionPoint, ServiceRef } from './contracts.ts';

export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  debug(obj: object | string, msg?: string): void;
}

export interface CallerInfo {
  userId: string | null;
  sessionId: string | null;
  companyId: string | null;
  god: boolean;
  permissions: ReadonlySet<string>;
}

/** An event published on the bus after the transaction that caused it has committed. */
export interface BusEvent<P = unknown> {
  name: string;
  payload: P;
  companyId: string | null;
  userId: string | null;
  /** the author's session (null: the system or an access token); live updates use it */
  sessionId?: string | null;
  date: string;
}

export interface CallContext {
  readonly requestId: string;
  readonly caller: CallerInfo;
  /** company-scoped repository (company-scoped entities only) */
  repo<E extends EntityDefinition<TObject>>(entity: E): Repository<EntityOf<E>>;
  /** repository over all companies: for global entities, or explicitly cross-company work */
  unscoped<E extends EntityDefinition<TObject>>(entity: E): Repository<EntityOf<E>>;
  /** a service of this plugin by its name (another plugin's: `use`) */
  resolve<T = unknown>(name: string): T;
  /** an exported service of a declared dependency (or the platform), typed by the owner's contract */
  use<T>(ref: ServiceRef<T>): T;
  /** the contributions to one of this plugin's own extension points, in dependency order */
  contributions<C>(point: ExtensionPoint<C>): Contributed<C>[];
  /** true for god roles or when one of the caller's roles grants the permission */
  can(permission: string): boolean;
  /** queued and published after commit */
  emit(name: string, payload: unknown): void;
  readonly log: Logger;
  readonly now: Date;
}

/** A file of a route's multipart form (`upload` on the route), read whole. */
export interface FormFile {
  name: string;
  mime: string;
  size: number;
  bytes: Uint8Array;
}

export interface RequestContext<B = unknown, Q = unknown> extends CallContext {
  body: B;
  /** the files of a route declared with `upload` (else empty) */
  files?: FormFile[];
  query: Q;
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
  setHeader(name: string, value: string): void;
  /** escape hatch to the underlying Koa context (streams, raw bodies) */
  raw: unknown;
}
