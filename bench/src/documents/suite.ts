/**
 * `npm run bench -- --suite=documents`: the invoicing plugin's compliance features — the printed
 * invoice, Factur-X, the integrity verifier, the FEC — on a company with 20 000 invoices and their
 * payments.
 *
 * Per engine: a fresh database, the kernel booted with contacts, catalogue and invoicing, the
 * company made able to invoice through the API, the data set (../invoicing/data.ts with its
 * payments: every emitted invoice and payment numbered and hashed in its chain, the chain heads
 * written) straight into the tables, the counters raised through the API, the kernel booted again;
 * through the API, the measured invoice (ten lines at two VAT rates for a company customer,
 * emitted, partly paid: the kernel's own emission and payment continue both chains); the floor
 * (floor.ts) with that invoice as plain data. Then:
 * 1. each scenario (scenarios.ts) against its floor, checked for the same answer first: p1, x1 the
 *    same pages and text (and x1 the same embedded XML), x2 and e1 the same bytes, v1 the same
 *    summary, both valid; v1 and e1 over a few requests, two at a time;
 * 2. the memory of one v1 and one e1 request, kernel and floor each in a fresh process (memory.ts),
 *    and e1 again for a two-month year: does it grow with the year?
 * 3. the statements one request of each sends, grouped.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Company, Payment } from '@comptoir/schemas';
import type { Invoice } from '@comptoir/plugin-invoicing/contract';
import { ChildRunner } from '../child.ts';
import { type BenchDatabase, type Engine } from '../database.ts';
import { runScenario, type CompareContext, type RunOptions } from '../compare.ts';
import { bootOnData, onFreshDatabase, settleTables, type RunSize } from '../engine-run.ts';
import { getJson, listQuery, postJson, sessionHeaders, type JsonAnswer } from '../http.ts';
import { BENCH_ADMIN, login } from '../kernel.ts';
import type { LoadProcess } from '../measure.ts';
import { scenarioFindings, type RunReport } from '../report.ts';
import type { Captured } from '../sql-capture.ts';
import { documentFromInvoice } from '../../../plugins/invoicing/server/services/pdf/index.ts';
import { facturXContext } from '../../../plugins/invoicing/server/services/facturx/index.ts';
import { frozenRecords } from '../../../plugins/invoicing/server/services/einvoice/einvoice-render.ts';
import { fiscalYearOf } from '../../../plugins/invoicing/server/services/accounting/fec-period.ts';
import { decodeFec, FEC_LINE_END, FEC_SEPARATOR } from '../../../plugins/invoicing/server/services/accounting/fec-format.ts';
import { pdfText } from '../../../test/support/pdf.ts';
import { associatedFiles } from '../../../plugins/invoicing/test/support/facturx-pdf.ts';
import { INVOICING_PLUGINS, bootInvoicingCompany, raiseCounters } from '../invoicing/boot.ts';
import { generateInvoices, type InvoiceDataReport } from '../invoicing/data.ts';
import { startDocumentsFloor, type InvoiceInMemory } from './floor.ts';
import type { MemoryJob, MemorySummary } from './memory.ts';
import { FEC_YEAR, MEASURED_LINES, documentScenarios, type DocumentScenario } from './scenarios.ts';

/** v1 and e1: two at a time (the machine has two cores), a fixed number of requests */
const LONG: RunOptions['load'] = { connections: 2, minAnswers: 8 };
/** e1 again, memory only: the first fiscal year of the data set, its last two months */
const SMALL_FEC_YEAR = 2023;

export interface MemoryResult {
  id: string;
  title: string;
  /** rows the request reads */
  rows: number;
  kernel: MemorySummary | { error: string };
  floor: MemorySummary | { error: string };
}

export interface StatementListing { title: string; statements: string[] }

export interface DocumentsReport extends RunReport {
  generation: InvoiceDataReport | null;
  measuredInvoice: string;
  fec: { year: number; invoices: number; payments: number; smallYear: number; smallInvoices: number; smallPayments: number } | null;
  memory: MemoryResult[];
  statements: StatementListing[];
}

const log = (line: string) => console.log(line);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex').slice(0, 16);

