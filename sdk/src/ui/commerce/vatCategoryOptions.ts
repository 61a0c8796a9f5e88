/**
 * What the lines editor offers for a line's VAT category and its exemption reason (commerce README
 * « VAT categories »): French labels, the automatic choice the server computed, the reasons of each
 * category. Pure functions: tested in sdk/test/ui-commerce.test.ts.
 */
import {
  VAT_CATEGORY_LABELS, VAT_EXEMPTION_CHOICES, isVatCategory, isZeroRated, needsReason, type VatCategory,
} from '@comptoir/sdk/commerce';
import type { LineDraft } from './lineDraft.ts';

/** What the server's engine answered for a line (`POST …/compute`): its category and reason. */
export interface ComputedVatCategory {
  vatCategory?: string;
  vatExemptionReason?: { code?: string; text: string };
}

/** The categories offered, in this order; Z only to a line that already has it (France has no zero rate). */
const OFFERED: VatCategory[] = ['S', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'];

export const vatCategoryLabel = (c: string): string => (isVatCategory(c) ? `${c} – ${VAT_CATEGORY_LABELS[c]}` : c);

/** The select of the category: « Automatique (K – Livraison intracommunautaire) » first, then each category. */
export function vatCategoryOptions(line: Pick<LineDraft, 'vatCategory'>, computed?: ComputedVatCategory): { value: string; label: string }[] {
  const auto = computed?.vatCategory && !line.vatCategory ? `Automatique (${vatCategoryLabel(computed.vatCategory)})` : 'Automatique';
  const offered = line.vatCategory === 'Z' ? [...OFFERED, 'Z' as const] : OFFERED;
  return [{ value: '', label: auto }, ...offered.map((c) => ({ value: c, label: vatCategoryLabel(c) }))];
}

/** The category the line stands for: the one chosen, else the server's automatic one ('' while unknown). */
export const effectiveVatCategory = (line: Pick<LineDraft, 'vatCategory'>, computed?: ComputedVatCategory): string =>
  line.vatCategory || computed?.vatCategory || '';

/** A line whose category bears no VAT: its rate shows 0 % and its price incl. taxes is its price excl. taxes. */
export const bearsNoVat = (line: Pick<LineDraft, 'vatCategory'>, computed?: ComputedVatCategory, subjectToVAT = true): boolean =>
  subjectToVAT && isZeroRated(effectiveVatCategory(line, computed));

/** The value meaning « a text of one's own » in the reason select. */
export const OWN_REASON = 'own';

/** The reasons offered for a category, and « Autre motif (texte libre) ». */
export function exemptionReasonOptions(category: string): { value: string; label: string }[] {
  return [
    ...VAT_EXEMPTION_CHOICES.filter((c) => (c.categories as readonly string[]).includes(category)).map((c) => ({ value: c.code, label: c.label })),
    { value: OWN_REASON, label: 'Autre motif (texte libre)' },
  ];
}

/** The reason select's value: the code chosen, « own » for a text of one's own, '' for the usual one. */
export function exemptionReasonValue(line: Pick<LineDraft, 'vatExemptionCode' | 'vatExemptionText'>): string {
  if (line.vatExemptionCode) return line.vatExemptionCode;
  return line.vatExemptionText ? OWN_REASON : '';
}

/**
 * What the cell shows about the reason: `choose` when the line's category needs one the person
 * must give (a category chosen by hand, or an automatic exemption without reason: a domestic
 * exemption); else the automatic reason to read (`shown`), or nothing.
 */
export function reasonState(line: Pick<LineDraft, 'vatCategory'>, computed?: ComputedVatCategory): { choose: boolean; shown?: string } {
  const category = effectiveVatCategory(line, computed);
  if (!needsReason(category)) return { choose: false };
  if (line.vatCategory || !computed?.vatExemptionReason) return { choose: true };
  return { choose: false, shown: computed.vatExemptionReason.text };
}

/** The server's answer for a sale's lines, by uuid, as `LinesEditor`'s `vatCategories` takes it. */
export function computedVatCategories(answer: { items?: ({ uuid: string } & ComputedVatCategory)[]; subjectToVAT?: boolean } | undefined): {
  computed: Record<string, ComputedVatCategory>; subjectToVAT: boolean;
} {
  const computed: Record<string, ComputedVatCategory> = {};
  for (const item of answer?.items ?? []) computed[item.uuid] = { vatCategory: item.vatCategory, vatExemptionReason: item.vatExemptionReason };
  return { computed, subjectToVAT: answer?.subjectToVAT ?? true };
}

/** A VAT detail as the screens draw it (`VatDetailsTable`). */
export interface VatDetailRow {
  vat: number; totalExclTaxes: number; totalInclTaxes: number; amount: number;
  vatCategory?: string;
  vatExemptionReason?: { code?: string; text: string };
}

/** Each category's legal wording once (« K – Exonération de TVA, art. 262 ter I du CGI »), in the order of the rows. */
export function vatWordings(details: VatDetailRow[]): string[] {
  const out: string[] = [];
  for (const d of details) {
    if (!d.vatCategory || d.vatCategory === 'S' || !d.vatExemptionReason?.text) continue;
    const w = `${d.vatCategory} – ${d.vatExemptionReason.text}`;
    if (!out.includes(w)) out.push(w);
  }
  return out;
}
