/**
 * The VAT categories (EN 16931 BT-151, BT-118: UNCL 5305 as the norm restricts it) and the VAT
 * exemption reason codes (BT-121, CEF « VATEX » list), without any dependency: the browser engine
 * (`@comptoir/sdk/commerce`) re-exports them from here (subpath `@comptoir/schemas/vat-codes`), so
 * they exist once. The schemas built on them are in vat-categories.ts.
 */
/**
 * S standard rate (any rate > 0, DOM rates included), Z zero rated (no such rate in France: accepted
 * as EN 16931 allows, never chosen), E exempt, AE reverse charge, K intra-community supply, G export
 * outside the EU, O outside the scope of VAT, L Canary Islands (IGIC), M Ceuta and Melilla (IPSI).
 */
export const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

/**
 * The VAT exemption reason codes (CEF VATEX list) that the EN 16931 rules accept in BT-121, as the
 * CEN Schematron 1.3.16 and the Factur-X 1.09 code lists have them, French codes included.
 */
export const VATEX_CODES = [
  'VATEX-EU-79-C', 'VATEX-EU-132', 'VATEX-EU-132-1A', 'VATEX-EU-132-1B', 'VATEX-EU-132-1C', 'VATEX-EU-132-1D',
  'VATEX-EU-132-1E', 'VATEX-EU-132-1F', 'VATEX-EU-132-1G', 'VATEX-EU-132-1H', 'VATEX-EU-132-1I', 'VATEX-EU-132-1J',
  'VATEX-EU-132-1K', 'VATEX-EU-132-1L', 'VATEX-EU-132-1M', 'VATEX-EU-132-1N', 'VATEX-EU-132-1O', 'VATEX-EU-132-1P',
  'VATEX-EU-132-1Q', 'VATEX-EU-135-1', 'VATEX-EU-143', 'VATEX-EU-143-1A', 'VATEX-EU-143-1B', 'VATEX-EU-143-1C',
  'VATEX-EU-143-1D', 'VATEX-EU-143-1E', 'VATEX-EU-143-1F', 'VATEX-EU-143-1FA', 'VATEX-EU-143-1G', 'VATEX-EU-143-1H',
  'VATEX-EU-143-1I', 'VATEX-EU-143-1J', 'VATEX-EU-143-1K', 'VATEX-EU-143-1L', 'VATEX-EU-144', 'VATEX-EU-146-1E',
  'VATEX-EU-148', 'VATEX-EU-148-A', 'VATEX-EU-148-B', 'VATEX-EU-148-C', 'VATEX-EU-148-D', 'VATEX-EU-148-E',
  'VATEX-EU-148-F', 'VATEX-EU-148-G', 'VATEX-EU-151', 'VATEX-EU-151-1A', 'VATEX-EU-151-1AA', 'VATEX-EU-151-1B',
  'VATEX-EU-151-1C', 'VATEX-EU-151-1D', 'VATEX-EU-151-1E', 'VATEX-EU-153', 'VATEX-EU-159', 'VATEX-EU-309',
  'VATEX-EU-AE', 'VATEX-EU-D', 'VATEX-EU-F', 'VATEX-EU-G', 'VATEX-EU-I', 'VATEX-EU-IC', 'VATEX-EU-J', 'VATEX-EU-O',
  'VATEX-FR-298SEXDECIESA', 'VATEX-FR-AE', 'VATEX-FR-CGI261-1', 'VATEX-FR-CGI261-2', 'VATEX-FR-CGI261-3',
  'VATEX-FR-CGI261-4', 'VATEX-FR-CGI261-5', 'VATEX-FR-CGI261-7', 'VATEX-FR-CGI261-8', 'VATEX-FR-CGI261A',
  'VATEX-FR-CGI261B', 'VATEX-FR-CGI261C-1', 'VATEX-FR-CGI261C-2', 'VATEX-FR-CGI261C-3', 'VATEX-FR-CGI261D-1',
  'VATEX-FR-CGI261D-1BIS', 'VATEX-FR-CGI261D-2', 'VATEX-FR-CGI261D-3', 'VATEX-FR-CGI261D-4', 'VATEX-FR-CGI261E-1',
  'VATEX-FR-CGI261E-2', 'VATEX-FR-CGI275', 'VATEX-FR-CGI277A', 'VATEX-FR-CGI295', 'VATEX-FR-CNWVAT', 'VATEX-FR-FRANCHISE',
] as const;
export type VatexCode = (typeof VATEX_CODES)[number];
