/**
 * The VAT category of a line of a sale and the reason it bears no French VAT (commerce README « VAT
 * categories »): chosen from the seller (subject to VAT or not, where it is), the buyer (where it
 * is, its VAT number, professional or not) and the line (good or service, its rate). Plain data in,
 * plain data out: countries are ISO 3166-1 alpha-2 codes already read from the addresses.
 */
import { VAT_CATEGORIES, VATEX_CODES, type VatCategory, type VatexCode } from '@comptoir/schemas/vat-codes';

export { VAT_CATEGORIES, VATEX_CODES, type VatCategory, type VatexCode } from '@comptoir/schemas/vat-codes';

/** BT-120 (text, as printed) and BT-121 (VATEX code). */
export interface VatReason {
  code?: VatexCode;
  text: string;
}

/** What a line says of its category: chosen by hand, or nothing (automatic). */
export interface VatCategoryInput {
  vatCategory?: string | null;
  vatExemptionReason?: { code?: string | null; text?: string | null } | null;
}

/** The category a line gets and, for one without French VAT, its reason. */
export interface VatCategoryChoice {
  vatCategory: VatCategory;
  vatExemptionReason?: VatReason;
}

/** The screens' French names of the categories. */
export const VAT_CATEGORY_LABELS: Record<VatCategory, string> = {
  S: 'TVA française',
  Z: 'Taux zéro (inexistant en France)',
  E: 'Exonérée de TVA',
  AE: 'Autoliquidation',
  K: 'Livraison intracommunautaire',
  G: 'Exportation hors de l’UE',
  O: 'Hors du champ de la TVA',
  L: 'IGIC (îles Canaries)',
  M: 'IPSI (Ceuta et Melilla)',
};

/** Categories whose lines carry no VAT: their rate is 0 (BR-E-05, BR-AE-05, BR-IC-05, BR-G-05, BR-Z-05; O has none, BR-O-05). */
export const ZERO_RATED_CATEGORIES: readonly VatCategory[] = ['Z', 'E', 'AE', 'K', 'G', 'O'];
/** Categories that must say why (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10); S, Z, L and M must not (BR-S-10…). */
export const CATEGORIES_WITH_REASON: readonly VatCategory[] = ['E', 'AE', 'K', 'G', 'O'];

export const isVatCategory = (v: unknown): v is VatCategory => typeof v === 'string' && (VAT_CATEGORIES as readonly string[]).includes(v);
export const isVatexCode = (v: unknown): v is VatexCode => typeof v === 'string' && (VATEX_CODES as readonly string[]).includes(v);
export const isZeroRated = (c: string | null | undefined): boolean => !!c && (ZERO_RATED_CATEGORIES as readonly string[]).includes(c);
export const needsReason = (c: string | null | undefined): boolean => !!c && (CATEGORIES_WITH_REASON as readonly string[]).includes(c);

/**
 * The legal wording of the reasons Comptoir proposes, by VATEX code: what the invoice prints and
 * BT-120 says. `categories`: where the lines editor offers it; `label`: what the choice says.
 */
export interface VatExemptionChoice {
  code: VatexCode;
  text: string;
  label: string;
  categories: readonly VatCategory[];
}

