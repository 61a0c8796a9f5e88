/**
 * Duplicate detection of an import: a row is a duplicate when one of its e-mails or phone numbers
 * (normalised, text.ts) is already on a contact of the company, or on an earlier row of the file.
 */
import type { ContactInput } from '../../../schemas/index.ts';
import { emailKey, phoneKey } from './text.ts';

export interface Duplicate {
  /** what matched */
  on: 'email' | 'phone';
  value: string;
  /** the existing contact, or the earlier row of the file */
  contactId?: string;
  contactName?: string;
  row?: number;
}

export interface ExistingContact {
  _id: string;
  displayName: string;
  emails?: { email: string }[];
  phoneNumbers?: { value: string }[];
}

type Owner = { contactId: string; contactName: string } | { row: number };

function keysOf(c: Pick<ContactInput, 'emails' | 'phoneNumbers'>): { on: 'email' | 'phone'; key: string; value: string }[] {
  return [
    ...(c.emails ?? []).map((e) => ({ on: 'email' as const, key: `e:${emailKey(e.email)}`, value: e.email })),
    ...(c.phoneNumbers ?? []).flatMap((p) => {
      const k = phoneKey(p.value);
      return k ? [{ on: 'phone' as const, key: `p:${k}`, value: p.value }] : [];
    }),
  ];
}

/**
 * For each row (null: a row that is skipped anyway), its duplicates: first the existing contacts,
 * then the earlier rows of the file. The first row holding a value is never the duplicate.
 */
export function findDuplicates(rows: ({ row: number; contact: ContactInput } | null)[], existing: ExistingContact[]): Duplicate[][] {
  const owners = new Map<string, Owner>();
  for (const c of existing) {
    for (const k of keysOf(c as Pick<ContactInput, 'emails' | 'phoneNumbers'>)) {
      if (!owners.has(k.key)) owners.set(k.key, { contactId: c._id, contactName: c.displayName });
    }
  }
  return rows.map((r) => {
    if (!r) return [];
    const found: Duplicate[] = [];
    const seen = new Set<string>();
    for (const k of keysOf(r.contact)) {
      const owner = owners.get(k.key);
      if (owner && !seen.has(k.key)) {
        seen.add(k.key);
        found.push({ on: k.on, value: k.value, ...owner });
      }
    }
    for (const k of keysOf(r.contact)) if (!owners.has(k.key)) owners.set(k.key, { row: r.row });
    return found;
  });
}

/**
 * The French sentence of a row's duplicates, one part per contact or row they belong to:
 * « Doublon de « Céline Lefèvre », déjà enregistré (e-mail celine@…, téléphone 06…). »
 */
export function duplicateReason(d: Duplicate[]): string {
  const groups = new Map<string, { who: string; what: string[] }>();
  for (const x of d) {
    const key = x.row !== undefined ? `row:${x.row}` : `contact:${x.contactId}`;
    const who = x.row !== undefined ? `de la fiche n° ${x.row} du fichier` : `de « ${x.contactName} », déjà enregistré`;
    const group = groups.get(key) ?? { who, what: [] };
    group.what.push(`${x.on === 'email' ? 'e-mail' : 'téléphone'} ${x.value}`);
    groups.set(key, group);
  }
  return `Doublon ${[...groups.values()].map((g) => `${g.who} (${g.what.join(', ')})`).join(' ; ')}.`;
}
