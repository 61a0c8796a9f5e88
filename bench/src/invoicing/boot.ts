/**
 * The real kernel with the plugins the invoicing plugin depends on (contacts, catalogue,
 * invoicing), booted as ../kernel.ts boots the kernel alone, and the company made able to invoice
 * (sdk/src/commerce/README.md « Eligibility ») through the API, as its owner would fill the company screen: the demo company of
 * `npm start` (tools/src/demo-company.ts), with invoice numbers « FA-0000001 ».
 */
import path from 'node:path';
import type { Company } from '@comptoir/schemas';
import { DEMO_COMPANY } from '../../../tools/src/demo-company.ts';
import type { BenchDatabase } from '../database.ts';
import { getJson, putJson } from '../http.ts';
import { BENCH_ADMIN, bootKernel, loginAdmin, type BootedKernel } from '../kernel.ts';

export const INVOICING_PLUGINS = ['contacts', 'catalogue', 'invoicing'].map((p) => path.join(import.meta.dirname, '..', '..', '..', 'plugins', p));

export const bootWithPlugins = (database: BenchDatabase): Promise<BootedKernel> => bootKernel(database, INVOICING_PLUGINS);

type Numbering = Record<string, Record<string, unknown>>;

/** PUT /api/kernel/companies/:id, or throw with `what` and the answer. */
async function putCompany(url: string, companyId: string, body: unknown, headers: Record<string, string>, what: string): Promise<void> {
  const put = await putJson(`${url}/api/kernel/companies/${companyId}`, body, headers);
  if (put.status !== 200) throw new Error(`${what}: HTTP ${put.status} ${JSON.stringify(put.body).slice(0, 400)}`);
}

/** The company given what eligibility asks (the demo company's legal identity and invoice mentions) and its invoice numbering; answers it as stored. */
export async function makeInvoicingCompany(url: string, companyId: string, headers: Record<string, string>): Promise<Company> {
  const company = `${url}/api/kernel/companies/${companyId}`;
  const before = await getJson<Company>(company, headers);
  const numbering = structuredClone(before.body.numbering) as unknown as Numbering;
  numbering.invoice = { ...numbering.invoice, prefix: 'FA-', minDigits: 7 };
  await putCompany(url, companyId, { ...DEMO_COMPANY, numbering }, headers, 'company update');
  return (await getJson<Company>(company, headers)).body;
}

/** Counters set to their `next` through the API (a counter is raised, never lowered): `{ invoice: 99413, paymentInvoice: 91234 }`. */
export async function raiseCounters(url: string, company: Company, next: Record<string, number>, headers: Record<string, string>): Promise<void> {
  const numbering = structuredClone(company.numbering) as unknown as Numbering;
  for (const [kind, n] of Object.entries(next)) numbering[kind] = { ...numbering[kind], next: n };
  await putCompany(url, company._id, { numbering }, headers, 'counter update');
}

/** The invoice counter set to `next` through the API. */
export const raiseInvoiceCounter = (url: string, company: Company, next: number, headers: Record<string, string>): Promise<void> =>
  raiseCounters(url, company, { invoice: next }, headers);

/**
 * The first boot of a plugin suite on an empty database: the kernel with contacts, catalogue and
 * invoicing, its administrator signed in, their name (the invoices' author), and the company made
 * able to invoice as its owner fills the company screen (what eligibility asks, numbers « FA-0000001 »).
 */
export async function bootInvoicingCompany(database: BenchDatabase) {
  const first = await bootWithPlugins(database);
  console.log(`  boot on an empty database (kernel + contacts, catalogue, invoicing): ${Math.round(first.bootMs)} ms`);
  const admin = await loginAdmin(first.url);
  const me = await getJson(`${first.url}/api/kernel/users/${admin.userId}`, admin.headers);
  const authorName = [me.body?.firstname, me.body?.name].filter(Boolean).join(' ') || BENCH_ADMIN.email;
  const company = await makeInvoicingCompany(first.url, admin.companyId, admin.headers);
  return { first, admin, companyId: admin.companyId, headers: admin.headers, authorName, company };
}
