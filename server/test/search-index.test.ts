/**
 * The search index of `contains` (server/src/db/README.md « Search index ») against the scan it
 * replaces, on SQLite always and on MariaDB when DATABASE_URL is set: on a generated set of names
 * with accents, ligatures, apostrophes, hyphens, LIKE wildcards and empty or missing values, every
 * needle (short, long, accented, upper case, absent) answers the same rows through the index as
 * through today's scan (`comptoir_fold` on SQLite, utf8mb4_unicode_ci on MariaDB) and as the
 * folding in JavaScript — after the index is built over existing rows, and after inserts, updates
 * and deletions.
 */
import { expect } from 'chai';
import { Entity, Id, Nullable, Str } from '../../schemas/src/kinds.ts';
import { createEntityTable } from '../../sdk/src/migrations.ts';
import { defineEntity } from '../../sdk/src/entity.ts';
import { addSearchIndex, dropSearchIndex, ftsTable, fulltextIndex } from '../../sdk/src/search-index.ts';
import { columnsOf } from '../src/db/columns.ts';
import { fold } from '../src/db/codec.ts';
import { parseListParams } from '../src/db/list-params.ts';
import { runList, type ListSpec } from '../src/db/list-query.ts';
import { encodeRow, listColumns } from '../src/db/record-codec.ts';
import { missingColumns } from '../src/db/table-check.ts';
import { openMysql, openSqlite, type TestDb } from './support/test-db.ts';

const TABLE = 'st_things';
const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const Thing = defineEntity({
  plugin: 'st', name: 'things', table: TABLE, companyScoped: true, label: 'chose',
  schema: Entity({ name: Nullable(Str()), code: Nullable(Str()) }, { company: Id() }),
  search: ['name', 'code'],
});

// pieces of French names: accents, ligatures, apostrophes (straight and typographic), hyphens
const FIRST = ['Éric', 'Hélène', 'Thérèse', 'François', 'Zoë', 'Anaïs', 'Jean-Noël', 'Mathéo', 'Chloé', 'Ægir', 'Gaëlle', 'Loïc', 'Œnone', 'Ève'];
const LAST = ["d'Estaing", 'D’Artagnan', 'Lefèvre', 'Côté', 'Straße', 'Boulanger', 'Le Bœuf', 'Müller', 'Dupont-Aignan', 'Bérénice', 'Ça-Ira', 'L’Haÿ', 'Façade'];
const TRADES = ['Boulangerie', 'Pâtisserie', 'Épicerie', 'Café', 'Brasserie', 'Crêperie', 'Cœur de Lion', 'Bières & Cie'];
const ODD = ['100% bio', 'a_b', 'back\\slash', 'x', 'Xy', '', '  ', 'the', 'ÉÉÉ', 'FA-0000123', 'œ', 'ss', 'A'];

function nameOf(i: number): string | null {
  if (i % 17 === 0) return null;
  if (i % 11 === 0) return ODD[i % ODD.length];
  const first = FIRST[(i * 7) % FIRST.length];
  const last = LAST[(i * 5) % LAST.length];
  if (i % 3 === 0) return `${TRADES[i % TRADES.length]} ${last} SARL`;
  return i % 2 === 0 ? `${first} ${last}` : `${last.toUpperCase()} ${first}`;
}

const idOf = (i: number) => `${(Math.imul(i + 1, 2654435761) >>> 0).toString(16).padStart(8, '0')}${i.toString(16).padStart(16, '0')}`;

function doc(i: number, company = A): Record<string, unknown> {
  const now = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  return {
    _id: idOf(i), name: nameOf(i), code: i % 5 === 0 ? null : `FA-${String(i).padStart(7, '0')}`,
    fk: { company }, metadata: { creationDate: now, lastModificationDate: now, createdBy: null, lastModifiedBy: null },
  };
}

const N = 600;

