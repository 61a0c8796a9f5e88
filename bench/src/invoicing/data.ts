/**
 * The invoicing data set: customers (contacts_customers) and the invoices of one company
 * (invoicing_invoices), written in batches with knex straight into the plugins' tables, row for row
 * as the application writes them:
 * - lines and totals from the commercial-document engine (`computeDocument`, exact decimals),
 *   settlement from `settleInvoice` over a payment list, receiver from `receiverFromCustomer`,
 *   sender from `senderFromCompany`, the hash chained in number order by the plugin's own
 *   `invoiceHash`;
 * - each document given the entity's computed fields (`derive`: the invoices' `receiverName`, from
 *   the receiver, as the repository sets it on every write), filled with the schema's defaults by
 *   the repository's ajv validation (taken once, one row in 97 validated for real and compared
 *   column by column), then `encodeRow` with the plugins' entity definitions (../rows.ts).
 *
 * Emitted invoices are numbered 1..n in date order (`numberFull` with the company's prefix and
 * digits), consecutive; drafts (no number, no hash, no sender) are the most recent documents.
 * Statuses: emitted, partially_paid, paid, refund (paid then refunded), credit notes (negative,
 * settled by a refund) and drafts. Not written: the activity entries of each create, the credited
 * lines (`itemsCredit`) of the invoices a credit note points to: no measured list reads them, and
 * the invoice rows carry the settlement they produce. The payments themselves only with `payments`
 * (the documents suite, whose integrity walk and FEC read them): numbered in date order, hashed in
 * the payment chain by `paymentHash`, and both chains' heads (`invoicing_chain_heads`) written.
 */
import type { Knex } from 'knex';
import { computeDocument, receiverFromCustomer, round2, senderFromCompany, settleInvoice, toNumber } from '@comptoir/sdk/commerce';
import { customerDisplayName, formatDocumentNumber, type Company } from '@comptoir/schemas';
import { ObjectId } from 'bson';
import { Customers } from '../../../plugins/contacts/server/entities.ts';
import { ChainHeads, Invoices, Payments } from '../../../plugins/invoicing/server/entities.ts';
import { invoiceHash, paymentHash } from '../../../plugins/invoicing/server/services/emission/hash-chain.ts';
import { FAMILY_NAMES, LEGAL_FORMS, STREETS, TOWNS, TRADES, asciiSlug, digits, person, phone, pick, rng, skewed } from '../french.ts';
import { BatchInserter, DAY, EPOCH, defaultsOf, stored, writeAll, type Doc } from '../rows.ts';

export interface InvoiceDataOptions {
  db: Knex;
  engine: 'sqlite' | 'mysql';
  companyId: string;
  /** the company as stored (its numbering settings, its sender fields) */
  company: Company;
  /** invoices to write (drafts included) */
  invoices: number;
  customers: number;
  /** metadata.createdBy, and the userName printed on emitted invoices */
  authorId: string;
  authorName: string;
  /**
   * Also write the payments the settlements come from (invoicing_payments, numbered and hashed in
   * the company's payment chain) and the heads of both chains (invoicing_chain_heads), so that the
   * integrity verifier and the FEC read a whole, valid set (the documents suite). Drawn from a
   * random sequence of their own: the invoices are the same with or without them.
   */
  payments?: boolean;
  log?: (line: string) => void;
}

export interface InvoiceDataReport {
  customers: number;
  invoices: number;
  /** emitted (numbered) documents, credit notes included */
  numbered: number;
  byStatus: Record<string, number>;
  drafts: number;
  creditNotes: number;
  lines: number;
  /** the last number given: the counter's `next` is this + 1 */
  lastNumber: number;
  /** payments written (0 without `payments`), by mode; the last payment number (the `paymentInvoice` counter's `next` is this + 1) */
  payments: number;
  paymentsByMode: Record<string, number>;
  lastPaymentNumber: number;
  ms: { customers: number; invoices: number; payments: number; total: number };
  cpuMs: number;
}

/** bound values per MariaDB INSERT: invoice rows are long (lines, sender, receiver as JSON) */
const MYSQL_VALUES = 20_000;

