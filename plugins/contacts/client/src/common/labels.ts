/** French labels of the stored codes (types of phones, e-mails, addresses, events; gender; origin). */

export const PHONE_TYPE_LABELS: Record<string, string> = {
  home: 'Domicile', work: 'Travail', mobile: 'Mobile', fax: 'Fax', pager: 'Bipeur', main: 'Standard', other: 'Autre', custom: 'Personnalisé',
};
export const EMAIL_TYPE_LABELS: Record<string, string> = { home: 'Personnel', work: 'Travail', other: 'Autre', custom: 'Personnalisé' };
export const ADDRESS_TYPE_LABELS: Record<string, string> = { home: 'Domicile', work: 'Travail', other: 'Autre', custom: 'Personnalisé' };
export const EVENT_TYPE_LABELS: Record<string, string> = { birthday: 'Anniversaire', anniversary: 'Anniversaire de mariage', other: 'Autre' };

export const GENDER_LABELS: Record<string, string> = { secret: 'Non précisé', female: 'Femme', male: 'Homme', other: 'Autre' };
export const ORIGIN_LABELS: Record<string, string> = {
  unknown: 'Inconnue', shop: 'En boutique', website: 'Site web', phone: 'Téléphone', recommendation: 'Recommandation', other: 'Autre',
};

/** Options of a Select, with the stored value kept even when it is not one of ours. */
export function optionsOf(labels: Record<string, string>, current?: string | null): { value: string; label: string }[] {
  const options = Object.entries(labels).map(([value, label]) => ({ value, label }));
  if (current && !(current in labels)) options.push({ value: current, label: current });
  return options;
}

/** The label of a typed entry: its custom name, the French label of its type, or the code. */
export function typeLabel(labels: Record<string, string>, type?: string, customType?: string): string {
  if (type === 'custom' && customType) return customType;
  return labels[type ?? 'home'] ?? type ?? '';
}

/** `1979-04-23` -> `23/04/1979`, `--08-15` -> `15/08` (a date without year). */
export function eventDateLabel(date: string): string {
  const m = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  return m[1] === '-' ? `${m[3]}/${m[2]}` : `${m[3]}/${m[2]}/${m[1]}`;
}

/** `23/04/1979` -> `1979-04-23`, `15/08` -> `--08-15`; null when unreadable. */
export function eventDateValue(input: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?\s*$/.exec(input);
  if (!m) return /^(\d{4}|-)-\d{2}-\d{2}$/.test(input.trim()) ? input.trim() : null;
  const [day, month] = [Number(m[1]), Number(m[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  return m[3] ? `${m[3]}-${mm}-${dd}` : `--${mm}-${dd}`;
}
