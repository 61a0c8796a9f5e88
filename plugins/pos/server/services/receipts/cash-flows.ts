/**
 * The receipts' cash as flows of a closing verification (README « Opening and closing »): what the
 * drawer should hold = counted at opening + entries − withdrawals + cash sales (paid − change given)
 * − cash refunds. One flow for the sales and one for the refunds of the session, each naming how
 * many tickets it adds up, so that `inOutDetails` stays readable after a day of 5 000 tickets.
 */
import type { CashFlow } from '../registers/verification.ts';
import type { ReceiptPayment } from '../../../schemas/index.ts';
import { receiptCash } from './payments.ts';

export function receiptFlows(receipts: readonly { refund?: boolean; payments: ReceiptPayment[] }[], date: string): CashFlow[] {
  const flows: CashFlow[] = [];
  for (const refund of [false, true]) {
    const these = receipts.filter((r) => !!r.refund === refund && r.payments.some((p) => p.mode === 'cash'));
    if (these.length === 0) continue;
    const net = these.reduce((s, r) => s.plus(receiptCash(r.payments)), receiptCash([]));
    if (net.isZero()) continue;
    const tickets = `${these.length} ticket${these.length > 1 ? 's' : ''}`;
    flows.push({
      type: net.isNegative() ? 'out' : 'in', amount: net.abs().toNumber(), date,
      reason: refund ? `Remboursements en espèces (${tickets})` : `Ventes en espèces, monnaie rendue déduite (${tickets})`,
    });
  }
  return flows;
}