/** An ObjectId of the given instant, as the repository makes them (time-ordered). */
export const idAt = (ms: number) => new ObjectId(ObjectId.generate(Math.floor(ms / 1000))).toHexString();

function uuidOf(r: () => number): string {
  const h = () => Math.floor(r() * 0x1_0000_0000).toString(16).padStart(8, '0');
  const s = h() + h() + h() + h();
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${'89ab'[Math.floor(r() * 4)]}${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

// ---------------------------------------------------------------------------------------------
// What the company sells: label, VAT rate, unit price excl. taxes (euros, cents), goods or services

const PRODUCTS: readonly (readonly [string, number, number, 'good' | 'service'])[] = [
  ['Pain de campagne 800 g', 5.5, 3.6, 'good'],
  ['Baguette tradition (lot de 10)', 5.5, 11.5, 'good'],
  ['Viennoiseries assorties (plateau de 24)', 5.5, 28.9, 'good'],
  ['Farine de meule T80, sac de 25 kg', 5.5, 32.4, 'good'],
  ['Confiture artisanale 370 g', 5.5, 4.85, 'good'],
  ['Café en grains, 1 kg', 5.5, 17.2, 'good'],
  ['Plateau-repas livré', 10, 14.5, 'service'],
  ['Buffet traiteur (par personne)', 10, 22, 'service'],
  ['Brunch d’entreprise (par personne)', 10, 18.75, 'service'],
  ['Travaux de rénovation de la vitrine', 10, 640, 'service'],
  ['Entretien du four — visite trimestrielle', 20, 185, 'service'],
  ['Livraison en centre-ville', 20, 12, 'service'],
  ['Location de matériel (journée)', 20, 95, 'service'],
  ['Coffret cadeau « Douceurs »', 20, 39.9, 'good'],
  ['Formation hygiène alimentaire (demi-journée)', 20, 350, 'service'],
  ['Prestation de conseil (jour)', 20, 680, 'service'],
  ['Emballages kraft personnalisés (lot de 500)', 20, 129.5, 'good'],
  ['Gâteau d’anniversaire sur commande', 5.5, 42, 'good'],
];

/** Labels printed under some lines. */
const SECONDARY = ['Commande du matin', 'Selon devis accepté', 'Livraison incluse', 'Tarif professionnel', 'Hors week-end'];

/** A customer of a French small business (a person or a company), as the contacts screens fill one. */
export function customerDoc(r: () => number, i: number, companyId: string, authorId: string) {
  const created = EPOCH - Math.floor((0.5 + r() * 3) * 365 * DAY);
  const { female, firstname, name } = person(r);
  const [city, zipCode] = skewed(r, TOWNS);
  const isCompany = r() < 0.45;
  const company = isCompany ? (r() < 0.7 ? `${skewed(r, TRADES)} ${skewed(r, FAMILY_NAMES)} ${pick(r, LEGAL_FORMS)}` : `${skewed(r, FAMILY_NAMES)} & Fils`) : undefined;
  const withPerson = !isCompany || r() < 0.6;
  const address = { address: `${1 + Math.floor(r() * 120)} ${pick(r, STREETS)}`, zipCode, city, country: 'France', delivery: true, invoicing: true };
  const doc: Doc = {
    _id: idAt(created),
    ...(withPerson ? { civ: female ? 'Mme' : 'M.', firstname, name } : {}),
    ...(company ? { company, vatNumber: `FR${digits(r, 2)}${digits(r, 9)}` } : {}),
    email: `${asciiSlug(withPerson ? `${firstname}.${name}` : company!)}.${i}@${pick(r, ['orange.fr', 'free.fr', 'gmail.com', 'laposte.net', 'wanadoo.fr'])}`,
    telMobile: phone(r, true),
    gender: withPerson ? (female ? 'female' : 'male') : 'secret',
    addresses: [address],
    directAccessKey: digits(r, 12) + digits(r, 12),
    origin: pick(r, ['unknown', 'website', 'word-of-mouth', 'shop']),
    metadata: { creationDate: new Date(created).toISOString(), lastModificationDate: new Date(created).toISOString(), createdBy: authorId, lastModifiedBy: authorId },
    fk: { company: companyId, groups: [] },
  };
  doc.displayName = customerDisplayName(doc as { company?: string; firstname?: string; name?: string });
  return doc;
}

/** 1 to 6 lines (1-3 most often), prices excl. taxes, quantities whole or in halves. */
function lineInputs(r: () => number) {
  const n = 1 + Math.floor(Math.pow(r(), 1.6) * 6);
  const lines = [];
  for (let k = 0; k < n; k++) {
    const [label, vat, price, type] = pick(r, PRODUCTS);
    const quantity = r() < 0.15 ? (1 + Math.floor(r() * 8)) / 2 : 1 + Math.floor(Math.pow(r(), 2) * 40);
    // prices move a little over three years, always in whole cents
    const unit = toNumber(round2(price * (0.9 + Math.floor(r() * 21) / 100)));
    lines.push({
      quantity, vat, labelPrimary: label, exclTaxesPrice: unit, type, uuid: uuidOf(r),
      ...(r() < 0.2 ? { labelSecondary: pick(r, SECONDARY) } : {}),
    });
  }
  return lines;
}

type Kind = 'emitted' | 'partially_paid' | 'paid' | 'refund' | 'credit' | 'draft';

/** Older invoices are mostly paid; the last months hold the unpaid ones and the drafts. */
function kindOf(r: () => number, age: number /* 0 = newest, 1 = oldest */): Kind {
  const x = r();
  if (age < 0.03) return x < 0.2 ? 'draft' : x < 0.6 ? 'emitted' : x < 0.75 ? 'partially_paid' : 'paid';
  if (x < 0.03) return 'credit';
  if (x < 0.05) return 'refund';
  if (x < 0.05 + (age < 0.2 ? 0.2 : 0.06)) return 'partially_paid';
  if (x < 0.05 + (age < 0.2 ? 0.35 : 0.1)) return 'emitted';
  return 'paid';
}

/** How a small shop's customers pay (positive payments); refunds go back by transfer. */
const PAYMENT_MODES: readonly (readonly [string, number])[] = [
  ['cb', 0.4], ['transfer', 0.24], ['check', 0.14], ['cash', 0.12], ['paypal', 0.04], ['amex', 0.02], ['gift-card', 0.02], ['nfc', 0.02],
];

function paymentMode(r: () => number): string {
  let x = r();
  for (const [mode, share] of PAYMENT_MODES) if ((x -= share) < 0) return mode;
  return 'cb';
}

/** A payment of the data set before it is numbered: numbers follow the payment dates. */
interface PendingPayment { at: number; amount: number; mode: string; invoice: string; customer: string; credit: boolean }

export async function generateInvoices(o: InvoiceDataOptions): Promise<InvoiceDataReport> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = rng(20261122);
  const meta0 = { creationDate: new Date(EPOCH).toISOString(), lastModificationDate: new Date(EPOCH).toISOString(), createdBy: null, lastModifiedBy: null };
  const customerDefaults = defaultsOf(Customers, { _id: idAt(EPOCH), metadata: meta0, fk: { company: o.companyId } });
  const invoiceDefaults = defaultsOf(Invoices, { _id: idAt(EPOCH), date: meta0.creationDate, metadata: meta0, fk: { company: o.companyId } });
  // payments draw from their own sequence: the invoices stay those of a run without payments
  const pr = rng(20261124);
  const pending: PendingPayment[] = [];

  const run = async (exec: Knex | Knex.Transaction) => {
    // --- customers --------------------------------------------------------------------------
    const customers: Doc[] = [];
    const inserter = new BatchInserter(exec, o.engine, MYSQL_VALUES);
    for (let i = 0; i < o.customers; i++) {
      const { full, row } = stored(Customers, customerDefaults, customerDoc(r, i, o.companyId, o.authorId), i);
      customers.push(full);
      await inserter.push(Customers, row);
    }
    await inserter.end();
    const tCustomers = performance.now();
    o.log?.(`  ${o.customers} customers: ${Math.round(tCustomers - t0)} ms`);
    const receivers = customers.map((c) => receiverFromCustomer(c as Parameters<typeof receiverFromCustomer>[0]));

    // --- invoices, in date order ------------------------------------------------------------
    const dates: number[] = [];
    for (let i = 0; i < o.invoices; i++) dates.push(EPOCH - Math.floor(r() * 3 * 365 * DAY));
    dates.sort((a, b) => a - b);
    const sender = senderFromCompany(o.company);
    const setting = (o.company.numbering as unknown as Record<string, { minDigits: number; prefix?: string; suffix?: string }>).invoice;
    const byStatus: Record<string, number> = {};
    let number = 0;
    let previousHash: string | null = null;
    let lastEmitted: Doc | null = null;
    let drafts = 0;
    let creditNotes = 0;
    let lines = 0;
    const recent: string[] = [];
    for (let i = 0; i < o.invoices; i++) {
      const at = dates[i];
      const kind = kindOf(r, (EPOCH - at) / (3 * 365 * DAY));
      const customerIndex = Math.floor(Math.pow(r(), 2.2) * customers.length);
      const customer = customers[customerIndex];
      let items = lineInputs(r);
      if (kind === 'credit') items = items.slice(0, 1 + Math.floor(r() * items.length)).map((l) => ({ ...l, quantity: -l.quantity }));
      lines += items.length;
      const computed = computeDocument({ items, subjectToVAT: true, vatCalculationMethod: 'rounded-total' });
      const total = computed.inclTaxesPrice;
      const payments = kind === 'paid' || kind === 'credit' ? [{ amount: total }]
        : kind === 'partially_paid' ? [{ amount: toNumber(round2(total * (0.2 + Math.floor(r() * 60) / 100))) }]
          : kind === 'refund' ? [{ amount: total }, { amount: -total }]
            : [];
      const settlement = settleInvoice({ inclTaxesPrice: total }, payments);
      const date = new Date(at).toISOString();
      const paidAt = payments.length ? Math.min(EPOCH, at + (5 + Math.floor(r() * 55)) * DAY) : at;
      const paidLater = new Date(paidAt).toISOString();
      const _id = idAt(at);
      if (o.payments && kind !== 'draft') {
        // a credit note is settled by compensation (no money moves); a refund a few days after the payment
        payments.forEach((p, k) => pending.push({
          at: k === 0 ? paidAt : Math.min(EPOCH, paidAt + (1 + Math.floor(pr() * 10)) * DAY),
          amount: p.amount, mode: kind === 'credit' ? 'credit-compensation' : p.amount < 0 ? 'transfer' : paymentMode(pr),
          invoice: _id, customer: customer._id as string, credit: kind === 'credit',
        }));
      }
      const doc: Doc = {
        _id,
        subjectToVAT: true,
        vatCalculationMethod: 'rounded-total',
        ...computed,
        date,
        freeData: o.company.invoiceFreeData,
        receiver: receivers[customerIndex],
        ...settlement,
        metadata: { creationDate: date, lastModificationDate: paidLater, createdBy: o.authorId, lastModifiedBy: o.authorId },
        fk: {
          company: o.companyId,
          receiverCustomer: customer._id,
          ...(kind === 'credit' && recent.length ? { sourceInvoice: pick(r, recent) } : {}),
        },
      };
      if (kind === 'credit') {
        doc.headerTitle = 'Avoir';
        creditNotes++;
      }
      if (kind === 'draft') {
        drafts++;
      } else {
        number++;
        doc.number = number;
        doc.numberFull = formatDocumentNumber(setting, number);
        doc.sender = sender;
        doc.userName = o.authorName;
      }
      const { full, row } = stored(Invoices, invoiceDefaults, doc, i);
      if (kind !== 'draft') {
        const hash = invoiceHash(previousHash, full);
        full.hash = hash;
        row.hash = hash;
        previousHash = hash;
        lastEmitted = full;
        recent.push(_id);
        if (recent.length > 200) recent.shift();
      }
      byStatus[kind === 'draft' ? 'draft' : String(full.status)] = (byStatus[kind === 'draft' ? 'draft' : String(full.status)] ?? 0) + 1;
      await inserter.push(Invoices, row);
    }
    await inserter.end();
    const tInvoices = performance.now();
    o.log?.(`  ${o.invoices} invoices (${number} numbered, ${drafts} drafts, ${lines} lines): ${Math.round(tInvoices - tCustomers)} ms`);

    // --- payments, numbered and chained in date order; then the heads of both chains --------
    const paymentsByMode: Record<string, number> = {};
    let paymentHead: Doc | null = null;
    if (o.payments) {
      const counter = (o.company.numbering as unknown as Record<string, { minDigits: number; prefix?: string; suffix?: string }>).paymentInvoice;
      const paymentDefaults = defaultsOf(Payments, { _id: idAt(EPOCH), amount: 0, date: meta0.creationDate, metadata: meta0, fk: { company: o.companyId } });
      pending.sort((a, b) => a.at - b.at);
      let previous: string | null = null;
      for (let i = 0; i < pending.length; i++) {
        const p = pending[i];
        const date = new Date(p.at).toISOString();
        const doc: Doc = {
          _id: idAt(p.at), mode: p.mode, amount: p.amount, date, source: 'invoice', number: i + 1, numberFull: formatDocumentNumber(counter, i + 1),
          metadata: { creationDate: date, lastModificationDate: date, createdBy: o.authorId, lastModifiedBy: o.authorId },
          fk: { company: o.companyId, invoice: p.invoice, customer: p.customer, ...(p.credit ? { invoiceCredit: p.invoice } : {}) },
        };
        const { full, row } = stored(Payments, paymentDefaults, doc, i);
        const hash = paymentHash(previous, full);
        full.hash = hash;
        row.hash = hash;
        previous = hash;
        paymentHead = full;
        paymentsByMode[p.mode] = (paymentsByMode[p.mode] ?? 0) + 1;
        await inserter.push(Payments, row);
      }
      const headDefaults = defaultsOf(ChainHeads, { _id: idAt(EPOCH), chain: 'invoice', lastId: idAt(EPOCH), lastNumber: 1, lastNumberFull: '1', lastHash: '0'.repeat(64), metadata: meta0, fk: { company: o.companyId } });
      // as emission and payment leave them (chain-heads.ts): the last document of each chain
      const heads: [string, Doc | null][] = [['invoice', lastEmitted], ['payment', paymentHead]];
      for (const [chain, last] of heads) {
        if (!last) continue;
        const head = { _id: idAt(EPOCH), chain, lastId: last._id, lastNumber: last.number, lastNumberFull: last.numberFull, lastHash: last.hash, metadata: meta0, fk: { company: o.companyId } };
        await inserter.push(ChainHeads, stored(ChainHeads, headDefaults, head, 0).row);
      }
      await inserter.end();
      o.log?.(`  ${pending.length} payments and the chain heads: ${Math.round(performance.now() - tInvoices)} ms`);
    }
    const tPayments = performance.now();
    return { byStatus, number, drafts, creditNotes, lines, tCustomers, tInvoices, tPayments, paymentsByMode };
  };

  const out = await writeAll(o.db, o.engine, run);
  const cpu = process.cpuUsage(cpu0);
  return {
    customers: o.customers,
    invoices: o.invoices,
    numbered: out.number,
    byStatus: out.byStatus,
    drafts: out.drafts,
    creditNotes: out.creditNotes,
    lines: out.lines,
    lastNumber: out.number,
    payments: pending.length,
    paymentsByMode: out.paymentsByMode,
    lastPaymentNumber: pending.length,
    ms: {
      customers: Math.round(out.tCustomers - t0), invoices: Math.round(out.tInvoices - out.tCustomers),
      payments: Math.round(out.tPayments - out.tInvoices), total: Math.round(performance.now() - t0),
    },
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}
