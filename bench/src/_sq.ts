import Database from 'better-sqlite3';
import { fold } from '../../server/src/db/codec.ts';
const db = new Database(process.argv[2]);
let calls = 0;
db.function('comptoir_fold', { deterministic: true }, (s: unknown) => { calls++; return fold(s); });
const C1 = (db.prepare("select fk_companies from kernel_users where email='admin@comptoir.bench'").get() as any).fk_companies.slice(2, 26);
const B = (db.prepare("select _id from kernel_users where email='expert@cabinet-bench.fr'").get() as any)._id;
const F = "comptoir_fold(name) LIKE '%ber%' ESCAPE '\\'";
const qs: Record<string, string> = {
  k_page: `select u.* from (select _id from kernel_users where _id in (select fk_user from kernel_user_company_profiles where fk_company = '${C1}') and ${F} order by name, _id limit 51) p join kernel_users u on u._id = p._id order by u.name, u._id`,
  k_count: `select count(*) from kernel_users where _id in (select fk_user from kernel_user_company_profiles where fk_company = '${C1}') and ${F}`,
  e_page: `select u.* from (select _id from kernel_users u2 where exists (select 1 from kernel_user_company_profiles p where p.fk_company='${C1}' and p.fk_user=u2._id) and ${F} order by name, _id limit 51) p join kernel_users u on u._id = p._id order by u.name, u._id`,
  e_count: `select count(*) from kernel_users u where ${F} and exists (select 1 from kernel_user_company_profiles p where p.fk_company='${C1}' and p.fk_user=u._id)`,
  plain_count: `select count(*) from kernel_users where ${F}`,
  idx_count: `select count(*) from kernel_users indexed by kernel_users_name__id_idx where ${F}`,
  like_count: `select count(*) from kernel_users where name like '%ber%'`,
  prof_count: `select count(*) from kernel_user_company_profiles where fk_company='${C1}'`,
  nofilter_k_count: `select count(*) from kernel_users where _id in (select fk_user from kernel_user_company_profiles where fk_company = '${C1}')`,
  comp_sum: `select count(*), sum(capital) from kernel_companies c where exists (select 1 from kernel_user_company_profiles p where p.fk_user='${B}' and p.fk_company=c._id) and comptoir_fold(name) like '%boulang%' escape '\\'`,
  comp_sum_plain: `select count(*), sum(capital) from kernel_companies`,
};
for (const [k, q] of Object.entries(qs)) {
  const plan = db.prepare('explain query plan ' + q).all().map((r: any) => r.detail).join(' | ');
  let best = 1e9; let res: unknown;
  for (let i = 0; i < 3; i++) { calls = 0; const t = performance.now(); res = db.prepare(q).all(); best = Math.min(best, performance.now() - t); }
  console.log(`${k}: ${best.toFixed(1)}ms fold calls=${calls} rows=${(res as any[]).length} ${JSON.stringify((res as any[])[0]).slice(0, 60)}\n    ${plan}`);
}