export const VAT_EXEMPTION_CHOICES: readonly VatExemptionChoice[] = [
  { code: 'VATEX-FR-FRANCHISE', text: 'TVA non applicable, art. 293 B du CGI', label: 'Franchise en base de TVA (art. 293 B du CGI)', categories: ['E'] },
  { code: 'VATEX-FR-CGI261-4', text: 'Exonération de TVA, art. 261-4 du CGI', label: 'Soins médicaux et paramédicaux, enseignement… (art. 261-4 du CGI)', categories: ['E'] },
  { code: 'VATEX-FR-CGI261-7', text: 'Exonération de TVA, art. 261-7 du CGI', label: 'Organismes sans but lucratif (art. 261-7 du CGI)', categories: ['E'] },
  { code: 'VATEX-FR-CGI261C-1', text: 'Exonération de TVA, art. 261 C-1° du CGI', label: 'Opérations bancaires et financières (art. 261 C-1° du CGI)', categories: ['E'] },
  { code: 'VATEX-FR-CGI261C-2', text: 'Exonération de TVA, art. 261 C-2° du CGI', label: 'Opérations d’assurance (art. 261 C-2° du CGI)', categories: ['E'] },
  { code: 'VATEX-FR-CGI261D-4', text: 'Exonération de TVA, art. 261 D-4° du CGI', label: 'Locations de logements meublés (art. 261 D-4° du CGI)', categories: ['E'] },
  { code: 'VATEX-EU-132', text: 'Exonération de TVA, art. 132 de la directive 2006/112/CE', label: 'Activités d’intérêt général (art. 132 de la directive 2006/112/CE)', categories: ['E'] },
  { code: 'VATEX-EU-79-C', text: 'Débours, hors de la base d’imposition (art. 267 II-2° du CGI)', label: 'Débours refacturés à l’euro près (art. 267 II-2° du CGI)', categories: ['E'] },
  { code: 'VATEX-EU-IC', text: 'Exonération de TVA, art. 262 ter I du CGI', label: 'Livraison intracommunautaire (art. 262 ter I du CGI)', categories: ['K'] },
  { code: 'VATEX-EU-AE', text: 'Autoliquidation : TVA due par le preneur, art. 196 de la directive 2006/112/CE', label: 'Autoliquidation par le client d’un autre État membre (art. 196 de la directive)', categories: ['AE'] },
  { code: 'VATEX-FR-AE', text: 'Autoliquidation : TVA due par le preneur, art. 283 du CGI', label: 'Autoliquidation par un client français (art. 283 du CGI)', categories: ['AE'] },
  { code: 'VATEX-EU-G', text: 'Exonération de TVA, art. 262 I du CGI', label: 'Exportation (art. 262 I du CGI)', categories: ['G'] },
  { code: 'VATEX-EU-O', text: 'TVA non applicable, art. 259-1 du CGI', label: 'Services à un professionnel hors de l’UE (art. 259-1 du CGI)', categories: ['O'] },
];

/** Wordings that share a code with the catalogue above but fit another situation. */
const EXPORT_TO_OVERSEAS = 'Exonération de TVA, art. 294-2 du CGI';
const NO_VAT_IN_GUYANE_MAYOTTE = 'TVA non applicable, art. 294-1 du CGI';
const OUT_OF_SCOPE = 'Opération hors du champ d’application de la TVA';

const choice = (code: VatexCode): VatReason => {
  const c = VAT_EXEMPTION_CHOICES.find((x) => x.code === code)!;
  return { code: c.code, text: c.text };
};

/** The wording of a code: the catalogue's, else one naming the code (a code Comptoir does not propose). */
export function exemptionText(code: string): string {
  return VAT_EXEMPTION_CHOICES.find((c) => c.code === code)?.text ?? `Exonération de TVA (${code})`;
}

// ---------------------------------------------------------------- territories

/** The member states of the European Union (ISO 3166-1; Greece's VAT numbers start with EL). */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

/**
 * Where a party is for French VAT:
 * - `FR`: metropolitan France, Corsica and Monaco (art. 7 of the directive: Monaco is France for VAT);
 * - `GP`, `MQ`, `RE`: Guadeloupe, Martinique, Réunion — French VAT at their own rates (8,5 %, 2,1 %),
 *   but outside the EU's VAT territory: between them and metropolitan France, goods are exported;
 * - `GF`, `YT`: Guyane and Mayotte, where VAT does not apply (art. 294-1 du CGI);
 * - `EU`: another member state, within its VAT territory;
 * - `OUT`: anywhere else — the rest of the world, the overseas collectivities (Saint-Martin,
 *   Saint-Barthélemy, Saint-Pierre-et-Miquelon, Polynésie, Nouvelle-Calédonie…) and the EU
 *   territories outside its VAT (Canary Islands, Ceuta, Melilla, Åland…).
 */
export type VatTerritory = 'FR' | 'GP' | 'MQ' | 'RE' | 'GF' | 'YT' | 'EU' | 'OUT';

/** A French address's territory by its postal code: 971 Guadeloupe… 976 Mayotte; 98000 Monaco. */
function frenchTerritoryOfZip(zip: string): VatTerritory {
  // Saint-Barthélemy (97133), Saint-Martin (97150), Saint-Pierre-et-Miquelon (975), the Pacific
  // (986 to 988) and the austral lands (984) are overseas collectivities, outside the VAT territory
  if (zip === '97133' || zip === '97150' || /^97[578]|^98[4-9]/.test(zip)) return 'OUT';
  const overseas: Record<string, VatTerritory> = { '971': 'GP', '972': 'MQ', '973': 'GF', '974': 'RE', '976': 'YT' };
  return overseas[zip.slice(0, 3)] ?? 'FR';
}

