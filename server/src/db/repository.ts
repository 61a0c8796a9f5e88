/**
 * The only way plugins touch their tables. A company-scoped repository adds `fk_company = ?` to
 * every statement, so tenant isolation is a property of the mechanism, not of each route. Every
 * write validates the whole document against the entity schema, writes an Activity (RFC 6902 patch)
 * in the same transaction and queues an event for after the commit.
 */
import type { Knex } from 'knex';
import jsonPatch, { type Operation } from 'fast-json-patch';
import type { EntityDefinition, ListParams, ListResult, PreparedCreate, Repository, Where, WriteOptions } from '@comptoir/sdk';
import { badRequest, conflict, notFound } from '@comptoir/sdk';
import { entityColumns, listColumns, encodeRow, decodeRow, decodeColumns, stripNulls, omitPaths } from './record-codec.ts';
import { toDb } from './codec.ts';
import { validate } from './validation.ts';
import { checkIdentifiers } from './identifier-check.ts';
import { parseListParams } from './list-params.ts';
import { runList, engineOf, type ListPage } from './list-query.ts';
import { newId, isId, normalizeIdentifiers } from '../util/ids.ts';
import { writeActivity, type ActivityBatch } from './activity-writer.ts';
import { applyUserPropsOnWrite, carriesUserProps, forgetUserPropDefinitions, USER_PROPS_TABLE } from './user-props.ts';
import { listWithUserProps } from './user-prop-columns.ts';
import type { ReferenceIndex } from './references.ts';
import { checkReferences, checkReferencesOfMany } from './reference-check.ts';
import { referencingLabels, rowsReferencing } from './reference-usage.ts';
import { totalsSpecOf } from './totals/spec.ts';
import { recordChange } from './totals/store.ts';
import { forgetLocked, rememberLocked } from './locked-rows.ts';

export interface DataContext {
  db: Knex | Knex.Transaction;
  /** null = all companies (unscoped repository) */
  companyId: string | null;
  userId: string | null;
  now(): Date;
  emit(name: string, payload: unknown): void;
  /**
   * The declared references of every loaded entity: writes check the ids they add, deletions of
   * archivable records look for documents that still name them. Absent for the machinery's own
   * repositories (sessions, backups), which write no ids from a request.
   */
  references?: ReferenceIndex;
  /**
   * The call's activities, written in one INSERT before its commit (activity-writer.ts); absent:
   * each activity is inserted with its change.
   */
  activities?: ActivityBatch;
}

/**
 * `createMany`: rows per INSERT, and the bound values one INSERT may carry (SQLite's limit is
 * 32 766; MariaDB's packet holds far more): a row of 25 columns goes 500 at a time.
 */
const ROWS_PER_INSERT = 500;
const BOUND_VALUES = 30_000;

/** What an Activity shows in place of a hidden value (a password hash, an SMTP password). */
export const MASKED = '(masqué)';

/**
 * The patch of a change as an Activity stores it: computed on the whole documents, so that a change
 * of a hidden field (a new password) is a change, with the hidden values replaced by MASKED.
 */
export function redactPatch(entity: EntityDefinition, patch: Operation[]): Operation[] {
  const hidden = (entity.hidden ?? []).map((h) => `/${h.split('.').join('/')}`);
  if (hidden.length === 0) return patch;
  return patch.map((op) => {
    if (!('value' in op)) return op;
    if (hidden.some((h) => op.path === h || op.path.startsWith(`${h}/`))) return { ...op, value: MASKED };
    // an object holding a hidden path is written whole (creation of `auth` with its `pass`)
    const inside = hidden.filter((h) => h.startsWith(`${op.path}/`)).map((h) => h.slice(op.path.length + 1));
    if (inside.length === 0 || !op.value || typeof op.value !== 'object') return op;
    const value = structuredClone(op.value) as Record<string, unknown>;
    for (const rel of inside) {
      const keys = rel.split('/');
      let node: Record<string, unknown> | undefined = value;
      for (const k of keys.slice(0, -1)) node = node?.[k] as Record<string, unknown> | undefined;
      const last = keys[keys.length - 1];
      if (node && typeof node === 'object' && last in node) node[last] = MASKED;
    }
    return { ...op, value };
  });
}

/** A document without its record metadata, for comparisons. */
function withoutMetadata(doc: Record<string, unknown>): Record<string, unknown> {
  const { metadata: _m, ...rest } = doc;
  void _m;
  return rest;
}