// needles: pieces of the data (any case, accents on or off), wildcards, short, long, absent
const NEEDLES = [
  'e', 'É', 'ee', 'é', 'ss', 'ß', 'oe', 'œ', 'Œ', 'ae', '%', '_', '\\', "'", '’', '-', ' ', 'a b', 'x', 'xy',
  'bou', 'BOULANG', 'boulang', 'boulangerie lefèvre', 'Boulangerie Lefevre SARL', 'lefevre', 'LEFÈVRE', 'fèv',
  'helene', 'HÉLÈNE', 'therese', 'the', 'mathe', 'straße', 'strasse', 'STRASSE', 'ßE', 'œuf', 'boeuf', 'le bœ',
  "d'e", "d'estaing", 'd’artagnan', "d'artagnan", 'dupont-aig', 'jean-noël', 'jean noel', 'noel', 'nöel',
  'çad', 'cafe', 'café', 'ça-i', 'l’haÿ', 'hay', 'aÿ', 'müller', 'muller', 'aegir', 'ægi', '100%', '0% b', 'a_b',
  '_b', 'k\\s', 'cie', '& c', 'ères &', 'FA-000', 'fa-0000123', '0000123', '12', '123', '999999', 'zzz',
  'anaïs dupont-aignan', 'brasserie straße sarl', 'ÉÉÉ', 'ééé', 'ee e', 'sarl', ' sarl', 'coeur de lion',
];

const FOLDED = new Map(Array.from({ length: N }, (_, i) => [idOf(i), nameOf(i)]));

/** What `contains` means, in JavaScript: the folded value holds the folded needle. */
function expected(rows: Map<string, string | null>, needle: string): string[] {
  const n = fold(needle) ?? '';
  return [...rows].filter(([, v]) => v !== null && (fold(v) ?? '').includes(n)).map(([id]) => id).sort();
}

