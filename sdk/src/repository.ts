/** What a plugin sees of its data: a repository per entity, already scoped to the active company. */
export interface FilterSpec {
  mode?: 'contains' | 'eq' | 'neq' | 'in' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'exists';
  value?: unknown;
  valueIsObjectId?: boolean;
  valueIsDate?: boolean;
  startDate?: string;
  endDate?: string;
  transient?: boolean;
}

export interface ListParams {
  filters?: Record<string, FilterSpec>;
  pagination?: { quantity?: number; page?: number; cursor?: string };
  sort?: { field?: string; ascending?: boolean };
  aggregations?: { name: string; field: string; sum?: boolean; avg?: boolean; mode?: string }[];
  /**
   * Full-text search over the user properties flagged `fullTextSearch` (every word must match one
   * of them); sort `{ field: '_score', ascending: false }` ranks by their `fullTextWeight`.
   */
  search?: string;
  /** only these fields in each record (and `_id`): http README « Lists », `fields` */
  fields?: string[];
}

export interface ListResult<T> {
  data: T[];
  count: number;
  next: string | null;
  aggregation: Record<string, { sum?: number; avg?: number }>;
}

/** Equality conditions on API paths (`fk.user`, `email`) for internal look-ups; a list means IN. */
export type Where = Record<string, string | number | boolean | null | string[]>;

export interface WriteOptions {
  /**
   * File the Activity in this company's log. By default a change goes to the document's company
   * (`fk.company`), or to no company for personal and server-wide records; a company action on a
   * global record (granting a role to a user) names the company here.
   */
  activityCompanyId?: string | null;
}

export interface UpdateOptions extends WriteOptions {
  /**
   * The stored document as the caller read it in this transaction with `getRawForUpdate` (hidden
   * fields included): the update does not read it again. Anything else (another id) is ignored.
   */
  existing?: unknown;
}

/**
 * A creation prepared outside a lock (`prepareCreate`): `doc` is the document as it will be stored
 * (id, metadata, computed fields, schema defaults), already validated; `write(set)` adds `set`
 * (server-made values such as a number and a hash, validated again with the rest), checks the
 * references, inserts, writes the Activity and queues the event. Written once.
 */
export interface PreparedCreate<T> {
  readonly doc: T;
  write(set?: Record<string, unknown>): Promise<T>;
}

export interface Repository<T> {
  list(params: ListParams, extraWhere?: Where): Promise<ListResult<T>>;
  /** 404 (French message) when absent or outside the company */
  get(id: string): Promise<T>;
  /**
   * `get` that locks the row until the end of the call's transaction (`SELECT … FOR UPDATE` on
   * MySQL/MariaDB, where a plain SELECT takes no lock; SQLite already has one writer at a time).
   * Use it before any decision that depends on a row another request may change at the same time
   * (a credit note against an invoice's remaining amount, a conversion, a payment against the
   * unpaid amount, the last slot, a usage counter): read it locked, decide, then write.
   */
  getForUpdate(id: string): Promise<T>;
  /** `getRaw` with the same lock as `getForUpdate` (hidden fields included) */
  getRawForUpdate(id: string): Promise<T>;
  find(id: string): Promise<T | null>;
  findOne(where: Where): Promise<T | null>;
  findMany(where: Where, options?: { limit?: number; orderBy?: string }): Promise<T[]>;
  findByIds(ids: string[]): Promise<T[]>;
  /**
   * The documents whose declared reference at `path` (`defineEntity({ references })`, e.g.
   * `fk.linkedSales`) names `id`, oldest first, at most `limit`: the other side of a link, read
   * by the plugin that holds it (a contribution to `kernel.record-links`). An id column is
   * compared; a JSON list is searched as text, then read along the path (exact on both engines).
   * A path that is not declared is a programming error (throws).
   */
  findReferencing(path: string, id: string, options?: { limit?: number }): Promise<T[]>;
  count(where?: Where): Promise<number>;
  /** applies schema defaults, id, metadata and company; validates; writes an Activity */
  create(input: Record<string, unknown>, options?: WriteOptions): Promise<T>;
  /**
   * `create` for many documents at once, in order (an import): each is prepared, validated and
   * gets its Activity and event as with `create`, but the references are checked once per
   * referenced table for the whole batch and the rows go in multi-row INSERTs. All or nothing in
   * the caller's transaction; the first invalid document is a 400 before anything is written.
   */
  createMany(inputs: Record<string, unknown>[], options?: WriteOptions): Promise<T[]>;
  /** `create` in two steps: everything but the writes now, the writes when `write` is called (PreparedCreate) */
  prepareCreate(input: Record<string, unknown>, options?: WriteOptions): Promise<PreparedCreate<T>>;
  /** replaces the given top-level fields; validates the result; writes an Activity */
  update(id: string, changes: Record<string, unknown>, options?: UpdateOptions): Promise<T>;
  remove(id: string, options?: WriteOptions): Promise<void>;
  /** the stored document with hidden fields (password hashes): for the owning plugin only */
  getRaw(id: string): Promise<T>;
  findOneRaw(where: Where): Promise<T | null>;
}