/**
 * The territory of an address: `country` an ISO code (null when the address's country could not
 * be read: taken as France, the e-invoice reports the country as missing), `zipCode` as typed.
 */
export function vatTerritory(country: string | null | undefined, zipCode?: string | null): VatTerritory {
  const c = (country ?? 'FR').toUpperCase();
  const zip = (zipCode ?? '').replace(/\s/g, '');
  if (c === 'FR') return frenchTerritoryOfZip(zip);
  if (c === 'MC') return 'FR';
  if (c === 'BL' || c === 'MF' || c === 'PM' || c === 'PF' || c === 'NC' || c === 'WF' || c === 'TF') return 'OUT';
  if (c === 'GP' || c === 'MQ' || c === 'RE' || c === 'GF' || c === 'YT') return c;
  // the Canary Islands (provinces 35 and 38), Ceuta (51) and Melilla (52) are outside the EU's VAT
  if (c === 'ES' && /^(35|38|51|52)\d{3}$/.test(zip)) return 'OUT';
  return EU_MEMBER_STATES.includes(c) ? 'EU' : 'OUT';
}

/** A VAT number as typed, upper case without spaces, or null when it has no country prefix. */
export function normalizedVatNumber(v: string | null | undefined): string | null {
  const n = (v ?? '').replace(/[\s.-]/g, '').toUpperCase();
  return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(n) ? n : null;
}

/** A VAT number issued by another member state than France (EL is Greece). */
export function isOtherMemberStateVatNumber(v: string | null | undefined): boolean {
  const n = normalizedVatNumber(v);
  if (!n) return false;
  const prefix = n.slice(0, 2) === 'EL' ? 'GR' : n.slice(0, 2);
  return prefix !== 'FR' && EU_MEMBER_STATES.includes(prefix);
}

// ---------------------------------------------------------------- the rule

/** What the rule reads of the seller, the buyer and the line. */
export interface VatSaleContext {
  /** false: the VAT franchise (« franchise en base », art. 293 B du CGI) */
  subjectToVAT: boolean;
  seller: { country?: string | null; zipCode?: string | null };
  /** none: a document without customer yet, taken as a French professional */
  buyer?: { country?: string | null; zipCode?: string | null; vatNumber?: string | null; professional: boolean } | null;
}

export interface VatLineFacts {
  /** `good` or `service` (the default) */
  type?: string | null;
  /** the line's rate, percent */
  vat: number;
}

type Situation = 'domestic' | 'intraEU' | 'export';

function situation(ctx: VatSaleContext): { situation: Situation; seller: VatTerritory; buyer: VatTerritory } {
  const seller = vatTerritory(ctx.seller.country, ctx.seller.zipCode);
  const buyer = ctx.buyer ? vatTerritory(ctx.buyer.country, ctx.buyer.zipCode) : seller;
  if (buyer === seller) return { situation: 'domestic', seller, buyer };
  if (seller === 'FR' && buyer === 'EU') return { situation: 'intraEU', seller, buyer };
  return { situation: 'export', seller, buyer };
}

const overseas = (t: VatTerritory) => t === 'GP' || t === 'MQ' || t === 'RE' || t === 'GF' || t === 'YT';

/** A domestic sale: its rate, or an exemption whose reason the user chooses (France has no zero rate). */
const domestic = (line: VatLineFacts): VatCategoryChoice => (line.vat > 0 ? { vatCategory: 'S' } : { vatCategory: 'E' });

/**
 * The automatic category of a line (commerce README « VAT categories », the rules and their
 * articles of the CGI): franchise → E; in France → S (a 0 % line → E, reason to choose); another
 * member state, a professional with a VAT number of that state → K for goods, AE for services,
 * else S; outside the EU (the overseas departments included, seen from metropolitan France) → G for
 * goods, O for services to a professional, S for services to a private customer. L and M are never
 * chosen.
 */
