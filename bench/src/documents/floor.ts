/**
 * The documents floor: a bare Koa server on the same database, doing the work of each compliance
 * request with the least code written by hand for exactly it (no authentication, no validation
 * beyond reading the parameters).
 *
 * - `/pdf`, `/facturx`, `/xml`: the measured invoice is plain data already in memory (fetched once
 *   through the API at start: the invoice, its company, payments, customer's e-mail), so no
 *   database at all. `/pdf` renders its `PdfDocument` with the plugin's `renderDocumentPdf`;
 *   `/facturx` builds the XML with the plugin's `tryFacturX` and renders the same document with it
 *   embedded; `/xml` builds the XML alone. What the kernel does beyond that is loading the records
 *   and the request layer: the ratio shows their cost.
 * - `/integrity`: each chain read with one statement ordered by number (only the columns its hash
 *   covers), every link recomputed with the plugin's hash views (`hash-chain.ts`) and the SDK's
 *   `chainHash`, the last one compared with the head stored apart. A break is reported without the
 *   kernel's diagnosis (which document was moved, inserted…): the data set has none.
 * - `/fec`: the invoices and the payments of the year read with one statement each, the paid
 *   invoice and the customer's name joined in SQL (the kernel pages through its lists and then
 *   looks invoices and customers up by ids); the entries made by the plugin's own accounting rules
 *   (`invoiceEntry`, `paymentEntry`: which accounts move, goods and services split — rewriting them
 *   would only test a copy), then the file written line by line as text (Paris day computed once per
 *   date, free text fields cleaned by the plugin's `fecField`, numbers and codes as they are) and
 *   encoded in ISO 8859-15. Same bytes expected.
 */
import Koa from 'koa';
import type { Knex } from 'knex';
import { Decimal } from 'decimal.js';
import { chainHash, parseAmount, type JournalEntry } from '@comptoir/sdk';
import { parisDay } from '@comptoir/sdk/commerce';
import { receiverNameOf, type FiscalYear, type Payment } from '@comptoir/schemas';
import type { Invoice } from '@comptoir/plugin-invoicing/contract';
import { entityColumns } from '../../../server/src/db/record-codec.ts';
import { fromDb } from '../../../server/src/db/codec.ts';
import { Invoices, Payments } from '../../../plugins/invoicing/server/entities.ts';
import { HASHED_INVOICE_FIELDS, HASHED_PAYMENT_FIELDS, invoiceHashView, paymentHashView } from '../../../plugins/invoicing/server/services/emission/hash-chain.ts';
import { renderDocumentPdf, type PdfDocument } from '../../../plugins/invoicing/server/services/pdf/index.ts';
import { tryFacturX, type FacturXContext } from '../../../plugins/invoicing/server/services/facturx/index.ts';
import { customerAuxiliary, invoiceEntry, MISCELLANEOUS_CUSTOMERS, paymentEntry, type Auxiliary } from '../../../plugins/invoicing/server/services/accounting/accounting-entries.ts';
import { effectiveChart, resolveAccount, resolveJournal } from '../../../plugins/invoicing/server/services/accounting/chart.ts';
import { dayText, fiscalYearOf, parseFiscalYear } from '../../../plugins/invoicing/server/services/accounting/fec-period.ts';
import { encodeFec, fecAmount, FEC_COLUMNS, FEC_LINE_END, FEC_SEPARATOR, fecField } from '../../../plugins/invoicing/server/services/accounting/fec-format.ts';
import type { Engine } from '../database.ts';
import { listen, rowsOf, type Floor, type Row } from '../floor.ts';

/** The measured invoice as plain data, and what its Factur-X is made of. */
export interface InvoiceInMemory {
  document: PdfDocument;
  invoice: Invoice;
  context: FacturXContext;
}

export interface DocumentsFloorOptions {
  db: Knex;
  engine: Engine;
  companyId: string;
  measured: InvoiceInMemory;
}