/** One fresh process per measurement (memory.ts), stopped after it. */
class MemoryProcess extends ChildRunner<MemoryJob, MemorySummary> {
  constructor() {
    super(path.join(import.meta.dirname, 'memory.ts'), 'memory', ['--expose-gc']);
  }
}

async function measureMemory(job: MemoryJob): Promise<MemorySummary | { error: string }> {
  const child = new MemoryProcess();
  try {
    return await child.run(job);
  } catch (e) {
    return { error: String((e as Error).message ?? e) };
  } finally {
    child.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// comparing the answers: each returns the differences and leaves its notes in `notes`

/** Same page count and the same text; the byte lengths noted (dates and the file id differ). */
async function samePdf(k: Buffer, f: Buffer, notes: string[]): Promise<string[]> {
  const [a, b] = await Promise.all([pdfText(k), pdfText(f)]);
  const out: string[] = [];
  if (a.pages !== b.pages) out.push(`pages ${a.pages} vs ${b.pages}`);
  if (a.text !== b.text) {
    let i = 0;
    while (i < a.text.length && a.text[i] === b.text[i]) i++;
    out.push(`text differs at character ${i}: « ${a.text.slice(Math.max(0, i - 40), i + 40)} » vs « ${b.text.slice(Math.max(0, i - 40), i + 40)} »`);
  }
  notes.push(`PDFs compared by their text (pdf-parse): ${a.pages} page(s), ${a.text.length.toLocaleString('en-US')} characters of text ${a.text === b.text ? 'identical' : 'DIFFERENT'}; `
    + `${kb(k.length)} (kernel) vs ${kb(f.length)} (floor), ${k.length === f.length ? 'the same length' : `${(100 * (k.length - f.length) / f.length).toFixed(2)} % apart`} (creation date and file id differ)`);
  return out;
}

async function sameFacturX(k: Buffer, f: Buffer, notes: string[]): Promise<string[]> {
  const out = await samePdf(k, f, notes);
  const [a, b] = await Promise.all([associatedFiles(k), associatedFiles(f)]);
  const ka = a.find((x) => x.name === 'factur-x.xml');
  const fa = b.find((x) => x.name === 'factur-x.xml');
  if (!ka || !fa) out.push(`embedded factur-x.xml: ${ka ? 'present' : 'MISSING'} (kernel) / ${fa ? 'present' : 'MISSING'} (floor)`);
  else if (!ka.bytes.equals(fa.bytes)) out.push('the embedded factur-x.xml differ');
  else notes.push(`the embedded factur-x.xml are the same bytes (${kb(ka.bytes.length)})`);
  return out;
}

function sameBytes(k: Buffer, f: Buffer, notes: string[], what: string): string[] {
  if (k.equals(f)) {
    notes.push(`${what}: the same bytes (${kb(k.length)}, sha-256 ${sha(k)}…)`);
    return [];
  }
  return [`${what} differ: ${k.length} vs ${f.length} bytes`];
}

/** The FEC: the same bytes expected; otherwise the line counts, the totals and the first line that differs. */
function sameFec(k: Buffer, f: Buffer, notes: string[]): string[] {
  const lines = (b: Buffer) => decodeFec(b).split(FEC_LINE_END).filter(Boolean);
  const kl = lines(k);
  const fl = lines(f);
  const totals = (ls: string[]) => {
    let debit = 0n;
    let credit = 0n;
    const cents = (s: string) => BigInt(s.replace(',', '').replace(/^(-?)0+(?=\d)/, '$1'));
    for (const l of ls.slice(1)) {
      const cols = l.split(FEC_SEPARATOR);
      debit += cents(cols[11]);
      credit += cents(cols[12]);
    }
    return `debit ${(Number(debit) / 100).toFixed(2)}, credit ${(Number(credit) / 100).toFixed(2)}`;
  };
  const entries = new Set(kl.slice(1).map((l) => l.split(FEC_SEPARATOR)[2])).size;
  notes.push(`FEC: ${(kl.length - 1).toLocaleString('en-US')} lines of ${entries.toLocaleString('en-US')} entries, ${totals(kl)} (kernel)`);
  if (k.equals(f)) {
    notes.push(`the kernel's and the floor's files are the same bytes (${kb(k.length)}, sha-256 ${sha(k)}…)`);
    return [];
  }
  const i = kl.findIndex((l, n) => l !== fl[n]);
  return [`the files differ: ${kl.length} vs ${fl.length} lines, ${totals(kl)} vs ${totals(fl)}; first different line ${i}: « ${kl[i]} » vs « ${fl[i]} »`];
}

/** Statements of one request, consecutive repeats of the same text grouped (a paged walk). */
function grouped(queries: Captured[]): string[] {
  const out: { sql: string; n: number; ms: number }[] = [];
  for (const q of queries) {
    const sql = q.sql.replace(/\s+/g, ' ');
    const last = out[out.length - 1];
    if (last && last.sql === sql) { last.n++; last.ms += q.ms ?? 0; } else out.push({ sql, n: 1, ms: q.ms ?? 0 });
  }
  return out.map((g) => `${g.n > 1 ? `${g.n} × ` : ''}[${g.ms < 10 ? g.ms.toFixed(1) : Math.round(g.ms)} ms] ${g.sql.length > 220 ? `${g.sql.slice(0, 217)}…` : g.sql}`);
}

// ---------------------------------------------------------------------------------------------

/** `live`: the databases the command drops if it is interrupted (run.ts) */
export async function runDocumentsEngine(engine: Engine, args: RunSize, runner: LoadProcess, live: Set<BenchDatabase>): Promise<DocumentsReport> {
  const extra = { generation: null, measuredInvoice: '', fec: null, memory: [], statements: [] };
  return onFreshDatabase<DocumentsReport>(engine, args, live, 'documents — ', extra, async (database, report, held) => {
    const { first, admin, companyId, headers, authorName, company } = await bootInvoicingCompany(database);
    held.booted = first;
    report.boot.empty = first.bootMs;

    const gdb = database.open();
    try {
      report.generation = await generateInvoices({
        db: gdb, engine, companyId, company, invoices: args.rows, customers: Math.max(50, Math.round(args.rows / 50)),
        authorId: admin.userId, authorName, payments: true, log,
      });
      report.environment.push(...await settleTables(gdb, engine, ['invoicing_invoices', 'invoicing_payments', 'contacts_customers']));
    } finally {
      await gdb.destroy();
    }
    const g = report.generation!;
    await raiseCounters(first.url, company, { invoice: g.lastNumber + 1, paymentInvoice: g.lastPaymentNumber + 1 }, headers);
    console.log(`  data set: ${(g.ms.total / 1000).toFixed(1)} s (${(g.cpuMs / 1000).toFixed(1)} s CPU in this process)`);

    const booted = await bootOnData(database, report, held, INVOICING_PLUGINS);
    const again = await login(booted.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const h = sessionHeaders(again.token, companyId);
    const api = `${booted.url}/api/invoicing`;

    // the measured invoice, through the API: the kernel's emission and payment continue the data set's chains
    const fdb = database.open();
    held.floor = { db: fdb, close: async () => undefined };
    const customer = (await fdb('contacts_customers').where('fk_company', companyId).whereNotNull('company').whereNotNull('firstname')
      .orderBy('_id').first('_id')) as { _id: string };
    const draft = await postJson(`${api}/invoices`, { fk: { receiverCustomer: customer._id }, items: MEASURED_LINES, comment: 'Merci de votre confiance.' }, h);
    if (draft.status !== 201) throw new Error(`measured invoice: HTTP ${draft.status} ${JSON.stringify(draft.body).slice(0, 300)}`);
    const emitted = await postJson<Invoice>(`${api}/invoices/${draft.body._id}/emit`, {}, h);
    if (emitted.status !== 200) throw new Error(`emission: HTTP ${emitted.status} ${JSON.stringify(emitted.body).slice(0, 300)}`);
    const paid = await postJson(`${api}/invoices/${draft.body._id}/payments`, { amount: Math.round(emitted.body.inclTaxesPrice * 40) / 100, mode: 'transfer' }, h);
    if (paid.status !== 200) throw new Error(`payment: HTTP ${paid.status} ${JSON.stringify(paid.body).slice(0, 300)}`);
    const invoiceId = String(draft.body._id);
    report.measuredInvoice = `${emitted.body.numberFull}: ${MEASURED_LINES.length} lines at 5.5 % and 20 %, ${emitted.body.inclTaxesPrice.toFixed(2)} € incl. taxes, 40 % paid by transfer, for a company customer`;

    // the floor's plain data, read once through the API as a client would have it
    const invoice = (await getJson<Invoice>(`${api}/invoices/${invoiceId}`, h)).body;
    const companyNow = (await getJson<Company>(`${booted.url}/api/kernel/companies/${companyId}`, h)).body;
    const payments = (await getJson<{ data: Payment[] }>(`${api}/payments?${listQuery({ filters: { 'fk.invoice': { mode: 'eq', value: invoiceId } }, sort: { field: 'number', ascending: true } })}`, h)).body.data;
    const buyer = (await getJson<{ email?: string }>(`${booted.url}/api/contacts/customers/${customer._id}`, h)).body;
    // what the kernel serves is the invoice as emitted, frozen (plugins/invoicing/README.md « Factur-X »): the floor prints the same
    const records = frozenRecords({ invoice, company: companyNow, payments, source: null });
    const measured: InvoiceInMemory = {
      document: documentFromInvoice(records.invoice, { company: companyNow, payments: records.payments, source: null }),
      invoice: records.invoice,
      context: facturXContext(records, buyer.email),
    };
    const floor = await startDocumentsFloor({ db: fdb, engine, companyId, measured });
    held.floor = floor;

    // what e1 reads: the fiscal years as the plugin finds them
    const yearCounts = async (year: number) => {
      const { period } = fiscalYearOf(companyNow, year, new Date());
      const count = async (table: string, extraWhere: (q: ReturnType<typeof fdb>) => void) => {
        const q = fdb(table).where('fk_company', companyId).where('date', '>=', period.start).where('date', '<', period.end);
        extraWhere(q);
        return Number(((await q.count({ n: '*' }).first()) as { n: unknown }).n);
      };
      return {
        invoices: await count('invoicing_invoices', (q) => q.whereNotNull('numberFull')),
        payments: await count('invoicing_payments', (q) => q.where('source', 'invoice').whereNotIn('mode', ['credit', 'credit-compensation'])),
      };
    };
    const big = await yearCounts(FEC_YEAR);
    const small = await yearCounts(SMALL_FEC_YEAR);
    report.fec = { year: FEC_YEAR, invoices: big.invoices, payments: big.payments, smallYear: SMALL_FEC_YEAR, smallInvoices: small.invoices, smallPayments: small.payments };
    const numbered = g.numbered + 1;
    const paymentCount = g.payments + 1;

    const ctx: CompareContext = {
      duration: args.duration, connections: args.connections, runner, booted, floor, captured: new Map(), floorCaptured: new Map(),
    };
    const compareFor = (s: DocumentScenario, notes: string[]): RunOptions['compare'] => async (k: JsonAnswer, f: JsonAnswer) => {
      switch (s.id) {
        case 'p1': return samePdf(k.raw, f.raw, notes);
        case 'x1': return sameFacturX(k.raw, f.raw, notes);
        case 'x2': return sameBytes(k.raw, f.raw, notes, 'XML');
        case 'e1': return sameFec(k.raw, f.raw, notes);
        default: {
          const out = JSON.stringify(k.body) === JSON.stringify(f.body) ? [] : [`${JSON.stringify(k.body)} vs ${JSON.stringify(f.body)}`];
          if (!k.body?.valid) out.push(`the kernel finds the chains broken: ${JSON.stringify(k.body.firstBroken)}`);
          notes.push(`answer: ${JSON.stringify(k.body)}`);
          return out;
        }
      }
    };
    const scenarios = documentScenarios(invoiceId, String(emitted.body.numberFull), { numbered, payments: paymentCount, fecInvoices: big.invoices, fecPayments: big.payments });
    for (const s of scenarios) {
      const notes: string[] = [];
      const r = await runScenario(ctx, { ...s, kind: 'health' }, { kernel: `${booted.url}${s.kernelPath}`, floor: `${floor.url}${s.floorPath}`, headers: h }, [], {
        compare: compareFor(s, notes), ...(s.long ? { load: LONG, countedProbe: true } : {}),
      });
      r.notes.push(...notes);
      report.results.push(r);
    }

    // 2. memory: one request in a fresh process per side
    const rowsRead = {
      v1: numbered + paymentCount,
      e1: big.invoices + big.payments,
      small: small.invoices + small.payments,
    };
    const memoryRuns: { id: string; title: string; rows: number; kernelPath: string; floorPath: string }[] = [
      { id: 'v1', title: 'integrity, every chain', rows: rowsRead.v1, kernelPath: '/api/invoicing/integrity', floorPath: '/integrity' },
      { id: 'e1', title: `FEC ${FEC_YEAR}`, rows: rowsRead.e1, kernelPath: `/api/invoicing/fec?fiscalYear=${FEC_YEAR}`, floorPath: `/fec?fiscalYear=${FEC_YEAR}` },
      { id: 'e1 (2 months)', title: `FEC ${SMALL_FEC_YEAR} (November and December only)`, rows: rowsRead.small, kernelPath: `/api/invoicing/fec?fiscalYear=${SMALL_FEC_YEAR}`, floorPath: `/fec?fiscalYear=${SMALL_FEC_YEAR}` },
    ];
    const where = { engine: database.engine, url: database.url, dataDir: database.dataDir };
    for (const m of memoryRuns) {
      process.stdout.write(`  memory of ${m.id}: `);
      const job = (side: 'kernel' | 'floor'): MemoryJob => ({ side, database: where, path: side === 'kernel' ? m.kernelPath : m.floorPath, headers: h, companyId, measured });
      // both at once: each process's own memory is what is measured (their times, then, share the cores)
      const [k, f] = await Promise.all([measureMemory(job('kernel')), measureMemory(job('floor'))]);
      report.memory.push({ id: m.id, title: m.title, rows: m.rows, kernel: k, floor: f });
      const show = (x: MemorySummary | { error: string }) => ('error' in x ? `fails (${x.error})` : `peak RSS +${x.rssPeak.toFixed(0)} MB, live heap +${x.heapPeak.toFixed(0)} MB, ${(x.ms / 1000).toFixed(2)} s`);
      console.log(`kernel ${show(k)}; floor ${show(f)}`);
    }

    // 3. statements of one request
    for (const s of scenarios) {
      const k = ctx.captured.get(s.id);
      const f = ctx.floorCaptured.get(s.id);
      if (k) report.statements.push({ title: `kernel: ${s.id} — ${k.length} statements`, statements: grouped(k) });
      if (f && f.length) report.statements.push({ title: `floor: ${s.id} — ${f.length} statements`, statements: grouped(f) });
    }
    report.findings.push(...scenarioFindings(report.results), ...memoryFindings(report.memory));
  });
}

/** What the memory figures say: the live heap per row read, and whether the FEC's grows with its year. */
function memoryFindings(memory: MemoryResult[]): string[] {
  const out: string[] = [];
  const live = (x: MemorySummary | { error: string }) => ('error' in x ? null : x.heapPeak);
  for (const m of memory) {
    const k = live(m.kernel);
    const f = live(m.floor);
    if (k === null || f === null) continue;
    out.push(`**memory ${m.id}** (${m.rows.toLocaleString('en-US')} rows read): live heap +${k.toFixed(1)} MB in the kernel (${((k * 1024) / m.rows).toFixed(2)} KB a row), +${f.toFixed(1)} MB in the floor (${((f * 1024) / m.rows).toFixed(2)} KB a row).`);
  }
  const year = memory.find((m) => m.id === 'e1');
  const small = memory.find((m) => m.id.startsWith('e1 ('));
  const [a, b] = [year && live(year.kernel), small && live(small.kernel)];
  if (year && small && a && b) {
    out.push(`**e1**: the kernel's live heap grows with the year: ×${(a / b).toFixed(1)} for ×${(year.rows / small.rows).toFixed(1)} rows (the FEC holds every entry of the year before writing, and its whole text before encoding it).`);
  }
  return out;
}
