/**
 * Bulk data for the benchmark, written straight into the kernel's tables with knex, in batches,
 * but row for row as the application writes them: each document is filled with the schema's
 * defaults by the same ajv validation as `repository.create`, then turned into a row by
 * `encodeRow` (money as 1/10 000 euro integers, ISO dates, JSON columns, flattened `fk_*` and
 * `metadata_*`).
 *
 * - `members` users, each a member of one company: a kernel_users row (fk.companies = [company],
 *   settings.activeCompanyId) and its kernel_user_company_profiles row, as addMember writes them;
 * - `companies` companies owned by one user: kernel_companies rows and one profile each, and the
 *   owner's fk.companies listing them all (that is where the kernel reads memberships from).
 *
 * Not written (no list of the benchmark reads them): one activity per row, and the per-company
 * settings and « Administrateur » role that createCompany adds.
 */
import type { Knex } from 'knex';
import type { EntityDefinition } from '@comptoir/sdk';
import { Users, Profiles, Companies } from '../../server/src/kernel/entities.ts';
import { encodeRow, entityColumns } from '../../server/src/db/record-codec.ts';
import { validate } from '../../server/src/db/validation.ts';
import { newId } from '../../server/src/util/ids.ts';
import {
  FAMILY_NAMES, FIRSTNAMES_F, FIRSTNAMES_M, LEGAL_FORMS, NAF_CODES, STREETS, TOWNS, TRADES,
  asciiSlug, digits, phone, pick, rng,
} from './french.ts';

export interface GenerateOptions {
  db: Knex;
  engine: 'sqlite' | 'mysql';
  /** rows of each kind (users of `companyId`, companies of `ownerId`) */
  rows: number;
  /** the company every generated user joins */
  companyId: string;
  /** the user every generated company belongs to */
  ownerId: string;
  /** recorded as metadata.createdBy, as if an administrator had entered them */
  authorId: string;
  /** one argon2id hash shared by every generated user (hashing 100 000 passwords would take hours) */
  passwordHash: string;
  log?: (line: string) => void;
}

export interface GenerateReport {
  users: number;
  companies: number;
  profiles: number;
  ms: { users: number; companies: number; owner: number; total: number };
  /** CPU time of this process meanwhile (user + system), ms: wall time depends on the machine's other work */
  cpuMs: number;
}

type Doc = Record<string, unknown>;

const DAY = 86_400_000;
/** creation dates spread over the three years before a fixed day, so runs are identical */
const EPOCH = Date.UTC(2026, 10, 1);

/** A skewed pick: the first names of a frequency-ordered list come up more often, as in a real register. */
const skewed = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(Math.pow(r(), 1.7) * list.length)];

function metadata(r: () => number, authorId: string): Doc {
  const created = new Date(EPOCH - Math.floor(r() * 3 * 365 * DAY)).toISOString();
  return { creationDate: created, lastModificationDate: created, createdBy: authorId, lastModifiedBy: authorId };
}

/**
 * As repository.create fills a document: the schema's defaults for what the generator leaves out.
 * They are taken once from a minimal document (ajv with useDefaults, the repository's validator)
 * and shared by every row; one row in VALIDATE_EVERY is then validated for real, and its row must
 * come out unchanged, which proves the shared defaults are exactly what validation would add.
 */
function defaultsOf(entity: EntityDefinition, minimal: Doc): Doc {
  const doc = structuredClone(minimal);
  validate(entity.schema, doc, { defaults: true, what: `bench ${entity.name}` });
  for (const k of Object.keys(minimal)) delete doc[k];
  return doc;
}

const VALIDATE_EVERY = 97;

function stored(entity: EntityDefinition, defaults: Doc, doc: Doc, i: number): Record<string, unknown> {
  const full = { ...defaults, ...doc };
  const row = encodeRow(entity, full);
  if (i % VALIDATE_EVERY === 0) {
    const checked = structuredClone(full);
    validate(entity.schema, checked, { defaults: true, what: `bench ${entity.name}` });
    const again = encodeRow(entity, checked);
    for (const [k, v] of Object.entries(again)) {
      if (v !== row[k]) throw new Error(`bench ${entity.name}: column ${k} differs from what the repository writes (${String(row[k])} vs ${String(v)})`);
    }
  }
  return row;
}

/**
 * Rows per INSERT: a few hundred KB for MariaDB; on SQLite, 200 rows (below 32 766 bound
 * parameters), where preparing a longer statement costs more than it saves.
 */