function eventName(entity: EntityDefinition, verb: string): string {
  const singular = entity.name.replace(/ies$/, 'y').replace(/s$/, '');
  return `${entity.plugin}.${singular}.${verb}`;
}

export function createRepository<T>(entity: EntityDefinition, ctx: DataContext, scoped: boolean): Repository<T> {
  if (scoped && !entity.companyScoped) throw new Error(`entity ${entity.plugin}.${entity.name} is not company-scoped`);
  if (scoped && !ctx.companyId) throw new Error(`no active company for ${entity.plugin}.${entity.name}`);
  const columns = entityColumns(entity);
  const queryable = listColumns(entity);
  const byPath = new Map(columns.map((c) => [c.path, c]));
  const table = entity.table;
  const companyId = scoped ? ctx.companyId : null;
  const withUserProps = carriesUserProps(entity);
  // every write below adds its difference to the entity's maintained totals (totals/README.md)
  const totals = totalsSpecOf(entity);
  // a definition written in this transaction applies to the records written after it
  const wrote = () => { if (table === USER_PROPS_TABLE) forgetUserPropDefinitions(ctx.db); };

  const scope = (qb: Knex.QueryBuilder) => {
    if (companyId) qb.where(`${table}.fk_company`, companyId);
  };
  const base = () => ctx.db(table).where(scope);

  const applyWhere = (qb: Knex.QueryBuilder, where: Where) => {
    for (const [path, value] of Object.entries(where)) {
      const c = byPath.get(path);
      if (!c) throw new Error(`unknown field ${path} on ${entity.name}`);
      const col = `${table}.${c.column}`;
      if (value === null) qb.whereNull(col);
      else if (Array.isArray(value)) {
        if (value.length === 0) qb.whereRaw('1 = 0');
        else qb.whereIn(col, value.map((v) => toDb(c.kind, v) as Knex.Value));
      }
      else qb.where(col, toDb(c.kind, value) as Knex.Value);
    }
    return qb;
  };

  const decode = (row: Record<string, unknown>, raw = false) =>
    stripNulls(entity, decodeRow<Record<string, unknown>>(entity, row, raw)) as T;

  /** the company a document belongs to: the active one, or for an unscoped write its own `fk.company` */
  const companyOf = (fk: Record<string, unknown> | undefined): string | null =>
    companyId ?? (entity.companyScoped ? (fk?.company as string | null | undefined) ?? null : null);

  const missing = () => notFound(`${capitalize(entity.label)} introuvable.`);

  async function getRaw(id: string, lock = false): Promise<T> {
    if (!isId(id)) throw badRequest(`Identifiant invalide : « ${id} » (24 caractères hexadécimaux attendus).`, [{ field: '_id', message: 'identifiant invalide' }]);
    const qb = base().where(`${table}._id`, id).first();
    // MySQL/MariaDB: a plain SELECT takes no lock; SQLite serialises writers (and has no FOR UPDATE)
    if (lock && engineOf(ctx.db as Knex) === 'mysql') qb.forUpdate();
    const row = await qb;
    if (!row) throw missing();
    if (lock) rememberLocked(ctx.db, table, entity.companyScoped ? (row.fk_company as string) : null, id);
    return decode(row, true);
  }

  function publicView(doc: Record<string, unknown>): T {
    return omitPaths(doc, entity.hidden ?? []) as T;
  }

  /**
   * The company whose activity log shows a change: the entity's own rule (a company files its
   * changes under itself), else the document's company, else the company the caller acted in.
   */
  const activityCompany = (id: string, fk: Record<string, unknown> | undefined, options?: WriteOptions): string | null =>
    options?.activityCompanyId
      ?? entity.activityCompany?.({ _id: id, fk } as never)
      ?? (fk?.company as string | null | undefined)
      ?? null;

  /**
   * What `create` does before its writes (id, metadata, company, computed fields, user properties,
   * identifiers, schema defaults and validation), then `write` for the writes: the reference check,
   * the INSERT, the Activity and the event. A caller that must write under a lock (a document
   * numbered from a counter) prepares first and holds the lock for `write` only.
   */
  async function prepareCreate(input: Record<string, unknown>, options?: WriteOptions): Promise<PreparedCreate<T>> {
    const now = ctx.now().toISOString();
    const body = normalizeIdentifiers(structuredClone(input)) as Record<string, unknown>;
    for (const f of ['_id', 'metadata', ...(entity.readOnly ?? [])]) if (f in input) delete body[f];
    const fk = { ...((body.fk as Record<string, unknown>) ?? {}) };
    if (entity.companyScoped) fk.company = companyId ?? fk.company ?? null;
    const doc: Record<string, unknown> = {
      ...body,
      // an explicit id is accepted from internal callers (bootstrap, imports); routes refuse `_id` in bodies
      _id: isId((input as { _id?: unknown })._id) ? (input as { _id: string })._id : newId(),
      metadata: { creationDate: now, lastModificationDate: now, createdBy: ctx.userId, lastModifiedBy: ctx.userId },
      fk,
    };
    applyDerived(entity, doc);
    if (withUserProps) await applyUserPropsOnWrite(ctx.db, entity, doc, body.userProps, undefined, true);
    checkIdentifiers(entity.schema, doc, null, `${capitalize(entity.label)} invalide`);
    validate(entity.schema, doc, { defaults: true, what: `${capitalize(entity.label)} invalide` });
    let written = false;
    return {
      doc: doc as T,
      async write(set) {
        if (written) throw new Error(`${entity.plugin}.${entity.name}: a prepared creation is written once`);
        written = true;
        if (set && Object.keys(set).length > 0) {
          // server-made values (a number, a hash): checked against the schema like the rest
          Object.assign(doc, set);
          validate(entity.schema, doc, { defaults: true, what: `${capitalize(entity.label)} invalide` });
        }
        if (ctx.references) await checkReferences(ctx.db, ctx.references, entity, companyOf(fk), doc, null);
        await ctx.db(table).insert(encodeRow(entity, doc));
        if (totals) await recordChange(ctx.db, totals, null, doc);
        wrote();
        const shown = publicView(doc) as Record<string, unknown>;
        if (!entity.noActivity) {
          const patch = redactPatch(entity, jsonPatch.compare({}, doc));
          await writeActivity(ctx, entity, doc._id as string, activityCompany(doc._id as string, fk, options), patch, 'création');
        }
        ctx.emit(eventName(entity, 'created'), { _id: doc._id, entity: `${entity.plugin}.${entity.name}` });
        return shown as T;
      },
    };
  }

  const repo: Repository<T> = {
    async list(params: ListParams, extraWhere?: Where): Promise<ListResult<T>> {
      const parsed = parseListParams(params as Record<string, unknown>);
      const spec = {
        table,
        columns: queryable,
        scope: (qb: Knex.QueryBuilder) => { scope(qb); if (extraWhere) applyWhere(qb, extraWhere); },
        totals: totals && companyId && !extraWhere ? { spec: totals, companyId } : undefined,
      };
      const page = withUserProps && companyId
        ? await listWithUserProps(ctx.db, entity, companyId, spec, parsed)
        : await runList(ctx.db as Knex, spec, parsed);
      return { data: decodePage<T>(entity, page), count: page.count, next: page.next, aggregation: page.aggregation };
    },

    async get(id) {
      return publicView((await getRaw(id)) as Record<string, unknown>);
    },
    getRaw: (id) => getRaw(id),

    async getForUpdate(id) {
      return publicView((await getRaw(id, true)) as Record<string, unknown>);
    },
    getRawForUpdate: (id) => getRaw(id, true),

    async find(id) {
      if (!isId(id)) return null;
      const row = await base().where(`${table}._id`, id).first();
      return row ? decode(row) : null;
    },

    async findOne(where) {
      const row = await applyWhere(base(), where).first();
      return row ? decode(row) : null;
    },

    async findOneRaw(where) {
      const row = await applyWhere(base(), where).first();
      return row ? decode(row, true) : null;
    },

    async findMany(where, options = {}) {
      const qb = applyWhere(base(), where);
      const order = options.orderBy ? byPath.get(options.orderBy)?.column : '_id';
      qb.orderBy([{ column: order ?? '_id' }, { column: '_id' }]);
      if (options.limit) qb.limit(options.limit);
      return (await qb).map((r: Record<string, unknown>) => decode(r));
    },

    async findByIds(ids) {
      const valid = [...new Set(ids.filter(isId))];
      if (valid.length === 0) return [];
      const rows = await base().whereIn(`${table}._id`, valid);
      return rows.map((r: Record<string, unknown>) => decode(r));
    },

    async findReferencing(path, id, options = {}) {
      const refs = (ctx.references?.from(entity) ?? []).filter((r) => r.path === path);
      if (refs.length === 0) throw new Error(`${entity.plugin}.${entity.name} declares no reference "${path}" (defineEntity({ references }))`);
      if (!isId(id)) return [];
      const rows = await rowsReferencing(ctx.db, entity, refs, id, companyId, { limit: options.limit });
      return rows.map((r) => decode(r));
    },

    async count(where = {}) {
      const row = await applyWhere(base(), where).count({ n: '*' }).first();
      return Number((row as { n: unknown } | undefined)?.n ?? 0);
    },

    async create(input, options) {
      return (await prepareCreate(input, options)).write();
    },

    prepareCreate: (input, options) => prepareCreate(input, options),

    async createMany(inputs, options) {
      // everything a creation does before its writes, for each; then the writes in bulk
      const docs: Record<string, unknown>[] = [];
      for (const input of inputs) docs.push((await prepareCreate(input, options)).doc as Record<string, unknown>);
      if (docs.length === 0) return [];
      if (ctx.references) {
        // a batch belongs to one company: the active one (a scoped repository), else each document's own
        const byCompany = new Map<string | null, Record<string, unknown>[]>();
        for (const doc of docs) {
          const c = companyOf(doc.fk as Record<string, unknown>);
          const list = byCompany.get(c);
          if (list) list.push(doc); else byCompany.set(c, [doc]);
        }
        for (const [c, list] of byCompany) await checkReferencesOfMany(ctx.db, ctx.references, entity, c, list);
      }
      const rows = docs.map((doc) => encodeRow(entity, doc));
      const perInsert = Math.max(1, Math.min(ROWS_PER_INSERT, Math.floor(BOUND_VALUES / Math.max(1, Object.keys(rows[0]).length))));
      for (let i = 0; i < rows.length; i += perInsert) await ctx.db(table).insert(rows.slice(i, i + perInsert));
      for (const doc of docs) {
        if (totals) await recordChange(ctx.db, totals, null, doc);
        if (!entity.noActivity) {
          const fk = doc.fk as Record<string, unknown>;
          await writeActivity(ctx, entity, doc._id as string, activityCompany(doc._id as string, fk, options), redactPatch(entity, jsonPatch.compare({}, doc)), 'création');
        }
        ctx.emit(eventName(entity, 'created'), { _id: doc._id, entity: `${entity.plugin}.${entity.name}` });
      }
      wrote();
      return docs.map((doc) => publicView(doc));
    },

    async update(id, changes, options) {
      // locked (MySQL/MariaDB): the frozen check and the whole-row write below must be about the
      // row as it is now, not as another transaction left it before committing (a draft emitted
      // meanwhile would be un-emitted by the write of its stale copy)
      // `existing`: the caller read it locked in this transaction already (getRawForUpdate)
      const existing = (options?.existing && (options.existing as { _id?: unknown })._id === id
        ? options.existing
        : await getRaw(id, true)) as Record<string, unknown>;
      const body = normalizeIdentifiers(structuredClone(changes)) as Record<string, unknown>;
      for (const f of ['_id', 'metadata', ...(entity.readOnly ?? [])]) delete body[f];
      const reason = entity.frozen?.(existing as never);
      if (reason && !onlyMutableWhenFrozen(entity, existing, body)) throw conflict(reason);
      const fk = { ...(existing.fk as Record<string, unknown>), ...((body.fk as Record<string, unknown>) ?? {}) };
      if (entity.companyScoped) fk.company = (existing.fk as Record<string, unknown>).company;
      const before = structuredClone(existing);
      const next: Record<string, unknown> = { ...existing, ...body, fk };
      for (const [k, v] of Object.entries(next)) if (v === null && !(k in (existing as object))) delete next[k];
      applyDerived(entity, next);
      if (withUserProps) await applyUserPropsOnWrite(ctx.db, entity, next, body.userProps, existing.userProps, false);
      checkIdentifiers(entity.schema, next, existing, `${capitalize(entity.label)} invalide`);
      // defaults first, so that the patch is the stored change (a sent object missing defaulted
      // parts is not a change), and on whole documents, so that a hidden field (a new password
      // hash) that changes alone is still written
      validate(entity.schema, next, { defaults: true, what: `${capitalize(entity.label)} invalide` });
      const patch = jsonPatch.compare(withoutMetadata(before), withoutMetadata(next));
      if (patch.length === 0) return publicView(before);
      if (ctx.references) await checkReferences(ctx.db, ctx.references, entity, companyOf(fk), next, before);
      next.metadata = {
        ...(existing.metadata as Record<string, unknown>),
        lastModificationDate: ctx.now().toISOString(),
        lastModifiedBy: ctx.userId,
      };
      await base().where(`${table}._id`, id).update(encodeRow(entity, next));
      if (totals) await recordChange(ctx.db, totals, existing, next);
      wrote();
      if (!entity.noActivity) {
        await writeActivity(ctx, entity, id, activityCompany(id, fk, options), redactPatch(entity, patch), 'modification');
      }
      ctx.emit(eventName(entity, 'updated'), { _id: id, entity: `${entity.plugin}.${entity.name}` });
      return publicView(next);
    },

    async remove(id, options) {
      const existing = (await getRaw(id, true)) as Record<string, unknown>;
      const reason = entity.frozen?.(existing as never);
      if (reason) throw conflict(reason);
      if (entity.archive && ctx.references) {
        const fk = existing.fk as Record<string, unknown> | undefined;
        const labels = await referencingLabels(ctx.db, ctx.references, entity, id, companyOf(fk));
        if (labels.length) {
          throw conflict(entity.archive.referenced, labels.map((l) => ({ field: 'références', message: `cité par : ${l}` })));
        }
      }
      await base().where(`${table}._id`, id).delete();
      forgetLocked(ctx.db, table, entity.companyScoped ? ((existing.fk as Record<string, unknown>)?.company as string) : null, id);
      if (totals) await recordChange(ctx.db, totals, existing, null);
      wrote();
      if (!entity.noActivity) {
        const fk = existing.fk as Record<string, unknown>;
        await writeActivity(ctx, entity, id, activityCompany(id, fk, options), redactPatch(entity, jsonPatch.compare(existing, {})), 'suppression');
      }
      ctx.emit(eventName(entity, 'deleted'), { _id: id, entity: `${entity.plugin}.${entity.name}` });
    },
  };
  return repo;
}

