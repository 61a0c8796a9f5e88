/**
 * Bulk data for the benchmark, written straight into the kernel's tables with knex, in batches,
 * but row for row as the application writes them (rows.ts: the schema's defaults by the same ajv
 * validation as `repository.create`, then `encodeRow`).
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
import { Users, Profiles, Companies } from '../../server/src/entities/platform.ts';
import { newId } from '../../server/src/util/ids.ts';
import { FAMILY_NAMES, LEGAL_FORMS, NAF_CODES, STREETS, TOWNS, TRADES, asciiSlug, digits, person, phone, pick, rng, skewed } from './french.ts';
import { BatchInserter, DAY, EPOCH, defaultsOf, stored, writeAll, type Doc, type Row } from './rows.ts';

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

function metadata(r: () => number, authorId: string): Doc {
  const created = new Date(EPOCH - Math.floor(r() * 3 * 365 * DAY)).toISOString();
  return { creationDate: created, lastModificationDate: created, createdBy: authorId, lastModifiedBy: authorId };
}

/** bound values per MariaDB INSERT: a few hundred KB */
const MYSQL_VALUES = 30_000;

/** `n` rows of each entity `build` returns, written through a BatchInserter (rows.ts). */
async function load(db: Knex, engine: 'sqlite' | 'mysql', n: number, build: (i: number) => [EntityDefinition, Row][]): Promise<void> {
  await writeAll(db, engine, async (exec) => {
    const inserter = new BatchInserter(exec, engine, MYSQL_VALUES);
    for (let i = 0; i < n; i++) for (const [entity, row] of build(i)) await inserter.push(entity, row);
    await inserter.end();
  });
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
      }, i).row],
      [Profiles, stored(Profiles, profileDefaults, {
        _id: newId(), name: p.name, firstname: p.firstname, email,
        metadata: meta, fk: { company: o.companyId, user: _id },
      }, i).row],
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
      }, i).row],
      [Profiles, stored(Profiles, profileDefaults, {
        _id: newId(), name: owner.name ?? undefined, firstname: owner.firstname ?? undefined, email: owner.email,
        metadata: meta, fk: { company: _id, user: o.ownerId },
      }, i).row],
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