function batchSize(entity: EntityDefinition, engine: 'sqlite' | 'mysql'): number {
  const cols = entityColumns(entity).length;
  return engine === 'sqlite' ? Math.min(200, Math.floor(32_000 / cols)) : Math.floor(30_000 / cols);
}

/**
 * knex writes a multi-row insert on SQLite as `SELECT ? AS a UNION ALL SELECT ...`, which SQLite
 * prepares several times slower than the multi-row VALUES form written here (same table, same
 * columns, same values: only the statement text differs).
 */
async function insertValues(exec: Knex | Knex.Transaction, table: string, rows: Record<string, unknown>[]) {
  const cols = Object.keys(rows[0]);
  const tuple = `(${cols.map(() => '?').join(', ')})`;
  const sql = `insert into ${quoteSqlite(table)} (${cols.map(quoteSqlite).join(', ')}) values ${rows.map(() => tuple).join(', ')}`;
  const bindings: unknown[] = [];
  for (const row of rows) for (const c of cols) bindings.push(row[c] ?? null);
  await exec.raw(sql, bindings as Knex.Value[]);
}

const quoteSqlite = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes rows as they are produced. SQLite: one transaction (better-sqlite3 is synchronous: nothing
 * to overlap). MariaDB: one autocommitted INSERT per batch, two in flight so that building the next
 * batch overlaps the server's work; a transaction of 150 MB would overflow the redo log of a small
 * server and be slower, and the benchmark does not need the load to be atomic.
 */
async function load(
  db: Knex, engine: 'sqlite' | 'mysql', n: number,
  build: (i: number) => [EntityDefinition, Record<string, unknown>][],
): Promise<void> {
  const pending = new Map<EntityDefinition, Record<string, unknown>[]>();
  const inFlight = new Set<Promise<unknown>>();
  let failure: unknown = null;
  const run = async (exec: Knex | Knex.Transaction) => {
    const flush = async (entity: EntityDefinition, rows: Record<string, unknown>[]) => {
      if (engine === 'sqlite') { await insertValues(exec, entity.table, rows); return; }
      const p: Promise<unknown> = exec(entity.table).insert(rows).then(
        () => { inFlight.delete(p); },
        (e: unknown) => { failure ??= e; inFlight.delete(p); },
      );
      inFlight.add(p);
      if (inFlight.size >= 2) await Promise.race(inFlight);
      if (failure) throw failure;
    };
    for (let i = 0; i < n; i++) {
      for (const [entity, row] of build(i)) {
        let list = pending.get(entity);
        if (!list) { list = []; pending.set(entity, list); }
        list.push(row);
        if (list.length >= batchSize(entity, engine)) { pending.set(entity, []); await flush(entity, list); }
      }
    }
    for (const [entity, list] of pending) if (list.length) await flush(entity, list);
    await Promise.all(inFlight);
    if (failure) throw failure;
  };
  if (engine === 'sqlite') {
    // this connection only (the generator's own): a page cache large enough for the indexes being
    // filled; the kernel's connections keep the app's settings
    await db.raw('PRAGMA cache_size = -262144');
    await db.transaction((trx) => run(trx));
  }
  else await run(db);
}

function person(r: () => number) {
  const female = r() < 0.5;
  const firstname = female ? skewed(r, FIRSTNAMES_F) : skewed(r, FIRSTNAMES_M);
  const name = skewed(r, FAMILY_NAMES);
  return { female, firstname, name };
}

function address(r: () => number) {
  const [city, zipCode] = skewed(r, TOWNS);
  return { address: `${1 + Math.floor(r() * 120)} ${pick(r, STREETS)}`, zipCode, city, country: 'France' };
}

/** Share capital: round figures mostly, some with cents, none for sole traders (EI). */
function capital(r: () => number, form: string): number | undefined {
  if (form === 'EI') return undefined;
  const x = r();
  if (x < 0.55) return pick(r, [1, 100, 500, 1000, 1500, 2000, 5000, 7500, 8000, 10000, 15000, 20000, 37000, 50000, 100000]);
  if (x < 0.9) return Math.round(r() * 200_000) + Math.round(r() * 100) / 100;
  return Math.round(r() * 5_000_000) + Math.round(r() * 100) / 100;
}