export interface IntegrityAnswer {
  valid: boolean;
  checked: number;
  firstBroken: { kind: string; _id: string; number: string } | null;
}

// ---------------------------------------------------------------------------------------------
// integrity

type ChainEntity = typeof Invoices | typeof Payments;

/** The columns a chain's hash covers (its view's fields, every `fk_*`: the payment view adds its links), and `hash`. */
function hashedColumns(entity: ChainEntity, fields: readonly string[]): { column: string; path: string; kind: string }[] {
  const top = new Set<string>([...fields, 'fk', 'hash']);
  return entityColumns(entity).filter((c) => top.has(c.path.split('.')[0])).map((c) => ({ column: c.column, path: c.path, kind: c.kind }));
}

const CHAINS = [
  { kind: 'invoice', entity: Invoices, source: null, columns: hashedColumns(Invoices, HASHED_INVOICE_FIELDS), view: (d: Row) => invoiceHashView(d as Partial<Invoice>) },
  ...(['invoice', 'purchase', 'external-purchase'] as const).map((source) => ({
    kind: source === 'invoice' ? 'payment' : `${source}-payment`, entity: Payments, source,
    columns: hashedColumns(Payments, HASHED_PAYMENT_FIELDS), view: (d: Row) => paymentHashView(d as Partial<Payment>),
  })),
];

/** The document of a row as the repository reads it back, for the columns read. */
function documentOf(columns: { column: string; path: string; kind: string }[], row: Row): Row {
  const doc: Row = {};
  for (const c of columns) {
    const v = fromDb(c.kind as Parameters<typeof fromDb>[0], row[c.column]);
    const dot = c.path.indexOf('.');
    if (dot < 0) doc[c.path] = v;
    else ((doc[c.path.slice(0, dot)] ??= {}) as Row)[c.path.slice(dot + 1)] = v;
  }
  return doc;
}

async function integrity(o: DocumentsFloorOptions): Promise<IntegrityAnswer> {
  let checked = 0;
  for (const chain of CHAINS) {
    const q = o.db(chain.entity.table).where('fk_company', o.companyId).whereNotNull('number');
    if (chain.source) q.where('source', chain.source);
    const rows = (await q.orderBy('number').select(chain.columns.map((c) => c.column))) as Row[];
    let previous: string | null = null;
    let last: Row | null = null;
    for (const row of rows) {
      checked++;
      const hash = row.hash as string | null;
      if (!hash || chainHash(previous, chain.view(documentOf(chain.columns, row))) !== hash) {
        return { valid: false, checked, firstBroken: { kind: chain.kind, _id: String(row._id), number: String(row.numberFull ?? row.number) } };
      }
      previous = hash;
      last = row;
    }
    // the head is read after the rows, as the kernel's verifier does
    const head = (await o.db('invoicing_chain_heads').where({ fk_company: o.companyId, chain: chain.kind }).first('lastId', 'lastNumber', 'lastHash')) as Row | undefined;
    const broken = !head ? last !== null : !last || last._id !== head.lastId || last.hash !== head.lastHash;
    if (broken) {
      return { valid: false, checked, firstBroken: { kind: chain.kind, _id: String(last?._id ?? head?.lastId), number: String(last?.numberFull ?? head?.lastNumber) } };
    }
  }
  return { valid: true, checked, firstBroken: null };
}

// ---------------------------------------------------------------------------------------------
// FEC

const money = (v: unknown) => fromDb('money', v) as number;
const json = <T>(v: unknown) => fromDb('json', v) as T;

/** The subsidiary account of a customer, as the plugin names it (its directory name first). */
function auxiliaryOf(customerId: unknown, row: Row, prefix: string, receiverName: unknown): Auxiliary {
  if (!customerId) return MISCELLANEOUS_CUSTOMERS;
  const c = { company: row[`${prefix}company`] ?? undefined, firstname: row[`${prefix}firstname`] ?? undefined, name: row[`${prefix}name`] ?? undefined } as { company?: string; firstname?: string; name?: string };
  const label = (row[`${prefix}displayName`] as string | null) || receiverNameOf(row[`${prefix}_id`] ? c : undefined) || (receiverName as string | null) || 'Client';
  return customerAuxiliary(String(customerId), label);
}

