/**
 * Where the time of a cheap authenticated GET goes (the kernel's fixed cost per request): the demo
 * kernel, the invoices screen's page 1 with its totals (`t1` of the invoicing suite) asked N times
 * one after the other through HTTP. A profiling aid (bench/README « Profiling »), not a benchmark.
 *
 *   node --import tsx bench/src/profile/list-profile.ts [N] [profile.cpuprofile]
 */
import { profiled } from './cpu-profile.ts';
import { throwawayDatabase } from '@comptoir/sdk/testing';
import { bootDemoKernel } from '../../../test/e2e/support/kernel.ts';
import { DEMO_LOGIN } from '../../../tools/src/demo-company.ts';
import { invoicesQuery, QUANTITY, ROW_FIELDS } from '../invoicing/scenarios.ts';

const n = Number(process.argv[2] ?? 2000);
const db = await throwawayDatabase();
const { kernel, url } = await bootDemoKernel(db);
const login = await (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO_LOGIN) })).json() as { token: string; company: { _id: string } };
// no compression, as the bench's autocannon asks (`--gzip` to see what browsers cost)
const h = { Authorization: `Bearer ${login.token}`, 'AT-Company': login.company._id, 'Accept-Encoding': process.argv.includes('--gzip') ? 'gzip, br' : 'identity' };
const path = `${url}/api/invoicing/invoices?${invoicesQuery(undefined, { quantity: QUANTITY, page: 1 }, ROW_FIELDS)}`;
const get = async () => {
  const res = await fetch(path, { headers: h });
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  await res.arrayBuffer();
};
await kernel.background.idle();
for (let i = 0; i < 100; i++) await get();
const ms = await profiled(process.argv[3], async () => { for (let i = 0; i < n; i++) await get(); });
console.log(`${n} GET page 1 with totals: ${(ms / n).toFixed(2)} ms each (${(n * 1000 / ms).toFixed(0)}/s)`);
await kernel.stop();
await db.drop();
