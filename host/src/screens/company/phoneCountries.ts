/** Countries offered for phone numbers typed without a prefix, named in French by Intl. */
const CODES = [
  'FR', 'BE', 'CH', 'LU', 'MC', 'DE', 'ES', 'IT', 'PT', 'NL', 'GB', 'IE', 'AT', 'PL', 'CA', 'US',
  'MA', 'DZ', 'TN', 'SN', 'CI', 'CM', 'MG', 'MU', 'RE', 'GP', 'MQ', 'GF', 'YT', 'PM', 'NC', 'PF',
];

const names = new Intl.DisplayNames(['fr'], { type: 'region' });

export function phoneCountryOptions(current?: string): { value: string; label: string }[] {
  const codes = current && !CODES.includes(current) ? [...CODES, current] : CODES;
  return codes
    .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
    .sort((a, b) => (a.value === 'FR' ? -1 : b.value === 'FR' ? 1 : a.label.localeCompare(b.label, 'fr')));
}