async function fec(o: DocumentsFloorOptions, year: number): Promise<Buffer> {
  const company = (await o.db('kernel_companies').where('_id', o.companyId).first('siren', 'fiscalYears')) as Row;
  const fiscalYear = fiscalYearOf({ fiscalYears: json<FiscalYear[]>(company.fiscalYears) ?? [] }, year, new Date());
  const settings = (await o.db('invoicing_accounting_settings').where('fk_company', o.companyId).first('accounts', 'journals')) as Row | undefined;
  const chart = effectiveChart(settings ? { accounts: json(settings.accounts), journals: json(settings.journals) } as NonNullable<Parameters<typeof effectiveChart>[0]> : null);
  const { start, end } = fiscalYear.period;
  const customer = (alias: string) => `${alias}._id AS c_id, ${alias}.displayName AS c_displayName, ${alias}.company AS c_company, ${alias}.firstname AS c_firstname, ${alias}.name AS c_name`;
  const [invoiceRows, paymentRows] = await Promise.all([
    o.db.raw(`SELECT i._id, i.numberFull, i.date, i.items, i.vatDetails, i.subjectToVAT, i.exclTaxesPrice, i.inclTaxesPrice, i.receiverName, i.fk_receiverCustomer, ${customer('c')}
      FROM invoicing_invoices i LEFT JOIN contacts_customers c ON c._id = i.fk_receiverCustomer
      WHERE i.fk_company = ? AND i.numberFull IS NOT NULL AND i.date >= ? AND i.date < ?`, [o.companyId, start, end]),
    // credits move no money: no entry (accounting-entries.ts)
    o.db.raw(`SELECT p.mode, p.amount, p.date, p.number, p.numberFull, p.metadata_creationDate, p.fk_customer, i.numberFull AS i_numberFull, i.receiverName AS i_receiverName, ${customer('c')}
      FROM invoicing_payments p LEFT JOIN invoicing_invoices i ON i._id = p.fk_invoice LEFT JOIN contacts_customers c ON c._id = p.fk_customer
      WHERE p.fk_company = ? AND p.source = 'invoice' AND p.date >= ? AND p.date < ? AND p.mode NOT IN ('credit', 'credit-compensation')`, [o.companyId, start, end]),
  ]);

  const entries: { entry: JournalEntry; at: number }[] = [];
  for (const r of rowsOf(o.engine, invoiceRows)) {
    const invoice = {
      numberFull: r.numberFull, date: String(r.date), items: json(r.items), vatDetails: json(r.vatDetails), subjectToVAT: fromDb('bool', r.subjectToVAT),
      exclTaxesPrice: money(r.exclTaxesPrice), inclTaxesPrice: money(r.inclTaxesPrice), receiverName: r.receiverName ?? undefined,
    } as unknown as Invoice;
    const entry = invoiceEntry(invoice, auxiliaryOf(r.fk_receiverCustomer, r, 'c_', r.receiverName));
    entries.push({ entry, at: Date.parse(entry.validatedAt ?? entry.date) });
  }
  for (const r of rowsOf(o.engine, paymentRows)) {
    const payment = {
      mode: r.mode, amount: money(r.amount), date: String(r.date), number: Number(r.number), numberFull: r.numberFull ?? undefined,
      metadata: { creationDate: String(r.metadata_creationDate) },
    } as unknown as Payment;
    const invoice = { numberFull: (r.i_numberFull as string | null) ?? undefined, receiverName: (r.i_receiverName as string | null) ?? undefined };
    const entry = paymentEntry(payment, invoice, auxiliaryOf(r.fk_customer, r, 'c_', r.i_receiverName));
    if (entry) entries.push({ entry, at: Date.parse(entry.validatedAt ?? entry.date) });
  }

  // one Paris day per distinct date; the sort keys of buildFec (validation, date, journal, piece)
  const days = new Map<string, string>();
  const day = (date: string) => {
    let d = days.get(date);
    if (d === undefined) { d = dayText(parisDay(date)!).replace(/-/g, ''); days.set(date, d); }
    return d;
  };
  const journals = new Map<string, { code: string; label: string }>();
  const keyed = entries.map((e) => {
    let j = journals.get(e.entry.journal);
    if (!j) { j = resolveJournal(chart, e.entry.journal)!; journals.set(e.entry.journal, j); }
    return { ...e, day: day(e.entry.date), journal: j };
  });
  keyed.sort((a, b) => a.at - b.at || a.day.localeCompare(b.day) || a.journal.code.localeCompare(b.journal.code) || a.entry.pieceRef.localeCompare(b.entry.pieceRef));

  const out: string[] = [FEC_COLUMNS.join(FEC_SEPARATOR)];
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  keyed.forEach(({ entry, day: date, journal }, i) => {
    const num = String(i + 1);
    const journalLib = fecField(journal.label);
    const piece = fecField(entry.pieceRef);
    const pieceDate = day(entry.pieceDate);
    const valid = day(entry.validatedAt ?? entry.date);
    for (const line of entry.lines) {
      const d = parseAmount(line.debit)!;
      const c = parseAmount(line.credit)!;
      if (d.isZero() && c.isZero()) continue;
      debit = debit.plus(d);
      credit = credit.plus(c);
      const account = resolveAccount(chart, line)!;
      out.push([
        journal.code, journalLib, num, date, account.number, fecField(account.label), line.auxiliary?.number ?? '', line.auxiliary ? fecField(line.auxiliary.label) : '',
        piece, pieceDate, fecField(line.label || entry.label), fecAmount(d), fecAmount(c), '', '', valid, '', '',
      ].join(FEC_SEPARATOR));
    }
  });
  if (!debit.equals(credit)) throw new Error(`floor FEC: debits ${debit.toFixed(2)} ≠ credits ${credit.toFixed(2)}`);
  return encodeFec(out.join(FEC_LINE_END) + FEC_LINE_END);
}