export function automaticVatCategory(ctx: VatSaleContext, line: VatLineFacts): VatCategoryChoice {
  if (!ctx.subjectToVAT) return { vatCategory: 'E', vatExemptionReason: choice('VATEX-FR-FRANCHISE') };
  const where = situation(ctx);
  if (where.seller === 'GF' || where.seller === 'YT') {
    return { vatCategory: 'O', vatExemptionReason: { code: 'VATEX-EU-O', text: NO_VAT_IN_GUYANE_MAYOTTE } };
  }
  const good = line.type === 'good';
  const professional = ctx.buyer?.professional ?? true;
  switch (where.situation) {
    case 'domestic':
      return domestic(line);
    case 'intraEU':
      if (!professional || !isOtherMemberStateVatNumber(ctx.buyer?.vatNumber)) return domestic(line);
      return good
        ? { vatCategory: 'K', vatExemptionReason: choice('VATEX-EU-IC') }
        : { vatCategory: 'AE', vatExemptionReason: choice('VATEX-EU-AE') };
    case 'export':
      if (good) return { vatCategory: 'G', vatExemptionReason: defaultReason('G', ctx)! };
      return professional ? { vatCategory: 'O', vatExemptionReason: choice('VATEX-EU-O') } : domestic(line);
  }
}

/**
 * The usual reason of a category chosen by hand, in this sale (none for S, Z, L, M, and none for a
 * domestic exemption: which of the CGI's exemptions applies is the user's to say).
 */
export function defaultReason(category: VatCategory, ctx: VatSaleContext): VatReason | undefined {
  const where = situation(ctx);
  switch (category) {
    case 'E':
      return ctx.subjectToVAT ? undefined : choice('VATEX-FR-FRANCHISE');
    case 'K':
      return choice('VATEX-EU-IC');
    case 'AE':
      return where.buyer === 'FR' ? choice('VATEX-FR-AE') : choice('VATEX-EU-AE');
    case 'G':
      return overseas(where.seller) || overseas(where.buyer) ? { code: 'VATEX-EU-G', text: EXPORT_TO_OVERSEAS } : choice('VATEX-EU-G');
    case 'O':
      if (where.seller === 'GF' || where.seller === 'YT') return { code: 'VATEX-EU-O', text: NO_VAT_IN_GUYANE_MAYOTTE };
      return where.situation === 'export' ? choice('VATEX-EU-O') : { code: 'VATEX-EU-O', text: OUT_OF_SCOPE };
    default:
      return undefined;
  }
}

/** A reason as written (a code alone takes its wording), or undefined when it says nothing. */
export function normalizedReason(r: VatCategoryInput['vatExemptionReason']): VatReason | undefined {
  if (!r) return undefined;
  const typed = r.code?.trim();
  const code = isVatexCode(typed) ? typed : undefined;
  const text = r.text?.trim() || (code ? exemptionText(code) : undefined);
  if (!text) return undefined;
  return code ? { code, text } : { text };
}

/**
 * The category and reason of a line of a sale: the ones chosen by hand (the reason completed with
 * the category's usual one), else the automatic ones. Categories without reason keep none.
 */
export function lineVatCategory(ctx: VatSaleContext, line: VatLineFacts & VatCategoryInput): VatCategoryChoice {
  if (!isVatCategory(line.vatCategory)) return automaticVatCategory(ctx, line);
  const category = line.vatCategory;
  if (!needsReason(category)) return { vatCategory: category };
  const reason = normalizedReason(line.vatExemptionReason) ?? defaultReason(category, ctx);
  return reason ? { vatCategory: category, vatExemptionReason: reason } : { vatCategory: category };
}

/**
 * How the lines of documents made before categories existed are read (invoices emitted before
 * issue 13 keep what their e-invoice said): not subject to VAT → E with the franchise; a 0 % line
 * → Z; any other → S.
 */
export function legacyVatCategory(subjectToVAT: boolean, vat: number): VatCategoryChoice {
  if (!subjectToVAT) return { vatCategory: 'E', vatExemptionReason: choice('VATEX-FR-FRANCHISE') };
  return { vatCategory: vat === 0 ? 'Z' : 'S' };
}

/** Equal choices (the same category, reason code and text). */
export function sameVatChoice(a: VatCategoryChoice, b: VatCategoryChoice): boolean {
  return a.vatCategory === b.vatCategory
    && (a.vatExemptionReason?.code ?? '') === (b.vatExemptionReason?.code ?? '')
    && (a.vatExemptionReason?.text ?? '') === (b.vatExemptionReason?.text ?? '');
}