/**
 * A frozen document (an emitted invoice) may still have its settlement recomputed by its owner's
 * services: the change passes when every field it really changes is listed in `mutableWhenFrozen`.
 */
function onlyMutableWhenFrozen(entity: EntityDefinition, existing: Record<string, unknown>, body: Record<string, unknown>): boolean {
  const allowed = new Set(entity.mutableWhenFrozen ?? []);
  return Object.entries(body).every(([k, v]) => allowed.has(k) || JSON.stringify(v) === JSON.stringify(existing[k]));
}

/** The entity's computed fields, set on the document (an undefined value removes the field). */
function applyDerived(entity: EntityDefinition, doc: Record<string, unknown>): void {
  if (!entity.derive) return;
  for (const [k, v] of Object.entries(entity.derive(doc as never) as Record<string, unknown>)) {
    if (v === undefined) delete doc[k];
    else doc[k] = v;
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * A list over an entity with a custom condition, for kernel lists whose scope is a membership
 * (users of a company, companies of a user) expressed as a sub-query rather than a list of ids.
 */
export async function listEntity<T>(
  db: Knex, entity: EntityDefinition, params: ListParams, scope: (qb: Knex.QueryBuilder) => void,
): Promise<ListResult<T>> {
  const parsed = parseListParams(params as Record<string, unknown>);
  const page = await runList(db, { table: entity.table, columns: listColumns(entity), scope }, parsed);
  return { data: decodePage<T>(entity, page), count: page.count, next: page.next, aggregation: page.aggregation };
}

/** The records of a list page: whole, or only the asked fields (`fields`, http README « Lists »). */
function decodePage<T>(entity: EntityDefinition, page: ListPage): T[] {
  const { projection } = page;
  return projection
    ? page.rows.map((r) => stripNulls(entity, decodeColumns<Record<string, unknown>>(entity, r, projection)) as T)
    : page.rows.map((r) => stripNulls(entity, decodeRow<Record<string, unknown>>(entity, r)) as T);
}
