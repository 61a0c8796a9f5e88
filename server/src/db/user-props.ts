/**
 * User properties in the repository layer, so that they hold for every plugin and every writer:
 * - which entities carry them (company-scoped, built with `Entity()`, not opted out);
 * - the definitions applying to a collection in a company: its private ones and the server ones
 *   for all companies or linked to it; another company's private properties never apply;
 * - on each create and update, the record's `userProps` checked and completed (user-prop-values);
 * - in lists, `userProps.<variable>` as a filterable, sortable column (user-prop-columns.ts).
 *
 * Cost: none in the steady state. Reads and writes use the kernel's per-process cache
 * (`definitionsCache`), forgotten on every process when a definition changes
 * (server/src/http/auth-cache.ts): reads per collection, transactions the whole company's at once,
 * remembered for the rest of the transaction (an import of 1 000 contacts asks once). A transaction
 * that writes a definition reads the database from then on (the cache learns of its change only
 * after its commit).
 */
import type { Knex } from 'knex';
import type { EntityDefinition } from '@comptoir/sdk';
import { badRequest } from '@comptoir/sdk';
import { applyUserPropValues, type UserProp } from '@comptoir/schemas';
import { UserProps } from '../entities/platform.ts';
import { decodeRow } from './record-codec.ts';
import { createForgetfulCache, type ForgetfulCache } from '../util/forgetful-cache.ts';

export const USER_PROPS_TABLE = UserProps.table;

/** `contacts.customers`: how a definition's `pluginIdentifier` names an entity's collection. */
export const collectionOf = (entity: EntityDefinition) => `${entity.plugin}.${entity.name}`;

/** true for the generic `userProps` bag of `Entity()` (ServerSettings has a typed settings object there) */
function genericBag(entity: EntityDefinition): boolean {
  const s = (entity.schema.properties as Record<string, { patternProperties?: unknown }>).userProps;
  return !!s && s.patternProperties !== undefined;
}

export function carriesUserProps(entity: EntityDefinition): boolean {
  return entity.companyScoped && entity.userProps !== false && genericBag(entity);
}

/** whether a definition applies to records of `companyId` */
export function appliesTo(def: Pick<UserProp, 'server' | 'applyForAllCompanies' | 'fk'>, companyId: string): boolean {
  if (!def.server) return def.fk.company === companyId;
  return def.applyForAllCompanies || def.fk.companies.includes(companyId);
}

const perTransaction = new WeakMap<object, Map<string, Map<string, UserProp[]>>>();
/** transactions that wrote a definition: the shared cache no longer speaks for them */
const wroteDefinitions = new WeakSet<object>();

/** Forgets what a transaction remembered (it wrote a definition). */
export function forgetUserPropDefinitions(db: Knex | Knex.Transaction): void {
  perTransaction.delete(db);
  wroteDefinitions.add(db);
}

/**
 * Per database handle, so that every kernel of a process on one database forgets the same cache;
 * keyed by its client's `config`, the one object a knex transaction shares with its root (its
 * client is a new object: knex/lib/execution/transaction.js `makeTxClient`).
 */
const shared = new WeakMap<object, ForgetfulCache<UserProp[]>>();
const cacheOf = (db: Knex | Knex.Transaction) => shared.get((db as Knex).client.config);

/** The cache of the definitions, made by the kernel (tools read fresh). */
export function definitionsCache(db: Knex): ForgetfulCache<UserProp[]> {
  let cache = cacheOf(db);
  if (!cache) {
    cache = createForgetfulCache<UserProp[]>({ max: 2_000, ttlMs: 30_000, maxSize: 50_000, sizeOf: (defs) => 1 + defs.length });
    shared.set(db.client.config, cache);
  }
  return cache;
}

/** The definitions applying to `collection` in `companyId`, by variable order of creation. */
export async function definitionsFor(db: Knex | Knex.Transaction, collection: string, companyId: string): Promise<UserProp[]> {
  const inTransaction = (db as Knex.Transaction).isTransaction === true;
  if (inTransaction) return (await companyDefinitions(db, companyId)).get(collection) ?? [];
  const cache = cacheOf(db);
  const key = `${collection}\u0000${companyId}`;
  const hit = cache?.get(key);
  if (hit) return hit;
  const ticket = cache?.ticket() ?? 0;
  const rows = await db(USER_PROPS_TABLE)
    .where('pluginIdentifier', collection)
    .where((w) => w.where('fk_company', companyId).orWhereNull('fk_company'))
    .orderBy('_id');
  const defs = rows
    .map((r: Record<string, unknown>) => decodeRow<UserProp>(UserProps, r))
    .filter((d: UserProp) => appliesTo(d, companyId));
  cache?.set(key, defs, ticket);
  return defs;
}

/**
 * In a transaction, every definition applying to the company, by collection, read in one statement
 * the first time one is needed and remembered until the transaction ends or writes a definition: a
 * write that touches several collections (an invoice and its customer's balance) reads them once,
 * before any lock it takes next.
 */
async function companyDefinitions(db: Knex | Knex.Transaction, companyId: string): Promise<Map<string, UserProp[]>> {
  const memo = perTransaction.get(db) ?? new Map<string, Map<string, UserProp[]>>();
  const hit = memo.get(companyId);
  if (hit) return hit;
  const cache = wroteDefinitions.has(db) ? undefined : cacheOf(db);
  // every collection's at once, under a key no collection name can take (they contain a dot)
  const key = `\u0000${companyId}`;
  let defs = cache?.get(key);
  if (!defs) {
    const ticket = cache?.ticket() ?? 0;
    const rows = await db(USER_PROPS_TABLE)
      .where((w) => w.where('fk_company', companyId).orWhereNull('fk_company'))
      .orderBy('_id');
    defs = (rows as Record<string, unknown>[])
      .map((r) => decodeRow<UserProp>(UserProps, r))
      .filter((d) => appliesTo(d, companyId));
    cache?.set(key, defs, ticket);
  }
  const byCollection = new Map<string, UserProp[]>();
  for (const def of defs) {
    const list = byCollection.get(def.pluginIdentifier) ?? [];
    list.push(def);
    byCollection.set(def.pluginIdentifier, list);
  }
  memo.set(companyId, byCollection);
  perTransaction.set(db, memo);
  return byCollection;
}

/**
 * Checks and completes `doc.userProps` before the document is validated and stored. `sent` is the
 * userProps of the create or update body (undefined when not sent); `stored` the record's current
 * ones (update). A 400 names each wrong `userProps.<variable>`; nothing is written.
 */
export async function applyUserPropsOnWrite(
  db: Knex | Knex.Transaction, entity: EntityDefinition, doc: Record<string, unknown>,
  sent: unknown, stored: unknown, creating: boolean,
): Promise<void> {
  const companyId = (doc.fk as { company?: string | null } | undefined)?.company;
  if (!companyId) return;
  const defs = await definitionsFor(db, collectionOf(entity), companyId);
  if (defs.length === 0 && (sent === undefined || sent === null)) return;
  const { values, errors } = applyUserPropValues(defs, stored, sent, creating);
  if (errors.length) {
    const label = entity.label.charAt(0).toUpperCase() + entity.label.slice(1);
    const first = errors.slice(0, 3).map((e) => `« ${e.field} » : ${e.message}`).join(' ; ');
    throw badRequest(`${label} invalide — ${first}${errors.length > 3 ? ` (et ${errors.length - 3} autre(s))` : ''}.`, errors);
  }
  doc.userProps = values;
}
