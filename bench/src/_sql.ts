import { bootKernel, login, getJson, listQuery, BENCH_ADMIN } from './kernel.ts';
const url = process.argv[2]; const dataDir = process.argv[3];
const k = await bootKernel({ engine: url ? 'mysql' : 'sqlite', url: url || null, dataDir, label: '', open: () => { throw 0; }, drop: async () => {} });
const A = await login(k.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
const B = await login(k.url, 'expert@cabinet-bench.fr', 'motdepasse-expert-1');
const qs: any[] = [];
k.kernel.db.on('query', (q: any) => qs.push(q));
const show = async (label: string, path: string, tok: string, company: string | null) => {
  qs.length = 0;
  const t = performance.now();
  const r = await getJson(`${k.url}${path}`, { Authorization: `Bearer ${tok}`, ...(company ? { 'AT-Company': company } : {}) });
  console.log(`== ${label}: ${r.status} ${Math.round(performance.now() - t)}ms count=${r.body.count} n=${r.body.data?.length} agg=${JSON.stringify(r.body.aggregation)} first=${r.body.data?.[0]?.name} err=${r.status !== 200 ? JSON.stringify(r.body).slice(0, 200) : ''}`);
  for (const q of qs) console.log('  ', q.sql.slice(0, 700).replace(/\?(, \?)+/g, '?, ...'), '| nb', q.bindings?.length, JSON.stringify(q.bindings?.slice(0, 4)));
};
const a = listQuery({ filters: { name: { mode: 'contains', value: 'ber' } }, sort: { field: 'name', ascending: true }, pagination: { quantity: 50, page: 1 } });
const b = listQuery({ filters: { name: { mode: 'contains', value: 'boulang' } }, sort: { field: 'name', ascending: true }, pagination: { quantity: 50, page: 1 }, aggregations: [{ name: 'capital', field: 'capital', sum: true, avg: true, mode: 'currency' }] });
for (let i = 0; i < 2; i++) {
  await show('a users', `/api/kernel/users?${a}`, A.token, A.companyId);
  await show('b companies', `/api/kernel/companies?${b}`, B.token, null);
}
await k.kernel.stop();