// ---------------------------------------------------------------------------------------------

export async function startDocumentsFloor(o: DocumentsFloorOptions): Promise<Floor> {
  const app = new Koa();
  // autocannon closes its connections when the time is up, mid-answer: not errors of the floor
  app.silent = true;
  const { document, invoice, context } = o.measured;
  app.use(async (ctx) => {
    try {
      if (ctx.path === '/pdf') {
        ctx.type = 'application/pdf';
        ctx.body = await renderDocumentPdf(document, { now: new Date() });
      } else if (ctx.path === '/facturx' || ctx.path === '/xml') {
        const built = tryFacturX(invoice, context);
        if (!built.ok) throw Object.assign(new Error(`Factur-X: missing ${built.missing.map((m) => m.field).join(', ')}`), { status: 409 });
        if (ctx.path === '/xml') {
          ctx.type = 'application/xml; charset=utf-8';
          ctx.body = built.xml;
        } else {
          ctx.type = 'application/pdf';
          ctx.body = await renderDocumentPdf(document, { now: new Date(), facturX: { xml: built.xml, documentType: built.documentType, conformanceLevel: built.conformanceLevel } });
        }
      } else if (ctx.path === '/integrity') {
        ctx.body = await integrity(o);
      } else if (ctx.path === '/fec') {
        ctx.type = 'text/plain; charset=ISO-8859-15';
        ctx.body = await fec(o, parseFiscalYear(ctx.query.fiscalYear));
      } else {
        ctx.status = 404;
        ctx.body = { status: 404 };
      }
    } catch (e) {
      ctx.status = (e as { status?: number }).status ?? 500;
      ctx.body = { message: String((e as Error).message).slice(0, 500) };
    }
  });
  return listen(app, o.db);
}
