/** The printed form of an opening or closing verification: plain blocks for escpos.ts. */
import { frenchDate } from '@comptoir/sdk/commerce';
import type { CashRegister, CashRegisterVerification } from '../../../schemas/index.ts';
import type { TicketBlock } from './escpos.ts';

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** « 1 234,50 € » with ordinary spaces (the code page has no narrow no-break space) */
export const money = (n: number) => EUROS.format(n).replace(/[\u202f\u00a0]/g, ' ');
export const TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });

export function verificationTicket(company: { name: string }, register: CashRegister, v: CashRegisterVerification): TicketBlock[] {
  const blocks: TicketBlock[] = [
    { kind: 'title', text: company.name },
    { kind: 'center', text: v.status === 'opening' ? 'OUVERTURE DE CAISSE' : 'CLÔTURE DE CAISSE' },
    { kind: 'center', text: `Caisse ${register.numberFull} — ${register.name}` },
    { kind: 'center', text: `${frenchDate(v.date)} à ${TIME.format(new Date(v.date))}` },
    { kind: 'rule' },
  ];
  if (v.cash.details) {
    for (const l of v.cash.details) blocks.push({ kind: 'pair', left: `${l.quantity} × ${money(l.unit)}`, right: money(l.unit * l.quantity) });
    blocks.push({ kind: 'rule' });
  }
  for (const m of v.inOutDetails) blocks.push({ kind: 'pair', left: `${m.type === 'in' ? 'Entrée' : 'Sortie'} : ${m.reason}`, right: money(m.type === 'in' ? m.amount : -m.amount) });
  blocks.push(
    { kind: 'pair', left: 'Montant attendu', right: money(v.expectedAmount) },
    { kind: 'pair', left: 'Montant compté', right: money(v.realAmount), bold: true },
    { kind: 'pair', left: 'Écart', right: money(v.difference), bold: true },
  );
  if (v.comment) blocks.push({ kind: 'blank' }, { kind: 'line', text: v.comment });
  return blocks;
}