export async function generate(o: GenerateOptions): Promise<GenerateReport> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = rng(20261121);
  const engine = o.engine;
  const meta0 = { creationDate: new Date(EPOCH).toISOString(), lastModificationDate: new Date(EPOCH).toISOString(), createdBy: null, lastModifiedBy: null };
  const userDefaults = defaultsOf(Users, { _id: newId(), email: 'a@b.fr', metadata: meta0, fk: {} });
  const profileDefaults = defaultsOf(Profiles, { _id: newId(), metadata: meta0, fk: { company: newId(), user: newId() } });
  const companyDefaults = defaultsOf(Companies, { _id: newId(), name: 'x', metadata: meta0, fk: {} });

  // --- users of one company ------------------------------------------------------------------
  await load(o.db, engine, o.rows, (i) => {
    const p = person(r);
    const _id = newId();
    const email = `${asciiSlug(p.firstname)}.${asciiSlug(p.name)}.${i}@${pick(r, ['orange.fr', 'free.fr', 'gmail.com', 'laposte.net', 'sfr.fr', 'wanadoo.fr'])}`;
    const meta = metadata(r, o.authorId);
    const birth = new Date(Date.UTC(1950 + Math.floor(r() * 55), Math.floor(r() * 12), 1 + Math.floor(r() * 28))).toISOString();
    return [
      [Users, stored(Users, userDefaults, {
        _id, civ: p.female ? 'Mme' : 'M.', name: p.name, firstname: p.firstname, birthdate: birth, email,
        password: o.passwordHash, gender: p.female ? 'female' : 'male', telMobile: phone(r, true),
        addresses: [{ ...address(r), delivery: true, invoicing: true }], roles: [],
        settings: { theme: 'light', activeCompanyId: o.companyId },
        metadata: meta, fk: { companies: [o.companyId] },
      }, i)],
      [Profiles, stored(Profiles, profileDefaults, {
        _id: newId(), name: p.name, firstname: p.firstname, email,
        metadata: meta, fk: { company: o.companyId, user: _id },
      }, i)],
    ];
  });
  const tUsers = performance.now();
  o.log?.(`  ${o.rows} users + ${o.rows} profiles: ${Math.round(tUsers - t0)} ms`);

  // --- companies of one user -----------------------------------------------------------------
  const owner = await o.db(Users.table).where({ _id: o.ownerId }).first();
  if (!owner) throw new Error(`owner ${o.ownerId} not found`);
  const companyIds: string[] = [];
  const year = 2026;
  const fiscalYears = [{ name: String(year), startDate: new Date(Date.UTC(year, 0, 1)).toISOString(), endDate: new Date(Date.UTC(year, 11, 31, 22, 59, 59)).toISOString() }];
  await load(o.db, engine, o.rows, (i) => {
    const form = pick(r, LEGAL_FORMS);
    const family = skewed(r, FAMILY_NAMES);
    const trade = skewed(r, TRADES);
    const name = r() < 0.8 ? `${trade} ${family} ${form}` : `${family} ${trade}`;
    const siren = digits(r, 9);
    const _id = newId();
    companyIds.push(_id);
    const meta = metadata(r, o.authorId);
    return [
      [Companies, stored(Companies, companyDefaults, {
        _id, name, subjectToVAT: r() < 0.92, address: { ...address(r), delivery: true, invoicing: true },
        capital: capital(r, form), siren, siret: `${siren}${digits(r, 5)}`, naf: pick(r, NAF_CODES), status: form,
        email: `contact@${asciiSlug(family)}-${asciiSlug(trade)}-${i}.fr`, telBusiness: phone(r, false),
        fiscalYears, metadata: meta, fk: {},
      }, i)],
      [Profiles, stored(Profiles, profileDefaults, {
        _id: newId(), name: owner.name ?? undefined, firstname: owner.firstname ?? undefined, email: owner.email,
        metadata: meta, fk: { company: _id, user: o.ownerId },
      }, i)],
    ];
  });
  const tCompanies = performance.now();
  o.log?.(`  ${o.rows} companies + ${o.rows} profiles: ${Math.round(tCompanies - tUsers)} ms`);

  // --- the owner's memberships, as addMember keeps them ---------------------------------------
  // mysql2 may hand JSON columns back already parsed
  const raw = owner.fk_companies;
  const fkCompanies = (Array.isArray(raw) ? raw : JSON.parse(String(raw ?? '[]'))) as string[];
  const all = [...new Set([...fkCompanies, ...companyIds])];
  await o.db(Users.table).where({ _id: o.ownerId }).update({
    fk_companies: JSON.stringify(all),
    metadata_lastModificationDate: new Date().toISOString(),
  });
  const tOwner = performance.now();
  const cpu = process.cpuUsage(cpu0);

  return {
    users: o.rows,
    companies: o.rows,
    profiles: 2 * o.rows,
    ms: {
      users: Math.round(tUsers - t0),
      companies: Math.round(tCompanies - tUsers),
      owner: Math.round(tOwner - tCompanies),
      total: Math.round(tOwner - t0),
    },
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}
