/**
 * The VAT categories of a sale as this plugin's documents hold them (README « VAT categories »):
 * who sells and who buys, read from the company or the sender snapshot and from the receiver
 * snapshot, for the engine's rule (`@comptoir/sdk/commerce`, vat-category.ts); the category each
 * line of a stored document stands for; and what a copied line keeps of its category. Part of
 * writing a document; also read by emission/, credit/, recurring/, pdf/ and facturx/, it imports
 * none of them (only the « Document rules » of ../document-terms.ts).
 */
import { countryCode } from '@comptoir/sdk';
import {
  legacyVatCategory, lineVatCategory, sameVatChoice,
  type VatCategory, type VatCategoryChoice, type VatReason, type VatSaleContext,
} from '@comptoir/sdk/commerce';
import type { Address, LineItem, Receiver } from '@comptoir/schemas';
import { isProfessionalCustomer } from '../document-terms.ts';

/** Who sells and who buys, as the rule reads them (the document says whether it bears VAT). */
export type SaleParties = Omit<VatSaleContext, 'subjectToVAT'>;

const place = (a: Pick<Address, 'country' | 'zipCode'> | undefined) => ({ country: countryCode(a?.country), zipCode: a?.zipCode ?? null });

/**
 * The parties of a sale: the seller where its address is (the company's, or the sender snapshot of
 * an emitted document), the buyer where its invoicing address is (else its delivery address), its
 * VAT number and whether it is a professional (« Document rules », `isProfessionalCustomer`). No
 * receiver: a document without customer yet, taken as a French professional.
 */
export function saleParties(seller: { address?: Pick<Address, 'country' | 'zipCode'> } | null | undefined, receiver: Receiver | null | undefined): SaleParties {
  return {
    seller: place(seller?.address),
    buyer: receiver
      ? { ...place(receiver.invoicingAddress ?? receiver.deliveryAddress), vatNumber: receiver.vatNumber ?? null, professional: isProfessionalCustomer(receiver) }
      : null,
  };
}

/** A document as the readers below need it; `frozen`: an emitted invoice (not a draft, nor a quotation). */
export interface SaleDocument {
  subjectToVAT: boolean;
  frozen: boolean;
  items: LineItem[];
}

/**
 * The category and reason each line stands for. An emitted invoice says it on every line since
 * issue 13; one emitted before has none, and is read as its e-invoice was written then (S, Z, or E
 * with the franchise: `legacyVatCategory`), so that what it says never changes. A draft or a
 * quotation stores only the categories chosen by hand: the others are the automatic ones of its
 * parties now.
 */
export function lineCategories(doc: SaleDocument, parties: SaleParties): VatCategoryChoice[] {
  return doc.items.map((line) => {
    if (doc.frozen) {
      if (!line.vatCategory) return legacyVatCategory(doc.subjectToVAT, line.vat);
      return line.vatExemptionReason ? { vatCategory: line.vatCategory, vatExemptionReason: line.vatExemptionReason } : { vatCategory: line.vatCategory };
    }
    return lineVatCategory({ ...parties, subjectToVAT: doc.subjectToVAT }, line);
  });
}

/** The lines of a document as it stores them from a body: a category only where one was given. */
export function givenCategoriesOnly(computed: LineItem[], given: ReadonlyArray<{ vatCategory?: string | null }>): LineItem[] {
  return computed.map((line, i) => {
    if (given[i]?.vatCategory) return line;
    const { vatCategory: _c, vatExemptionReason: _r, ...rest } = line;
    return rest;
  });
}

/**
 * The lines of a copy (a duplicate, a corrective invoice, the next invoice of a recurring
 * template): a category the source's automatic rule would have given anyway is left out, so that
 * the copy follows its own customer; one chosen by hand stays (a copy of a document of before issue
 * 13 has none).
 */
export function withoutAutomaticCategories(items: LineItem[], subjectToVAT: boolean, parties: SaleParties): LineItem[] {
  return items.map((line) => {
    if (!line.vatCategory) return line;
    const { vatCategory: _c, vatExemptionReason: _r, ...rest } = line;
    const automatic = lineVatCategory({ ...parties, subjectToVAT }, rest);
    const own: VatCategoryChoice = line.vatExemptionReason ? { vatCategory: line.vatCategory, vatExemptionReason: line.vatExemptionReason } : { vatCategory: line.vatCategory };
    return sameVatChoice(own, automatic) ? rest : line;
  });
}

/** The lines of a credit note of an invoice emitted before issue 13 take the categories it was written with. */
export function withLegacyCategories(items: LineItem[], subjectToVAT: boolean): LineItem[] {
  return items.map((line) => {
    if (line.vatCategory) return line;
    const legacy = legacyVatCategory(subjectToVAT, line.vat);
    return { ...line, vatCategory: legacy.vatCategory, ...(legacy.vatExemptionReason ? { vatExemptionReason: legacy.vatExemptionReason } : {}) };
  });
}

/** The categories of a document other than S, each with its reason once (the legal wording printed). */
export function categoryWordings(choices: VatCategoryChoice[]): { category: VatCategory; reason?: VatReason }[] {
  const seen = new Map<string, { category: VatCategory; reason?: VatReason }>();
  for (const c of choices) {
    if (c.vatCategory === 'S') continue;
    const key = `${c.vatCategory} ${c.vatExemptionReason?.text ?? ''}`;
    if (!seen.has(key)) seen.set(key, { category: c.vatCategory, reason: c.vatExemptionReason });
  }
  return [...seen.values()];
}
