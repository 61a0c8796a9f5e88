import Database from 'better-sqlite3';
import { fold } from '../../server/src/db/codec.ts';
const db = new Database(process.argv[2]);
let calls = 0;
db.function('comptoir_fold', { deterministic: true }, (s: unknown) => { calls++; return fold(s); });
const ASCII = /^[\x00-\x7f]*$/;
db.function('fold_fast', { deterministic: true }, (s: unknown) => { calls++; if (typeof s === 'string' && ASCII.test(s)) return s.toLowerCase(); return fold(s); });
const qs: Record<string, string> = {
  fold: `select count(*) from kernel_users where comptoir_fold(name) LIKE '%ber%' ESCAPE '\\'`,
  fold_fast: `select count(*) from kernel_users where fold_fast(name) LIKE '%ber%' ESCAPE '\\'`,
  prefilter: `select count(*) from kernel_users where (name LIKE '%ber%' ESCAPE '\\' OR (name GLOB '*[^ -~]*' AND comptoir_fold(name) LIKE '%ber%' ESCAPE '\\'))`,
  comp_fold: `select count(*) from kernel_companies where comptoir_fold(name) LIKE '%boulang%' ESCAPE '\\'`,
  comp_prefilter: `select count(*) from kernel_companies where (name LIKE '%boulang%' ESCAPE '\\' OR (name GLOB '*[^ -~]*' AND comptoir_fold(name) LIKE '%boulang%' ESCAPE '\\'))`,
  comp_fast: `select count(*) from kernel_companies where fold_fast(name) LIKE '%boulang%' ESCAPE '\\'`,
};
for (const [k, q] of Object.entries(qs)) {
  let best = 1e9; let res: unknown;
  for (let i = 0; i < 3; i++) { calls = 0; const t = performance.now(); res = db.prepare(q).all(); best = Math.min(best, performance.now() - t); }
  console.log(`${k}: ${best.toFixed(1)}ms udf calls=${calls} ${JSON.stringify((res as any[])[0])}`);
}
