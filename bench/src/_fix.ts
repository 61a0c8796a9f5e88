import type { Knex } from 'knex';
import knexF from 'knex';
import { sqliteConfig, mysqlConfig } from '../../server/src/db/connect.ts';
import { runList } from '../../server/src/db/list-query.ts';
import { parseListParams } from '../../server/src/db/list-params.ts';
import { entityColumns } from '../../server/src/db/record-codec.ts';
import { Users, Companies, Profiles } from '../../server/src/kernel/entities.ts';
import { usersOfCompany } from '../../server/src/kernel/services/membership-scope.ts';
const url = process.argv[2];
const db: Knex = knexF(url ? mysqlConfig(url) : sqliteConfig(process.argv[3]));
const arr = (v: any) => (Array.isArray(v) ? v : JSON.parse(String(v)));
const C1 = arr((await db("kernel_users").where({ email: "admin@comptoir.bench" }).first()).fk_companies)[0];
const ownerRow = await db('kernel_users').where({ email: 'expert@cabinet-bench.fr' }).first();
const B = ownerRow._id;
const usersExists = (companyId: string) => (qb: Knex.QueryBuilder) => {
  qb.whereExists(db(Profiles.table).select(db.raw('1')).where(`${Profiles.table}.fk_company`, companyId).whereRaw('?? = ??', [`${Profiles.table}.fk_user`, `${Users.table}._id`]));
};
const companiesExists = (userId: string) => (qb: Knex.QueryBuilder) => {
  qb.whereExists(db(Profiles.table).select(db.raw('1')).where(`${Profiles.table}.fk_user`, userId).whereRaw('?? = ??', [`${Profiles.table}.fk_company`, `${Companies.table}._id`]));
};
const j = (o: unknown) => JSON.stringify(o);
const sort = j({ field: 'name', ascending: true });
const cases: [string, string, any, Record<string, string>][] = [
  ['a users p1 ber', 'u', null, { filters: j({ name: { mode: 'contains', value: 'ber' } }), sort, pagination: j({ quantity: 50, page: 1 }) }],
  ['c1 users p2000', 'u', null, { sort, pagination: j({ quantity: 50, page: 2000 }) }],
  ['b companies p1', 'c', null, { filters: j({ name: { mode: 'contains', value: 'boulang' } }), sort, pagination: j({ quantity: 50, page: 1 }), aggregations: j([{ name: 'capital', field: 'capital', sum: true, avg: true, mode: 'currency' }]) }],
];
// cursor of page 2000 for users
const p1999 = await runList(db, { table: 'kernel_users', columns: entityColumns(Users), scope: usersExists(C1) }, parseListParams({ sort, pagination: j({ quantity: 50, page: 1999 }) }));
cases.push(['c2 users cursor p2000', 'u', null, { sort, pagination: j({ quantity: 50, cursor: p1999.next }) }]);
for (const [label, kind, , q] of cases) {
  const variants: [string, (qb: Knex.QueryBuilder) => void][] = kind === 'u'
    ? [['IN (current)', usersOfCompany(db, C1)], ['EXISTS (fix)', usersExists(C1)]]
    : [['IN list of ids (current, simulated)', (qb) => { /* omitted: fails on SQLite */ qb.whereIn('kernel_companies._id', arr(ownerRow.fk_companies).slice(0, url ? 1e9 : 30000)); }], ['EXISTS (fix)', companiesExists(B)]];
  for (const [vname, scope] of variants) {
    const spec = { table: kind === 'u' ? 'kernel_users' : 'kernel_companies', columns: entityColumns(kind === 'u' ? Users : Companies), scope };
    let best = 1e9; let res: any;
    for (let i = 0; i < 3; i++) { const t = performance.now(); res = await runList(db, spec, parseListParams(q)); best = Math.min(best, performance.now() - t); }
    console.log(`${label} | ${vname}: ${best.toFixed(0)} ms, count ${res.count}, first ${res.rows[0]?._id} ${j(res.aggregation)}`);
  }
}
await db.destroy();
