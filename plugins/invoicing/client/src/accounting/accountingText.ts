/** The French words of the accounting screens, as plain functions (tested in client/test). */
import type { ChartAccount, ChartJournal } from '../../../schemas/index.ts';
import type { IntegrityResult } from './accountingApi.ts';

const count = new Intl.NumberFormat('fr-FR');

export const ROLE_LABELS: Record<ChartAccount['role'], string> = {
  customer: 'Clients',
  supplier: 'Fournisseurs',
  salesGoods: 'Ventes de marchandises',
  salesServices: 'Prestations de services vendues',
  purchasesGoods: 'Achats de marchandises',
  purchasesSupplies: 'Achats de matières et fournitures',
  purchasesServices: 'Achats de services',
  vatCollected: 'TVA collectée',
  vatDeductible: 'TVA déductible',
  bank: 'Banque',
  cash: 'Caisse',
  customerAdvances: 'Avances reçues (cartes cadeaux)',
  supplierAdvances: 'Avances versées (cartes cadeaux)',
};

export const JOURNAL_LABELS: Record<ChartJournal['role'], string> = {
  sales: 'Ventes',
  purchases: 'Achats',
  bank: 'Banque',
  cash: 'Caisse',
  miscellaneous: 'Opérations diverses',
};

export const rate = (vat: number) => `${String(vat).replace('.', ',')} %`;

/** « TVA collectée », « TVA collectée à 5,5 % », « TVA collectée (autres taux) ». */
export function accountRoleLabel(a: Pick<ChartAccount, 'role' | 'vatRate'>, hasRates: boolean): string {
  const base = ROLE_LABELS[a.role] ?? a.role;
  if (a.vatRate !== undefined) return `${base} à ${rate(a.vatRate)}`;
  return hasRates ? `${base} (autres taux)` : base;
}

const DOCUMENT: Record<string, string> = { invoice: 'à la facture', payment: 'au paiement' };

/** « 1 234 documents vérifiés, chaîne intacte » or « Chaîne rompue à la facture F0000012 ». */
export function integrityMessage(r: IntegrityResult): string {
  if (r.valid || !r.firstBroken) {
    const n = count.format(r.checked).replace(/\u202f/g, ' ');
    return r.checked > 1 ? `${n} documents vérifiés, chaîne intacte` : `${n} document vérifié, chaîne intacte`;
  }
  return `Chaîne rompue ${DOCUMENT[r.firstBroken.kind] ?? 'au document'} ${r.firstBroken.number}`;
}

/** `2025-07-01` → `01/07/2025`. */
export const frenchDay = (day: string) => day.split('-').reverse().join('/');

/** Fiscal years a person may export: the next one, this one and six before it. */
export function exportableYears(today: Date): number[] {
  const year = today.getFullYear();
  return Array.from({ length: 8 }, (_, i) => year + 1 - i);
}
