/**
 * What the plugins contributing `journalEntries` share (invoicing's sales and purchases' supplier
 * invoices are written the same way): a line on its usual side that a negative amount reverses, a
 * VAT rate's total split between goods and services, the list filter of a period, every row of a
 * period read by pages, where a payment's money goes, and a piece reference no other series writes.
 */
import { Decimal } from 'decimal.js';
import type { PaymentMode } from '@comptoir/schemas';
import type { AccountingPeriod, AccountRole, JournalEntryLine, JournalRole } from './accounting.ts';
import type { FilterSpec, Repository } from './repository.ts';
import { round2 } from './commerce/money.ts';

/**
 * One line on its usual side (`debit` or `credit`), as a decimal string of euros; a negative
 * amount goes to the other side, which is how a credit note or a refund reverses its entry.
 */
export function entryLine(account: AccountRole | (string & {}), value: Decimal, usual: 'debit' | 'credit', extra: Partial<JournalEntryLine> = {}): JournalEntryLine {
  const side = value.isNegative() ? (usual === 'debit' ? 'credit' : 'debit') : usual;
  return { account, ...extra, [side]: value.abs().toFixed(2) };
}

/**
 * The FEC `PieceRef` of a document: its series code, a dash, its own number (`FC-0000042`,
 * `RF-3`). Each numbered series (sales invoices, their payments, purchases, purchase payments…)
 * counts from 1 with the company's own prefixes, empty by default, so two series can write the
 * same number; the code, unique per series and without a dash, keeps the references apart
 * whatever the prefixes (sdk README « Écritures comptables » lists the codes in use).
 */
export function seriesPieceRef(series: string, reference: string): string {
  if (!/^[A-Z][A-Z0-9]{0,7}$/.test(series)) throw new Error(`series code « ${series} »: capitals and digits, 8 at most, no dash`);
  return `${series}-${reference}`;
}

export interface TypedLine { type: string; quantity: number; exclTaxesPrice: number }

/**
 * One VAT rate's total excl. taxes split between goods and services. The rate's total is the one
 * the VAT method computed (what the document prints), which the line totals may not add up to: the
 * goods get their line totals and the services the rest, so goods + services = the total to the
 * cent by either method.
 */
export function goodsAndServices(lines: readonly TypedLine[], total: Decimal): { goods: Decimal; services: Decimal } {
  const goods = lines.filter((l) => l.type === 'good');
  if (goods.length === lines.length) return { goods: total, services: new Decimal(0) };
  const goodsTotal = goods.reduce((sum, l) => sum.plus(round2(new Decimal(l.quantity).times(l.exclTaxesPrice))), new Decimal(0));
  return { goods: goodsTotal, services: total.minus(goodsTotal) };
}

/**
 * The list filter of a date field for the period. `between` includes its end, so the end is moved
 * back by one millisecond: the period's end (a midnight in Paris) belongs to the next one.
 */
export function periodFilter(period: AccountingPeriod): FilterSpec {
  return { mode: 'between', valueIsDate: true, startDate: period.start, endDate: new Date(Date.parse(period.end) - 1).toISOString() };
}

export const ENTRY_PAGE = 500;

/**
 * Every row matching, read by cursor pages of `ENTRY_PAGE` (a year of documents does not fit one
 * answer); `fields`: only those (a till's Z over 5 000 receipts decodes what its totals read).
 */
export async function readAllPages<T>(repo: Pick<Repository<T>, 'list'>, filters: Record<string, FilterSpec>, sortField = 'date', fields?: string[]): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await repo.list({ filters, sort: { field: sortField, ascending: true }, pagination: { quantity: ENTRY_PAGE, ...(cursor ? { cursor } : {}) }, ...(fields ? { fields } : {}) });
    out.push(...page.data);
    cursor = page.next ?? undefined;
  } while (cursor);
  return out;
}

/** Records by id, loaded `ENTRY_PAGE` ids at a time (a year of payments names many documents). */
export async function loadByIds<T extends { _id: string }>(ids: Iterable<string | null | undefined>, load: (ids: string[]) => Promise<T[]>): Promise<Map<string, T>> {
  const all = [...new Set([...ids].filter((id): id is string => !!id))];
  const out = new Map<string, T>();
  for (let i = 0; i < all.length; i += ENTRY_PAGE) for (const x of await load(all.slice(i, i + ENTRY_PAGE))) out.set(x._id, x);
  return out;
}

export interface Treasury { journal: JournalRole; account: AccountRole }

/**
 * Where a payment mode puts the money: cash in the cash journal, every other means of payment in
 * the bank; a gift card where the caller says (advances received from customers, advances paid to
 * suppliers). `credit` and `credit-compensation` move no money (the credit note already changed
 * what is owed): null, no entry.
 */
export function paymentTreasury(mode: PaymentMode, giftCard: Treasury): Treasury | null {
  switch (mode) {
    case 'credit': case 'credit-compensation': return null;
    case 'cash': return { journal: 'cash', account: 'cash' };
    case 'gift-card': return giftCard;
    default: return { journal: 'bank', account: 'bank' };
  }
}
