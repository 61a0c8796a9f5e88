/**
 * Where the time of create + emit goes: the demo kernel (SQLite unless DATABASE_URL), N invoices
 * created and emitted one at a time through HTTP, under `node --cpu-prof` when asked. Not a
 * benchmark (no floor): a profiling aid for bench/README « Profiling ».
 *
 *   node --import tsx bench/src/profile/emit-profile.ts [N] [profile.cpuprofile]
 *
 * With a file name, the CPU profile of the measured loop alone (not the boot, the seed nor the
 * background renders, which wait for a pause in the requests) is written there: open it in Chrome's
 * DevTools (Performance) or any .cpuprofile viewer.
 */
import { profiled } from './cpu-profile.ts';
import { throwawayDatabase } from '@comptoir/sdk/testing';
import { bootDemoKernel } from '../../../test/e2e/support/kernel.ts';
import { DEMO_LOGIN } from '../../../tools/src/demo-company.ts';

const n = Number(process.argv[2] ?? 300);
const db = await throwawayDatabase();
const { kernel, url } = await bootDemoKernel(db);
const login = await (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO_LOGIN) })).json() as { token: string; company: { _id: string } };
const h = { 'Content-Type': 'application/json', Authorization: `Bearer ${login.token}`, 'AT-Company': login.company._id };
const customers = await (await fetch(`${url}/api/contacts/customers?limit=1`, { headers: h })).json() as { data: Array<{ _id: string }> } | Array<{ _id: string }>;
const customer = (Array.isArray(customers) ? customers : customers.data)[0]._id;
const line = { labelPrimary: 'Baguette tradition (lot de 10)', vat: 5.5, exclTaxesPrice: 11.5, quantity: 2 };
const body = JSON.stringify({ fk: { receiverCustomer: customer }, items: [line, { ...line, quantity: 1 }, { ...line, vat: 20 }] });
const emit = async () => {
  const res = await fetch(`${url}/api/invoicing/invoices/emit`, { method: 'POST', headers: h, body });
  if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
  await res.arrayBuffer();
};
for (let i = 0; i < 20; i++) await emit();
await kernel.background.idle();
// the statements of one more, warm (the background render it queues runs later)
const statements: string[] = [];
const onQuery = (q: { sql: string }) => { statements.push(q.sql); };
kernel.db.on('query', onQuery);
await emit();
kernel.db.off('query', onQuery);
console.log(`one create + emit, warm: ${statements.length} statements\n${statements.map((x, i) => `  ${i + 1}. ${x.slice(0, 110)}`).join('\n')}`);
const started = performance.now();
const ms = await profiled(process.argv[3], async () => { for (let i = 0; i < n; i++) await emit(); });
console.log(`${n} create + emit: ${(ms / n).toFixed(2)} ms each (${(n * 1000 / ms).toFixed(1)}/s), background still queued`);
await kernel.background.idle();
console.log(`with the background renders: ${((performance.now() - started) / n).toFixed(2)} ms each`);
await kernel.stop();
await db.drop();
