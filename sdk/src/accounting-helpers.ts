/**
 * What the plugins contributing `journalEntries` share (invoicing's sales and purchases' supplier
 * invoices are written the same way): a line on its usual side that a negative amount reverses, the
 * list filter of a period, every row of a period read by pages, and where a payment's money goes.
 */
import { Decimal } from 'decimal.js';
import type { PaymentMode } from '@comptoir/schemas';
import type { AccountingPeriod, AccountRole, JournalEntryLine, JournalRole } from './accounting.ts';
import type { FilterSpec, Repository } from './repository.ts';

/**
 * One line on its usual side (`debit` or `credit`), as a decimal string of euros; a negative
 * amount goes to the other side, which is how a credit note or a refund reverses its entry.
 */
export function entryLine(account: AccountRole | (string & {}), value: Decimal, usual: 'debit' | 'credit', extra: Partial<JournalEntryLine> = {}): JournalEntryLine {
  const side = value.isNegative() ? (usual === 'debit' ? 'credit' : 'debit') : usual;
  return { account, ...extra, [side]: value.abs().toFixed(2) };
}

/**
 * The list filter of a date field for the period. `between` includes its end, so the end is moved
 * back by one millisecond: the period's end (a midnight in Paris) belongs to the next one.
 */
export function periodFilter(period: AccountingPeriod): FilterSpec {
  return { mode: 'between', valueIsDate: true, startDate: period.start, endDate: new Date(Date.parse(period.end) - 1).toISOString() };
}

export const ENTRY_PAGE = 500;

/** Every row matching, read by cursor pages of `ENTRY_PAGE` (a year of documents does not fit one answer). */
export async function readAllPages<T>(repo: Pick<Repository<T>, 'list'>, filters: Record<string, FilterSpec>, sortField = 'date'): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await repo.list({ filters, sort: { field: sortField, ascending: true }, pagination: { quantity: ENTRY_PAGE, ...(cursor ? { cursor } : {}) } });
    out.push(...page.data);
    cursor = page.next ?? undefined;
  } while (cursor);
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
