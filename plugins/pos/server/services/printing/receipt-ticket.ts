/**
 * The printed form of a receipt (README « Printing », REQUIREMENTS.md §6): plain blocks for
 * escpos.ts (the till's printer) and receipt-pdf.ts (the copy sent by e-mail). Everything it shows
 * comes from the stored receipt — the merchant's details are its frozen `sender` — so a duplicate
 * prints what the original printed, plus « DUPLICATA n° … ».
 */
import { Decimal } from 'decimal.js';
import { frenchDate } from '@comptoir/sdk/commerce';
import { PAYMENT_MODE_LABELS } from '@comptoir/schemas';
import type { Receipt } from '../../../schemas/index.ts';
import type { TicketBlock } from './escpos.ts';
import { TIME, money } from './verification-ticket.ts';

export const SOFTWARE = 'Comptoir Caisse';

const qty = (n: number) => new Decimal(n).abs().toNumber().toLocaleString('fr-FR');
const rate = (n: number) => `${n.toLocaleString('fr-FR')} %`;

/** What a print of a receipt knows besides the receipt: its copy number, and the receipts it refers to or that refer to it. */
export interface ReceiptPrintContext {
  /** 0: the original; n: the n-th duplicate */
  duplicate: number;
  version: string;
  /** a refund: the receipt it refunds, and whether it gives everything back */
  source?: { numberFull: string; whole: boolean } | null;
  /** a sale: the refunds made of it since */
  refundedBy?: { numberFull: string }[];
}

/** The merchant's block at the top of every ticket: name, address, phone, SIRET, VAT number (frozen with the document). */
export function senderBlocks(s: Receipt['sender'] | undefined): TicketBlock[] {
  const blocks: TicketBlock[] = [{ kind: 'title', text: s?.name ?? '' }];
  if (s?.address?.address) blocks.push({ kind: 'center', text: s.address.address });
  if (s?.address?.zipCode || s?.address?.city) blocks.push({ kind: 'center', text: `${s.address.zipCode ?? ''} ${s.address.city ?? ''}`.trim() });
  if (s?.telBusiness || s?.telMobile) blocks.push({ kind: 'center', text: `Tél. ${s.telBusiness ?? s.telMobile}` });
  if (s?.siret) blocks.push({ kind: 'center', text: `SIRET ${s.siret}` });
  if (s?.vatNumber) blocks.push({ kind: 'center', text: `TVA ${s.vatNumber}` });
  return blocks;
}

export function receiptTicket(r: Receipt, p: ReceiptPrintContext): TicketBlock[] {
  const blocks = senderBlocks(r.sender);
  blocks.push(
    { kind: 'rule' },
    { kind: 'center', text: r.refund ? 'TICKET DE REMBOURSEMENT' : 'TICKET DE CAISSE' },
    { kind: 'center', text: `Ticket n° ${r.numberFull}` },
    { kind: 'center', text: `${frenchDate(r.date)} à ${TIME.format(new Date(r.date))} — caisse ${r.cashRegisterNumber ?? ''}` },
  );
  if (r.userName) blocks.push({ kind: 'center', text: `Vendeur : ${r.userName}` });
  blocks.push({ kind: 'center', text: p.duplicate > 0 ? `DUPLICATA n° ${p.duplicate}` : 'ORIGINAL' });
  // NF525 wording: the first line of a correction names the ticket it corrects, and back
  if (p.source) blocks.push({ kind: 'line', text: `Ce ticket ${p.source.whole ? 'annule' : 'modifie'} le ticket n° ${p.source.numberFull}` });
  for (const by of p.refundedBy ?? []) blocks.push({ kind: 'line', text: `Ce ticket est modifié par le ticket n° ${by.numberFull}` });
  blocks.push({ kind: 'rule' });
  for (const l of r.items) {
    blocks.push({ kind: 'line', text: l.labelPrimary });
    const total = new Decimal(l.quantity).times(l.inclTaxesPrice).toDecimalPlaces(2);
    blocks.push({ kind: 'pair', left: `  ${qty(l.quantity)} × ${money(l.inclTaxesPrice)}  TVA ${rate(l.vat)}`, right: money(total.toNumber()) });
  }
  blocks.push({ kind: 'rule' }, { kind: 'pair', left: 'TOTAL TTC', right: money(r.inclTaxesPrice), bold: true });
  for (const v of r.vatDetails) blocks.push({ kind: 'pair', left: `TVA ${rate(v.vat)} sur ${money(v.totalExclTaxes)} HT`, right: money(v.amount) });
  blocks.push({ kind: 'pair', left: 'Total HT', right: money(r.exclTaxesPrice) }, { kind: 'pair', left: 'Total TVA', right: money(r.vatAmount) }, { kind: 'rule' });
  for (const pay of r.payments) {
    blocks.push({ kind: 'pair', left: `${pay.amount < 0 ? 'Remboursé : ' : ''}${PAYMENT_MODE_LABELS[pay.mode]}`, right: money(pay.amount) });
    if (pay.mode === 'cash' && pay.amount > 0) {
      if (pay.cashPaid !== undefined) blocks.push({ kind: 'pair', left: '  Espèces remises', right: money(pay.cashPaid) });
      if (pay.cashChange !== undefined) blocks.push({ kind: 'pair', left: '  Monnaie rendue', right: money(pay.cashChange) });
      if (pay.missingAmount) blocks.push({ kind: 'pair', left: '  Monnaie non rendue', right: money(pay.missingAmount) });
    }
  }
  if (r.receiptComment) blocks.push({ kind: 'blank' }, { kind: 'line', text: r.receiptComment });
  blocks.push(
    { kind: 'rule' },
    { kind: 'center', text: `${r.items.length} ligne${r.items.length > 1 ? 's' : ''} — signature ${(r.hash ?? '').slice(0, 8)}` },
    { kind: 'center', text: `${SOFTWARE} ${p.version}` },
    { kind: 'center', text: 'Merci de votre visite' },
  );
  return blocks;
}
