/**
 * A CII invoice (cii-read.ts) as a purchase body and the French report of what was read, what is
 * missing and what does not add up. Plain data in, plain data out: the provider and the company
 * are looked at by import-service.ts.
 *
 * A credit note (type 381 and its kin) is a purchase with a negative total: its quantities are
 * negated when the file gives positive amounts (the usual way), kept when it already gives
 * negative ones (a corrected invoice, type 384, may).
 */
import { toDecimal } from '@comptoir/sdk/commerce';
import { clipText, type Address, type Sender } from '@comptoir/schemas';
import type { PurchaseInput } from '../../../schemas/index.ts';
import type { CiiAddress, CiiInvoice, CiiParty } from './cii-read.ts';
import { buildLines, negated } from './cii-lines.ts';
import { chooseVatMethod, invoiceSums } from './cii-checks.ts';
import { euros, frenchDay, percent } from './french.ts';

/** UNTDID 1001 codes of the documents an EN 16931 invoice may be (BT-3), and their French names. */
const DOCUMENT_TYPES: Record<string, string> = {
  380: 'Facture', 381: 'Avoir', 383: 'Note de débit', 384: 'Facture rectificative', 386: 'Facture d’acompte',
  389: 'Autofacture', 751: 'Facture (informations comptables)', 261: 'Avoir d’autofacturation', 262: 'Avoir global',
  396: 'Avoir d’affacturage', 393: 'Facture d’affacturage', 458: 'Avoir d’affacturage (autofacturation)',
  296: 'Avoir (note de crédit liée aux biens ou services)', 308: 'Avoir (autofacturation de Delcredere)', 532: 'Avoir d’affréteur',
};
const CREDIT_TYPES = new Set(['381', '261', '262', '296', '308', '396', '458', '532']);

const COUNTRIES: Record<string, string> = {
  FR: 'France', BE: 'Belgique', DE: 'Allemagne', LU: 'Luxembourg', CH: 'Suisse', IT: 'Italie', ES: 'Espagne', NL: 'Pays-Bas', GB: 'Royaume-Uni',
};

/** The Factur-X profile from the guideline identifier (BT-24), as people name it. */
export function profileOf(guideline: string | undefined): string {
  const g = (guideline ?? '').toLowerCase();
  if (g.includes('minimum')) return 'MINIMUM';
  if (g.includes('basicwl')) return 'BASIC WL';
  if (g.includes('basic')) return 'BASIC';
  if (g.includes('extended')) return 'EXTENDED';
  if (g.includes('xrechnung')) return 'XRechnung';
  if (g.startsWith('urn:cen.eu:en16931:2017')) return 'EN 16931';
  return guideline ? `inconnu (${clipText(guideline, 100)})` : 'inconnu';
}

export function addressOf(a: CiiAddress | undefined): Address | undefined {
  if (!a) return undefined;
  const address = {
    address: a.line1, address2: [a.line2, a.line3].filter(Boolean).join(', ') || undefined, zipCode: a.zipCode, city: a.city,
    country: a.country ? COUNTRIES[a.country] ?? a.country : undefined,
  };
  const kept = Object.fromEntries(Object.entries(address).filter(([, v]) => v).map(([k, v]) => [k, clipText(v!)]));
  return Object.keys(kept).length ? { ...kept, delivery: true, invoicing: true } : undefined;
}

/** The 14 digits of a SIRET, the 9 of a SIREN, from a legal registration (scheme 0002, or bare digits). */
export function legalNumbers(party: CiiParty): { siret?: string; siren?: string } {
  const digits = party.legalId?.replace(/\s/g, '');
  if (!digits || !/^\d+$/.test(digits) || (party.legalScheme && party.legalScheme !== '0002')) return {};
  if (digits.length === 14) return { siret: digits, siren: digits.slice(0, 9) };
  if (digits.length === 9) return { siren: digits };
  return {};
}

/** The seller as the purchase keeps it: the issuer of the document, as printed on it. */
function senderOf(seller: CiiParty): Sender | undefined {
  const { siret, siren } = legalNumbers(seller);
  const sender = {
    name: seller.name && clipText(seller.name), siret, siren, vatNumber: seller.vatNumber && clipText(seller.vatNumber), address: addressOf(seller.address),
  };
  const kept = Object.fromEntries(Object.entries(sender).filter(([, v]) => v !== undefined));
  return Object.keys(kept).length ? kept as Sender : undefined;
}

const noon = (day: string) => `${day}T12:00:00.000Z`;

export interface ConvertedInvoice {
  profile: string;
  documentType: string;
  creditNote: boolean;
  draft: PurchaseInput;
  seller: CiiParty;
  buyer: CiiParty;
  read: string[];
  missing: string[];
  inconsistencies: string[];
}

function partyLine(seller: CiiParty): string {
  const { siret, siren } = legalNumbers(seller);
  const ids = [siret ? `SIRET ${siret}` : siren ? `SIREN ${siren}` : undefined, seller.vatNumber ? `TVA ${seller.vatNumber}` : undefined].filter(Boolean);
  return `Fournisseur : ${seller.name ?? '(sans nom)'}${ids.length ? ` — ${ids.join(', ')}` : ''}.`;
}

