/**
 * The printed form of an X or Z ticket (README « Printing », REQUIREMENTS.md §3): plain blocks for
 * escpos.ts, and the same blocks as text lines for the screens' preview (`ticketText`), so that
 * what is previewed is what prints. Everything comes from the stored ticket (its frozen `sender`).
 */
import { Decimal } from 'decimal.js';
import { frenchDate } from '@comptoir/sdk/commerce';
import { PAYMENT_MODE_LABELS, type PaymentMode } from '@comptoir/schemas';
import type { ClosingTicket, GrandTotal } from '../../../schemas/index.ts';
import type { TicketBlock } from './escpos.ts';
import { SOFTWARE, senderBlocks } from './receipt-ticket.ts';
import { TIME, money } from './verification-ticket.ts';

const rate = (n: number) => `${n.toLocaleString('fr-FR')} %`;
const when = (iso: string) => `${frenchDate(iso)} ${TIME.format(new Date(iso))}`;
/** « 1 ticket », « 2 tickets » */
const count = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
const modeLabel = (mode: string) => PAYMENT_MODE_LABELS[mode as PaymentMode] ?? mode;

function grandTotalBlocks(title: string, g: GrandTotal): TicketBlock[] {
  return [
    { kind: 'line', text: title },
    { kind: 'pair', left: '  Ventes TTC', right: money(g.totalInclTaxes) },
    { kind: 'pair', left: '  Remboursements TTC', right: money(g.refundTotalInclTaxes) },
    { kind: 'pair', left: '  Net TTC', right: money(g.netInclTaxes) },
    { kind: 'pair', left: '  Perpétuel TTC', right: money(g.perpetualInclTaxes) },
  ];
}

export function closingTicket(t: ClosingTicket, p: { duplicate: number; version: string }): TicketBlock[] {
  const z = t.kind === 'z';
  const blocks = senderBlocks(t.sender);
  blocks.push(
    { kind: 'rule' },
    { kind: 'center', text: z ? 'TICKET Z — CLÔTURE' : 'TICKET X — LECTURE' },
    { kind: 'center', text: `${z ? 'Ticket Z' : 'Ticket X'} n° ${t.numberFull} — caisse ${t.cashRegisterNumber}` },
    { kind: 'center', text: `Du ${when(t.startDate)}` },
    { kind: 'center', text: `au ${when(t.endDate)}` },
  );
  if (t.userName) blocks.push({ kind: 'center', text: `Opérateur : ${t.userName}` });
  blocks.push({ kind: 'center', text: p.duplicate > 0 ? `DUPLICATA n° ${p.duplicate}` : 'ORIGINAL' }, { kind: 'rule' });
  blocks.push(
    { kind: 'pair', left: `Ventes (${count(t.ticketsCount, 'ticket')})`, right: money(t.totalInclTaxes), bold: true },
    { kind: 'pair', left: '  dont HT', right: money(t.totalExclTaxes) },
    { kind: 'pair', left: `Remboursements (${count(t.refundTicketsCount, 'ticket')})`, right: money(t.refundTotalInclTaxes), bold: true },
    { kind: 'pair', left: '  dont HT', right: money(t.refundTotalExclTaxes) },
    { kind: 'pair', left: 'Net TTC', right: money(new Decimal(t.totalInclTaxes).plus(t.refundTotalInclTaxes).toNumber()), bold: true },
    { kind: 'rule' },
    { kind: 'line', text: `Paiements (${t.paymentsCount})` },
  );
  for (const d of t.paymentsDetails) blocks.push({ kind: 'pair', left: `  ${modeLabel(d.mode)} (${d.transactionsCount})`, right: money(d.totalInclTaxesAmount) });
  if (t.refundPaymentsDetails.length) {
    blocks.push({ kind: 'line', text: `Remboursés (${t.refundPaymentsCount})` });
    for (const d of t.refundPaymentsDetails) blocks.push({ kind: 'pair', left: `  ${modeLabel(d.mode)} (${d.transactionsCount})`, right: money(d.totalInclTaxesAmount) });
  }
  blocks.push({ kind: 'rule' }, { kind: 'line', text: 'TVA par taux' });
  for (const v of t.vatDetails) {
    blocks.push(
      { kind: 'pair', left: `  ${rate(v.vat)} — ${count(v.soldProducts, 'article')}`, right: money(v.inclTaxesAmount) },
      { kind: 'pair', left: `    HT ${money(v.exclTaxesAmount)}  TVA`, right: money(v.amount) },
    );
  }
  for (const v of t.refundVatDetails) {
    blocks.push({ kind: 'pair', left: `  Remb. ${rate(v.vat)} — ${count(v.soldProducts, 'article')}`, right: money(v.inclTaxesAmount) });
  }
  if (z) {
    blocks.push({ kind: 'rule' }, { kind: 'pair', left: 'Écart de caisse', right: money(t.difference), bold: true });
    if (t.grandTotals) blocks.push({ kind: 'rule' }, ...grandTotalBlocks('Grand total de la caisse', t.grandTotals.register), ...grandTotalBlocks('Grand total de l’entreprise', t.grandTotals.company));
  }
  blocks.push(
    { kind: 'rule' },
    { kind: 'center', text: `${count(t.receiptsCount, 'ticket')} lu${t.receiptsCount > 1 ? 's' : ''} — signature ${(t.hash ?? '').slice(0, 8)}` },
    { kind: 'center', text: `${SOFTWARE} ${p.version}` },
  );
  return blocks;
}

/** The blocks as the printer lays them out, one string a line (the screens' preview). */
export function ticketText(blocks: readonly TicketBlock[], columns = 42): string[] {
  const center = (s: string) => {
    const cut = s.slice(0, columns);
    return ' '.repeat(Math.floor((columns - cut.length) / 2)) + cut;
  };
  return blocks.map((b) => {
    switch (b.kind) {
      case 'title': case 'center': return center(b.text);
      case 'line': return b.text;
      case 'pair': {
        const room = Math.max(1, columns - b.right.length - 1);
        const left = b.left.length > room ? b.left.slice(0, room) : b.left;
        return `${left}${' '.repeat(Math.max(1, columns - left.length - b.right.length))}${b.right}`;
      }
      case 'rule': return '-'.repeat(columns);
      case 'blank': return '';
    }
  });
}
