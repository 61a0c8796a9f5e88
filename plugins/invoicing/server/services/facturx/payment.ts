/**
 * Payment terms (BT-20), due date (BT-9) and payment means (BG-16).
 *
 * The due date and its sentence are the PDF's (`dueDateOf`, `paymentTermText`, `paymentTermsDaysOf`
 * of document-terms.ts: the customer's term, else the company's, else 30 calendar days after the
 * invoice's Paris day). A credit note has no due date: its terms say it is deducted or refunded
 * (BR-CO-25 is met by the text).
 *
 * The means come from what is known: the IBAN of the sender snapshot (the company's at emission,
 * the one the PDF prints), else the one the context gives (30, credit transfer, BR-61), else the
 * mode of the last payment recorded (UNTDID 4461 mapping in codes.ts); none when nothing is known
 * (BG-16 is optional).
 */
import { Decimal } from 'decimal.js';
import { PAYMENT_MODE_LABELS, type PaymentMode } from '@comptoir/schemas';
import { dueDateOf, paymentTermText, paymentTermsDaysOf } from '../document-terms.ts';
import { PAYMENT_MEANS, TRANSFER_WITHOUT_IBAN } from './codes.ts';
import { calendarDay, text } from './format.ts';
import type { CiiModel, FacturXContext, FacturXInvoice } from './types.ts';

export function paymentTerms(invoice: FacturXInvoice, creditNote: boolean, source?: { numberFull: string }): CiiModel['paymentTerms'] {
  if (creditNote) {
    const of = source ? ` sur la facture n° ${source.numberFull}` : '';
    return { description: `Avoir${of} : à déduire de vos prochains règlements ou remboursé.` };
  }
  const days = paymentTermsDaysOf(invoice);
  const due = dueDateOf(invoice.date, days);
  return { description: paymentTermText(due, days), dueDate: calendarDay(due) };
}

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

export function paymentMeans(context: FacturXContext, sender?: FacturXInvoice['sender']): CiiModel['paymentMeans'] {
  const account = text(sender?.iban) ? sender : context.seller;
  const iban = (account?.iban ?? '').replace(/\s/g, '').toUpperCase();
  if (IBAN.test(iban)) {
    const bic = text(account?.bic)?.replace(/\s/g, '').toUpperCase();
    return { code: PAYMENT_MEANS.transfer, information: PAYMENT_MODE_LABELS.transfer, iban, bic };
  }
  const last = [...(context.payments ?? [])]
    .filter((p) => new Decimal(p.amount).isPositive() && p.mode in PAYMENT_MEANS)
    .sort((a, b) => a.date.localeCompare(b.date))
    .at(-1);
  if (!last) return undefined;
  const mode = last.mode as PaymentMode;
  const code = mode === 'transfer' ? TRANSFER_WITHOUT_IBAN : PAYMENT_MEANS[mode];
  return { code, information: PAYMENT_MODE_LABELS[mode] };
}