for (const engine of ['sqlite', 'mysql'] as const) {
  const url = process.env.DATABASE_URL;
  // the MariaDB half runs in CI's MariaDB pass (DATABASE_URL=mysql://…); without a MariaDB server it is skipped
  const suite = engine === 'mysql' && !url?.startsWith('mysql') ? describe.skip : describe;
  // skipped without a MariaDB server to run on (DATABASE_URL=mysql://…)
  suite(`search index of contains (${engine})`, function () {
    this.timeout(180_000);
    let t: TestDb;
    const names = new Map(FOLDED);

    const spec = (indexed: boolean): ListSpec => ({
      table: TABLE,
      columns: indexed ? listColumns(Thing) : columnsOf(Thing.schema),
      scope: (qb) => qb.where(`${TABLE}.fk_company`, A),
    });
    async function ids(field: string, needle: string, indexed: boolean): Promise<string[]> {
      const page = await runList(t.db, spec(indexed), parseListParams({
        filters: JSON.stringify({ [field]: { mode: 'contains', value: needle } }),
        pagination: JSON.stringify({ quantity: 500 }),
        sort: JSON.stringify({ field: '_id', ascending: true }),
      }));
      let rows = page.rows.map((r) => String(r._id));
      let next = page.next;
      while (next) {
        const more = await runList(t.db, spec(indexed), parseListParams({
          filters: JSON.stringify({ [field]: { mode: 'contains', value: needle } }),
          pagination: JSON.stringify({ quantity: 500, cursor: next }),
          sort: JSON.stringify({ field: '_id', ascending: true }),
        }));
        rows = rows.concat(more.rows.map((r) => String(r._id)));
        next = more.next;
      }
      expect(rows.length, `count of « ${needle} »`).to.equal(page.count);
      return rows;
    }

    async function compareAll(): Promise<void> {
      const data = new Map([...names].filter(([id]) => id !== undefined));
      for (const needle of NEEDLES) {
        const want = expected(data, needle);
        const scanned = await ids('name', needle, false);
        const indexed = await ids('name', needle, true);
        expect(scanned, `scan of « ${needle} »`).to.deep.equal(want);
        expect(indexed, `index of « ${needle} »`).to.deep.equal(want);
      }
    }

    before(async () => {
      t = engine === 'mysql' ? await openMysql(url!) : await openSqlite();
      await createEntityTable(t.db, TABLE, { name: 'string', code: 'string' }, { companyScoped: true });
      // half the rows exist before the index: the migration fills their columns and indexes them
      const before = Array.from({ length: N / 2 }, (_, i) => doc(i));
      const plain = before.map((d) => { const r = encodeRow(Thing, d); delete r.name__fold; delete r.name__grams; delete r.code__fold; delete r.code__grams; return r; });
      for (let i = 0; i < plain.length; i += 100) await t.db(TABLE).insert(plain.slice(i, i + 100));
      await addSearchIndex(t.db, TABLE, ['name', 'code']);
      const after = Array.from({ length: N / 2 }, (_, i) => doc(N / 2 + i));
      // another company's rows with the same names: never in the answers (scope)
      const other = Array.from({ length: 40 }, (_, i) => ({ ...doc(10_000 + i, B), name: nameOf(i) }));
      for (const d of [...after, ...other]) await t.db(TABLE).insert(encodeRow(Thing, d));
    });
    after(async () => { await t?.close(); });

    it('has the columns the entity declares (table check)', async () => {
      expect(await missingColumns(t.db, [Thing])).to.deep.equal([]);
    });

    it('answers every needle as the scan and as the folding in JavaScript', async () => {
      await compareAll();
      expect(NEEDLES.length).to.be.greaterThan(80);
    });

    it('searches a number through its own index', async () => {
      const codes = new Map(Array.from({ length: N }, (_, i) => [idOf(i), doc(i).code as string | null]));
      for (const needle of ['FA-', 'fa-00001', '0000123', '12', '5']) {
        expect(await ids('code', needle, true), needle).to.deep.equal(expected(codes, needle));
        expect(await ids('code', needle, false), needle).to.deep.equal(expected(codes, needle));
      }
    });

    it('follows updates and deletions', async () => {
      // renames (some to names with other trigrams), clears, deletions; then every needle again
      for (let i = 1; i < N; i += 7) {
        const name = i % 3 === 0 ? null : `${TRADES[(i + 1) % TRADES.length]} ${FIRST[i % FIRST.length]}`;
        await t.db(TABLE).where('_id', idOf(i)).update(encodeRow(Thing, { ...doc(i), name }));
        names.set(idOf(i), name);
      }
      for (let i = 2; i < N; i += 13) {
        await t.db(TABLE).where('_id', idOf(i)).delete();
        names.delete(idOf(i));
      }
      await compareAll();
      if (engine === 'sqlite') {
        // FTS5 compares its index with the content table: throws when they differ
        const fts = ftsTable(TABLE, 'name');
        await t.db.raw(`INSERT INTO "${fts}"("${fts}", rank) VALUES ('integrity-check', 1)`);
      }
    });

    it('asks the index, not a scan, for needles of 3 characters or more', async () => {
      const params = parseListParams({ filters: JSON.stringify({ name: { mode: 'contains', value: 'Boulang' } }) });
      const sqls: string[] = [];
      const onQuery = (q: { sql: string }) => sqls.push(q.sql);
      t.db.on('query', onQuery);
      try { await runList(t.db, spec(true), params); } finally { t.db.off('query', onQuery); }
      const joined = sqls.join('\n');
      if (engine === 'sqlite') expect(joined).to.contain(`MATCH`).and.contain(ftsTable(TABLE, 'name'));
      else expect(joined).to.match(/MATCH\(`st_things`\.`name__grams`\) AGAINST/);
      expect(joined).not.to.contain('comptoir_fold');
    });

    it('answers the same when MariaDB made the index with its stopwords (a restored dump)', async function () {
      // skipped on SQLite: FTS5 has no stopwords
      if (engine !== 'mysql') this.skip();
      await t.db.raw('ALTER TABLE ?? DROP INDEX ??', [TABLE, fulltextIndex(TABLE, 'name')]);
      await t.db.raw('ALTER TABLE ?? ADD FULLTEXT INDEX ?? (??)', [TABLE, fulltextIndex(TABLE, 'name'), 'name__grams']);
      expect((await t.db.raw('SELECT @@innodb_ft_enable_stopword AS on_')) [0][0].on_).to.equal(1);
      await compareAll();
      expect(expected(names, 'the').length).to.be.greaterThan(10);
    });

    it('is dropped and built again by the migration helpers (down, up)', async () => {
      await dropSearchIndex(t.db, TABLE, ['name', 'code']);
      expect(await missingColumns(t.db, [Thing])).to.have.length(4);
      await addSearchIndex(t.db, TABLE, ['name', 'code']);
      expect(await missingColumns(t.db, [Thing])).to.deep.equal([]);
      await compareAll();
    });
  });
}
