/**
 * What the till puts in the books (README « FEC »), contributed to invoicing's
 * `invoicing.accounting-entries` as purchases does: each receipt of the period is one entry of the
 * cash journal (« CA », role `cash`), dated with the receipt:
 * - credited, per VAT rate: sales of goods (707) and of services (706) with the total excl. taxes
 *   of the rate (split as invoices are: `goodsAndServices`), and the collected VAT (44571, per rate);
 * - debited, per payment mode: where the money went (`paymentTreasury` of the SDK: cash 530, the
 *   other means 512, a gift card or a credit against the advances received, 4191).
 * A refund receipt (negative amounts) is the same entry reversed. Amounts come from the stored
 * totals and payments, which add up to the cent: every entry balances. Piece references carry the
 * series' code `TK` (`seriesPieceRef`).
 */
import { Decimal } from 'decimal.js';
import {
  entryLine as line, goodsAndServices, paymentTreasury, periodFilter, readAllPages, seriesPieceRef,
  type AccountingPeriod, type CallContext, type JournalEntry, type JournalEntryLine,
} from '@comptoir/sdk';
import { PAYMENT_MODE_LABELS } from '@comptoir/schemas';
import type { Receipt } from '../../../schemas/index.ts';
import { Receipts } from '../../entities.ts';

export const RECEIPTS_SERIES = 'TK';

const ADVANCES = { journal: 'cash', account: 'customerAdvances' } as const;

export function receiptEntry(receipt: Receipt): JournalEntry {
  const lines: JournalEntryLine[] = [];
  const byAccount = new Map<string, Decimal>();
  for (const p of receipt.payments) {
    const account = (paymentTreasury(p.mode, ADVANCES) ?? ADVANCES).account;
    byAccount.set(account, (byAccount.get(account) ?? new Decimal(0)).plus(p.amount));
  }
  for (const [account, amount] of byAccount) if (!amount.isZero()) lines.push(line(account, amount, 'debit'));
  const rates = receipt.subjectToVAT && receipt.vatDetails.length > 0
    ? receipt.vatDetails.map((d) => ({ vat: d.vat as number | null, category: d.vatCategory, excl: new Decimal(d.totalExclTaxes), tax: new Decimal(d.amount) }))
    : [{ vat: null, category: undefined, excl: new Decimal(receipt.exclTaxesPrice), tax: new Decimal(0) }];
  for (const rate of rates) {
    const items = receipt.items.filter((i) => rate.vat === null || (i.vat === rate.vat && (!rate.category || i.vatCategory === rate.category)));
    const { goods, services } = goodsAndServices(items, rate.excl);
    if (!goods.isZero()) lines.push(line('salesGoods', goods, 'credit'));
    if (!services.isZero()) lines.push(line('salesServices', services, 'credit'));
    if (!rate.tax.isZero()) lines.push(line('vatCollected', rate.tax, 'credit', { vatRate: rate.vat! }));
  }
  const modes = [...new Set(receipt.payments.map((p) => PAYMENT_MODE_LABELS[p.mode]))].join(', ');
  return {
    journal: 'cash',
    date: receipt.date,
    pieceRef: seriesPieceRef(RECEIPTS_SERIES, receipt.numberFull!),
    pieceDate: receipt.date,
    label: `${receipt.refund ? 'Remboursement' : 'Ticket'} ${receipt.numberFull} caisse ${receipt.cashRegisterNumber ?? ''}${modes ? ` (${modes})` : ''}`,
    lines,
    validatedAt: receipt.date,
  };
}

/** The till's `journalEntries`: the receipts of the active company dated in the period. */
export async function posJournalEntries(ctx: CallContext, period: AccountingPeriod): Promise<JournalEntry[]> {
  const receipts = await readAllPages(ctx.repo(Receipts), { date: periodFilter(period) }) as Receipt[];
  // a receipt of 0 € moves nothing: no entry (an entry needs lines)
  return receipts.map(receiptEntry).filter((e) => e.lines.length > 0);
}
