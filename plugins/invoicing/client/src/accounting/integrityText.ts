/**
 * The French words of « Intégrité » for every chain of the company (`GET /api/kernel/integrity`:
 * invoicing's, purchases', and those of plugins to come), as plain functions (tested in client/test).
 */
import type { IntegrityChainView, IntegrityView } from '@comptoir/sdk';

const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n).replace(/\u202f/g, ' ');
const documents = (n: number) => (n > 1 ? `${count(n)} documents vérifiés` : `${count(n)} document vérifié`);

const DOCUMENT: Record<string, string> = {
  invoice: 'à la facture', payment: 'au paiement',
  'purchase-payment': 'au paiement fournisseur', 'external-purchase-payment': 'au paiement d’achat en ligne',
  // a frozen e-invoice's file (invoicing README « Intégrité »)
  'einvoice-pdf': 'au PDF de la facture', 'einvoice-xml': 'au XML Factur-X de la facture',
};

/** « 12 documents vérifiés, toutes les chaînes sont intactes » or « 2 chaînes rompues sur 4 : Paiements fournisseurs, … ». */
export function overallMessage(v: IntegrityView): string {
  if (v.valid) return `${documents(v.checked)}, toutes les chaînes sont intactes`;
  const bad = v.chains.filter((c) => !c.valid);
  const names = bad.map((c) => `« ${c.label} »`).join(', ');
  return bad.length > 1 ? `${bad.length} chaînes rompues sur ${v.chains.length} : ${names}` : `Chaîne rompue : ${names}`;
}

/** One chain's verdict: « 3 documents vérifiés, chaîne intacte », « Chaîne rompue à la facture F-0000012 », or why it could not be verified. */
export function chainMessage(c: IntegrityChainView): string {
  if (c.error) return c.error;
  if (c.valid || !c.firstBroken) return `${documents(c.checked)}, chaîne intacte`;
  return `Chaîne rompue ${DOCUMENT[c.firstBroken.kind] ?? 'au document'} ${c.firstBroken.number}`;
}
