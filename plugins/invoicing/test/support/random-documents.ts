/**
 * A seeded random set of documents as emission stores them, without HTTP (the same set on every
 * run): both VAT methods, the French rates and 0 %, discounts, unit prices with 3 or 4 decimals,
 * large quantities, credit notes, corrective invoices, private and professional customers in
 * France, the EU and elsewhere (every VAT category: S, E chosen and franchise, K, AE, G, O),
 * delivery days and addresses, VAT on debits, companies not subject to VAT, the company's own
 * conditions contradicting the legal mentions. Used by the printed-documents test and by the
 * e-invoice validation (XSD and the three Schematrons, `einvoice-validation.test.ts`).
 */
import type { Receiver, Sender } from '@comptoir/schemas';
import { vatCategoryEmissionProblems, type LineInput } from '@comptoir/sdk/commerce';
import type { Invoice } from '../../schemas/index.ts';
import { COMPANY_BUYER, PERSON_BUYER, SENDER, creditNoteOf, randomLines, seeded, storedInvoice } from './facturx-invoices.ts';

const SOURCE_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const DEMO_CONDITIONS = 'Paiement à 30 jours. Pénalités de retard : trois fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.';
const CONDITIONS = [undefined, DEMO_CONDITIONS, `Merci de votre confiance. ${DEMO_CONDITIONS}`, 'Escompte de 2 % pour paiement à 8 jours.\nRéserve de propriété jusqu’au paiement intégral.'];
const ELSEWHERE = { name: 'Entrepôt', address: '4 rue du Port', zipCode: '13002', city: 'Marseille', country: 'France', delivery: true, invoicing: false };
// a company that opted for VAT on debits, one that gives its bank account (the sender snapshot's fields, issue 13)
const SENDERS: Sender[] = [SENDER, { ...SENDER, vatOnDebits: true }, { ...SENDER, iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX', paymentTermsDays: 15 }];
// customers with their own term, identifiers, or said not professional although named by a company
const address = (street: string, zipCode: string, city: string, country: string) => ({ address: street, zipCode, city, country, delivery: true, invoicing: true });
export const BUYERS: Receiver[] = [
  COMPANY_BUYER, PERSON_BUYER,
  // abroad: intra-community supplies (K) and reverse charge (AE), exports (G), services outside the scope of French VAT (O)
  { company: 'Bäckerei Schmidt GmbH', vatNumber: 'DE123456789', invoicingAddress: address('Torstraße 12', '10119', 'Berlin', 'Allemagne') },
  { firstname: 'John', name: 'Smith', invoicingAddress: address('5th Avenue 10', '10001', 'New York', 'États-Unis') },
  { company: 'Confiserie Zürich AG', invoicingAddress: address('Bahnhofstrasse 1', '8001', 'Zürich', 'Suisse') },
  { ...COMPANY_BUYER, siren: '303265045', electronicAddress: '303265045', paymentTermsDays: 45 },
  { ...PERSON_BUYER, paymentTermsDays: 0 },
  { ...COMPANY_BUYER, company: 'Association des Amis du Pain', vatNumber: undefined, professional: false },
  // a private customer elsewhere in the EU (French VAT: distance sales below the threshold)
  { firstname: 'Marie', name: 'Peeters', invoicingAddress: address('Rue Neuve 5', '1000', 'Bruxelles', 'Belgique') },
];

/**
 * The e-mail of each customer's record, which emission reads beside the receiver snapshot (the
 * XML's BT-58, and BT-49 when nothing better is known): some customers gave none.
 */
const CUSTOMER_EMAILS: Record<string, string> = {
  'Café du Port SAS': 'compta@cafeduport.fr',
  'Bäckerei Schmidt GmbH': 'einkauf@baeckerei-schmidt.de',
  Smith: 'john.smith@example.com',
  'Association des Amis du Pain': 'contact@amisdupain.fr',
};
const customerEmail = (r: Receiver): string | undefined => CUSTOMER_EMAILS[r.company ?? r.name ?? ''];

export const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

/** Lines with the prices a shop types, plus exact unit prices (3 or 4 decimals) and large quantities. */
function lines(rand: () => number, categorized: boolean): LineInput[] {
  const out = randomLines(rand);
  // an exemption chosen by hand (« VAT categories »)
  if (categorized && rand() < 0.15) out.push({ labelPrimary: 'Cours de pâtisserie', quantity: 2, vat: 0, exclTaxesPrice: 45, type: 'service', vatCategory: 'E', vatExemptionReason: { code: 'VATEX-FR-CGI261-4' } } as LineInput);
  if (rand() < 0.1) out.push({ labelPrimary: 'Abonnement au prorata', quantity: 0.3333, vat: 20, exclTaxesPrice: 29.9 } as LineInput);
  if (rand() < 0.3) out.push({ labelPrimary: 'Farine au kilo', quantity: pick(rand, [12, 250, 1000, 2.5]), vat: pick(rand, [5.5, 20]), exclTaxesPrice: pick(rand, [0.125, 0.0875, 1.2345, 0.333]), type: 'good' } as LineInput);
  return out;
}

/**
 * Every tenth document sells services only (so that a services invoice abroad is outside the
 * scope of French VAT, O, which must be alone on its invoice), one in fifty is long (several pages).
 */
function linesOf(i: number, rand: () => number, categorized: boolean): LineInput[] {
  const out = lines(rand, categorized);
  if (i % 50 === 5) while (out.length < 35) out.push(...randomLines(rand));
  return i % 10 === 7 ? out.map((l) => ({ ...l, type: 'service', vatCategory: undefined, vatExemptionReason: undefined }) as LineInput) : out;
}

function receiver(rand: () => number): Receiver {
  const base = pick(rand, BUYERS);
  return rand() < 0.3 ? { ...base, deliveryAddress: ELSEWHERE } : base;
}

/** An invoice emission accepts, as far as its VAT categories go (`vatCategoryEmissionProblems`). */
const emittable = (invoice: Invoice): boolean =>
  vatCategoryEmissionProblems(invoice.items, { buyerVatNumber: invoice.receiver?.vatNumber, creditNote: invoice.inclTaxesPrice < 0 }).length === 0;

export interface Case {
  what: string;
  invoice: Invoice;
  source?: { numberFull: string; date: string };
  /** what the customer's record adds (`FacturXContext.buyer`) */
  buyer: { email?: string };
}

export function randomCases(count: number): Case[] {
  const rand = seeded(20261202);
  const cases: Case[] = [];
  for (let i = 0; cases.length < count; i++) {
    const method = i % 2 === 0 ? 'rounded-total' : 'rounded-lines';
    const numberFull = `F-2026-${String(i + 1).padStart(7, '0')}`;
    // most are emitted as since issue 13 (each line with its VAT category), some as before (none)
    const categorized = rand() < 0.75;
    const invoice = storedInvoice({
      items: linesOf(i, rand, categorized), method, subjectToVAT: rand() > 0.12, numberFull, receiver: receiver(rand), categorized,
      sender: pick(rand, SENDERS),
      extra: {
        freeData: pick(rand, CONDITIONS),
        itemsTypeForDeclaration: pick(rand, ['default', 'default', 'good', 'service', 'mixed'] as const),
        ...(rand() < 0.4 ? { deliveryDate: pick(rand, ['2026-03-28', '2026-04-01', '2026-01-15']) } : {}),
      },
    }) as Invoice;
    // only what emission lets through (a 0 % line of a French sale needs its exemption reason…)
    if (!emittable(invoice)) continue;
    const buyer = { email: customerEmail(invoice.receiver!) };
    if (invoice.inclTaxesPrice < 0) {
      // a negative total is a credit note: it names the invoice it credits
      invoice.fk = { ...invoice.fk, sourceInvoice: SOURCE_ID };
      cases.push({ what: `${numberFull} (avoir tiré, ${method})`, invoice, source: { numberFull: 'F-2026-0000001', date: '2026-03-01T09:00:00.000Z' }, buyer });
      continue;
    }
    cases.push({ what: `${numberFull} (${method})`, invoice, buyer });
    const source = { numberFull, date: invoice.date };
    if (i % 4 === 1) {
      const credit = creditNoteOf(invoice, undefined, `A-2026-${String(i + 1).padStart(7, '0')}`) as Invoice;
      cases.push({ what: `avoir de ${numberFull}`, invoice: { ...credit, freeData: undefined, deliveryDate: invoice.deliveryDate } as Invoice, source, buyer });
    }
    if (i % 6 === 2) {
      const corrective = storedInvoice({
        items: lines(rand, categorized), method, subjectToVAT: invoice.subjectToVAT, receiver: invoice.receiver, sender: invoice.sender, numberFull: `C-2026-${String(i + 1).padStart(7, '0')}`, categorized,
        sourceInvoice: SOURCE_ID, headerTitle: 'Facture corrective', headerMessage: `Cette facture annule et remplace la facture n° ${numberFull} du 02/04/2026.`,
      }) as Invoice;
      if (corrective.inclTaxesPrice >= 0 && emittable(corrective)) cases.push({ what: `facture corrective de ${numberFull}`, invoice: corrective, source, buyer });
    }
  }
  return cases;
}