export function convertCii(invoice: CiiInvoice): ConvertedInvoice {
  const profile = profileOf(invoice.guideline);
  const type = invoice.typeCode ?? '';
  const creditNote = CREDIT_TYPES.has(type);
  const documentType = DOCUMENT_TYPES[type] ?? (type ? `Facture (type ${type})` : 'Facture');
  const read: string[] = [];
  const missing: string[] = [];
  const inconsistencies: string[] = invoiceSums(invoice);

  if (!type) missing.push('Type de document absent : il est lu comme une facture.');
  else if (!DOCUMENT_TYPES[type]) missing.push(`Type de document inconnu (${type}) : il est lu comme une facture.`);
  read.push(`${documentType}${invoice.number ? ` n° ${invoice.number}` : ''}${invoice.issueDate ? ` du ${frenchDay(invoice.issueDate)}` : ''} (profil ${profile}).`);
  if (!invoice.number) missing.push('Numéro de facture du fournisseur absent.');
  if (!invoice.issueDate) missing.push('Date de facture absente ou illisible : la date du jour est retenue.');
  if (invoice.seller.name) read.push(partyLine(invoice.seller));
  else missing.push('Nom du fournisseur absent.');
  if (!invoice.seller.vatNumber && !legalNumbers(invoice.seller).siren) missing.push('Ni SIRET ni numéro de TVA du fournisseur : il est reconnu par son nom seulement.');
  if (invoice.dueDate) read.push(`Échéance : ${frenchDay(invoice.dueDate)}${invoice.paymentTerms ? ` (${invoice.paymentTerms})` : ''}.`);
  else missing.push(`Pas de date d’échéance${invoice.paymentTerms ? ` (conditions : ${invoice.paymentTerms})` : ''}.`);
  if (invoice.orderReference) read.push(`Bon de commande : ${invoice.orderReference}.`);
  if (invoice.currency && invoice.currency !== 'EUR') {
    inconsistencies.push(`Facture en ${invoice.currency} : les montants sont repris tels quels, sans conversion en euros.`);
  }

  const lines = buildLines(invoice, profile);
  read.push(...lines.read);
  missing.push(...lines.missing);
  const stated = toDecimal(invoice.totals.grandTotal ?? invoice.totals.taxBasis ?? null);
  const provisional = chooseVatMethod(lines.items, invoice, 1).computed.inclTaxesPrice;
  // a credit note given in positive amounts counts negatively; one already negative stays so
  const negate = creditNote && (stated ? stated.gt(0) : provisional > 0);
  const items = negate ? negated(lines.items) : lines.items;
  if (negate) read.push('Avoir : ses montants sont repris en négatif (ils diminuent vos achats).');
  const choice = chooseVatMethod(items, invoice, negate ? -1 : 1);
  inconsistencies.push(...choice.differences);

  const computed = choice.computed;
  if (computed.vatDetails.length) {
    read.push(`TVA : ${computed.vatDetails.map((d) => `${percent(d.vat)} sur ${euros(d.totalExclTaxes)} = ${euros(d.amount)}`).join(' ; ')}.`);
  }
  read.push(`Total HT ${euros(computed.exclTaxesPrice)}, TVA ${euros(computed.vatAmount)}, TTC ${euros(computed.inclTaxesPrice)}.`);
  const prepaid = toDecimal(invoice.totals.prepaid ?? null);
  if (prepaid && !prepaid.isZero()) {
    read.push(`Déjà payé selon la facture : ${euros(prepaid)} (aucun paiement n’est enregistré : ajoutez-le si vous l’avez réglé).`);
  }
  const preceding = invoice.precedingInvoice?.number
    ? `${creditNote ? 'Avoir sur' : 'Se rapporte à'} la facture n° ${invoice.precedingInvoice.number}${invoice.precedingInvoice.date ? ` du ${frenchDay(invoice.precedingInvoice.date)}` : ''}.`
    : undefined;
  if (preceding) read.push(preceding);

  const draft: PurchaseInput = {
    subjectToVAT: true,
    vatCalculationMethod: choice.method,
    items,
    ...(invoice.issueDate ? { date: noon(invoice.issueDate) } : {}),
    ...(invoice.dueDate ? { dueDate: noon(invoice.dueDate) } : {}),
    ...(invoice.number ? { invoiceNumber: clipText(invoice.number) } : {}),
    ...(invoice.orderReference ? { commandOrder: clipText(invoice.orderReference) } : {}),
    ...(senderOf(invoice.seller) ? { sender: senderOf(invoice.seller) } : {}),
    ...(invoice.notes.length ? { freeData: invoice.notes.join('\n').slice(0, 65535) } : {}),
    ...(preceding ? { comment: preceding } : {}),
  };
  return { profile, documentType, creditNote, draft, seller: invoice.seller, buyer: invoice.buyer, read, missing, inconsistencies };
}
