/**
 * What the status chips of a commercial document say, from the plugin's own words: a map from its
 * statuses to French labels and theme colours (an invoice is « Émise », a purchase « À payer » for
 * the same stored status), « Avoir » first for a credit note, then any flag the plugin adds
 * (« Expiré »). Pure, for `StatusBadges` and its tests (sdk/test/ui-commerce.test.ts).
 */

/** A status's chip: its French label and a theme colour name ('teal', never a hex value). */
export interface StatusStyle { label: string; color: string }

export interface StatusChip { key: string; label: string; color: string; variant: 'light' | 'outline'; status: boolean }

/** A supplier's or a customer's credit note: a negative total. */
export const CREDIT_NOTE_CHIP: StatusStyle = { label: 'Avoir', color: 'grape' };

/**
 * The chips in reading order. A status missing from the map (a newer server) reads « Statut
 * inconnu » in grey rather than its code: a person never reads an internal word.
 */
export function statusChips<S extends string>(status: S, styles: Record<S, StatusStyle>, options: { creditNote?: boolean; flags?: (StatusStyle | false | null | undefined)[] } = {}): StatusChip[] {
  const style = styles[status] ?? { label: 'Statut inconnu', color: 'gray' };
  const chips: StatusChip[] = [];
  if (options.creditNote) chips.push({ key: 'credit-note', ...CREDIT_NOTE_CHIP, variant: 'outline', status: false });
  chips.push({ key: 'status', ...style, variant: 'light', status: true });
  for (const [i, flag] of (options.flags ?? []).entries()) if (flag) chips.push({ key: `flag-${i}`, ...flag, variant: 'outline', status: false });
  return chips;
}

/** The map `StatusBadges` takes, from a plugin's separate labels and colours (kept apart for its filters). */
export function statusStyles<S extends string>(labels: Record<S, string>, colors: Record<S, string>): Record<S, StatusStyle> {
  const out = {} as Record<S, StatusStyle>;
  for (const key of Object.keys(labels) as S[]) out[key] = { label: labels[key], color: colors[key] ?? 'gray' };
  return out;
}
