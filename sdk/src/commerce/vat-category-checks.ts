/**
 * What a sale's VAT categories must respect (commerce README « VAT categories », Checks), as plain
 * functions answering French sentences: `vatCategoryInputProblems` for what a body may say (a
 * 400 when saving), `vatCategoryEmissionProblems` for what an invoice must hold when it is issued
 * (a 409: the EN 16931 rules an e-invoice is refused for, and France's own).
 */
import { CATEGORIES_WITH_REASON, VAT_CATEGORY_LABELS, isOtherMemberStateVatNumber, isVatCategory, needsReason,
  normalizedVatNumber, type VatCategory, type VatCategoryInput, type VatReason } from './vat-category.ts';

export type VatCategoryProblem = {
  /** the body's path (`items.2.vatCategory`, `receiver.vatNumber`) */
  field: string;
  /** French, a sentence without its final period */
  message: string;
};

const named = (c: VatCategory) => `${c} (${VAT_CATEGORY_LABELS[c].toLocaleLowerCase('fr-FR')})`;

/**
 * What the lines of a body may not say: a company not subject to VAT has only category E (the
 * franchise); a category that bears VAT or none by nature (S, Z, L, M) has no exemption reason.
 */
export function vatCategoryInputProblems(items: readonly VatCategoryInput[], opts: { subjectToVAT: boolean }): VatCategoryProblem[] {
  const problems: VatCategoryProblem[] = [];
  items.forEach((line, i) => {
    const category = line.vatCategory;
    if (!isVatCategory(category)) return;
    if (!opts.subjectToVAT && category !== 'E') {
      problems.push({
        field: `items.${i}.vatCategory`,
        message: `Ligne ${i + 1} : une entreprise non assujettie à la TVA (franchise en base, art. 293 B du CGI) ne facture qu’en catégorie E, pas en ${named(category)}`,
      });
    } else if (!needsReason(category) && (line.vatExemptionReason?.code || line.vatExemptionReason?.text?.trim())) {
      problems.push({
        field: `items.${i}.vatExemptionReason`,
        message: `Ligne ${i + 1} : la catégorie ${named(category)} n’a pas de motif d’exonération`,
      });
    }
  });
  return problems;
}

/** A line as stored, with its category (an invoice being emitted: every line has one). */
export interface CategorizedLine {
  vat: number;
  vatCategory?: VatCategory;
  vatExemptionReason?: VatReason;
}

export interface EmissionFacts {
  /** the buyer's VAT number as the receiver has it */
  buyerVatNumber?: string | null;
  /** a credit note may repeat the Z of the invoice it credits (an invoice of before issue 13) */
  creditNote: boolean;
}

/**
 * What prevents issuing the invoice, in French, each naming its field:
 * - K and AE need the buyer's VAT number (BR-IC-02, BR-AE-02), for K one of another member state
 *   (art. 262 ter I: the buyer is identified for VAT elsewhere in the EU);
 * - E, AE, K, G and O need their reason (BR-E-10…), which a domestic exemption has only once chosen;
 * - S and L need a rate above 0 (BR-S-05, BR-AF-05);
 * - O excludes every other category on the same invoice (BR-O-11, BR-O-12);
 * - Z (zero rate) does not exist in France: E with its reason, or O (a credit note of an invoice
 *   written with Z before issue 13 keeps it).
 */
export function vatCategoryEmissionProblems(lines: readonly CategorizedLine[], facts: EmissionFacts): VatCategoryProblem[] {
  const problems: VatCategoryProblem[] = [];
  const categories = new Set(lines.map((l) => l.vatCategory).filter((c): c is VatCategory => !!c));
  const needsBuyerNumber = ['K', 'AE'].filter((c) => categories.has(c as VatCategory)) as VatCategory[];
  if (needsBuyerNumber.length > 0 && !normalizedVatNumber(facts.buyerVatNumber)) {
    problems.push({
      field: 'receiver.vatNumber',
      message: `il manque le numéro de TVA intracommunautaire du client (code pays puis numéro), obligatoire en catégorie ${needsBuyerNumber.map(named).join(' et ')}`,
    });
  } else if (categories.has('K') && !isOtherMemberStateVatNumber(facts.buyerVatNumber)) {
    problems.push({
      field: 'receiver.vatNumber',
      message: `une livraison intracommunautaire (K) se fait à un client identifié à la TVA dans un autre État membre de l’UE : son numéro « ${normalizedVatNumber(facts.buyerVatNumber)} » ne l’est pas`,
    });
  }
  lines.forEach((line, i) => {
    const c = line.vatCategory;
    if (!c) return;
    if ((CATEGORIES_WITH_REASON as readonly string[]).includes(c) && !line.vatExemptionReason?.text) {
      problems.push({ field: `items.${i}.vatExemptionReason`, message: `il manque le motif d’exonération de la ligne ${i + 1} (catégorie ${named(c)}) : choisissez l’article du CGI qui l’exonère` });
    }
    if ((c === 'S' || c === 'L') && !(line.vat > 0)) {
      problems.push({ field: `items.${i}.vat`, message: `la ligne ${i + 1} est en catégorie ${named(c)} à 0 % : donnez son taux, ou choisissez la catégorie E avec son motif d’exonération` });
    }
    if (c === 'Z' && !facts.creditNote) {
      problems.push({ field: `items.${i}.vatCategory`, message: `la ligne ${i + 1} est en catégorie Z (taux zéro), qui n’existe pas en France : choisissez E (exonérée, avec son motif) ou O (hors du champ de la TVA)` });
    }
  });
  if (categories.has('O') && categories.size > 1) {
    problems.push({
      field: 'items',
      message: 'une facture hors du champ de la TVA (catégorie O) ne peut pas porter d’autres catégories (EN 16931, BR-O-11) : faites une facture pour ces lignes et une autre pour le reste',
    });
  }
  return problems;
}
