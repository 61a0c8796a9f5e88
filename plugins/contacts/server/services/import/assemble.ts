/**
 * From what a reader found in one vCard or one CSV row (raw values and their labels) to the import
 * shape (contacts README « Entities »): values cleaned, types decided, lists capped at 4 e-mails, 4 phones and
 * 2 addresses, with a French warning for everything left out.
 */
import {
  IMPORT_MAX_ADDRESSES, IMPORT_MAX_EMAILS, IMPORT_MAX_PHONES, type ContactImport, type ImportAddress,
  type ImportTypedValue,
} from '../../../schemas/index.ts';
import { capped, clean, cleanText, emailKey, isEmail, normalizeDate, phoneDisplay, phoneKey, typeFromLabels } from './text.ts';

export interface RawEntry { labels: string[]; value: string; primary?: boolean }
export interface RawAddress {
  labels: string[];
  primary?: boolean;
  pobox?: string;
  extended?: string;
  street?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
}

export interface RawContact {
  fullName?: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  prefix?: string;
  suffix?: string;
  nickname?: string;
  birthday?: string;
  gender?: string;
  notes?: string;
  photo?: string;
  organizationName?: string;
  organizationTitle?: string;
  organizationDepartment?: string;
  emails: RawEntry[];
  phones: RawEntry[];
  addresses: RawAddress[];
  websites: RawEntry[];
}

export const emptyRaw = (): RawContact => ({ emails: [], phones: [], addresses: [], websites: [] });

const GENDERS: Record<string, string> = {
  m: 'male', male: 'male', homme: 'male', h: 'male',
  f: 'female', female: 'female', femme: 'female',
  o: 'other', other: 'other', autre: 'other',
  n: 'none', none: 'none', u: 'unknown', unknown: 'unknown',
};

function typed(kind: 'phone' | 'email' | 'website', e: RawEntry, value: string): ImportTypedValue & { primary?: boolean } {
  const t = typeFromLabels(kind, e.labels);
  return { type: t.type, ...(t.customType ? { customType: t.customType } : {}), value, primary: e.primary };
}

function withoutPrimary<T extends { primary?: boolean }>(list: T[]): Omit<T, 'primary'>[] {
  return list.map(({ primary: _p, ...rest }) => { void _p; return rest; });
}

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

/** Lines of a street: the first is the street, the others go before the extended address. */
function addressOf(a: RawAddress): ImportAddress & { primary?: boolean } | null {
  const lines = (s?: string) => (s ?? '').split(/\r?\n/).map((l) => clean(l)).filter((l): l is string => !!l);
  let streetLines = lines(a.street);
  let extendedLines = [...lines(a.extended), ...lines(a.pobox)];
  // some exports put the whole address in the extended part
  if (streetLines.length === 0 && extendedLines.length) [streetLines, extendedLines] = [extendedLines, []];
  const street = streetLines[0];
  const extended = clean([...streetLines.slice(1), ...extendedLines].join(', '));
  const t = typeFromLabels('address', a.labels);
  const out: ImportAddress & { primary?: boolean } = {
    type: t.type, ...(t.customType ? { customType: t.customType } : {}),
    ...(street ? { street: clean(street) } : {}),
    ...(extended ? { extended } : {}),
    ...(clean(a.city) ? { city: clean(a.city) } : {}),
    ...(clean(a.region) ? { region: clean(a.region) } : {}),
    ...(clean(a.postalCode) ? { postalCode: clean(a.postalCode) } : {}),
    ...(clean(a.country) ? { country: clean(a.country) } : {}),
    primary: a.primary,
  };
  return out.street || out.extended || out.city || out.postalCode || out.country || out.region ? out : null;
}

export function assemble(raw: RawContact): { source: ContactImport; warnings: string[] } {
  const warnings: string[] = [];

  const emails: (ImportTypedValue & { primary?: boolean })[] = [];
  const seenEmails = new Set<string>();
  for (const e of raw.emails) {
    const value = clean(e.value)?.replace(/^mailto:/i, '');
    if (!value) continue;
    if (!isEmail(value)) { warnings.push(`E-mail ignoré (format invalide) : « ${value} ».`); continue; }
    if (seenEmails.has(emailKey(value))) continue;
    seenEmails.add(emailKey(value));
    emails.push(typed('email', e, value));
  }
  const keptEmails = capped(emails, IMPORT_MAX_EMAILS);
  if (keptEmails.dropped) warnings.push(`${keptEmails.dropped} ${plural(keptEmails.dropped, 'e-mail ignoré', 'e-mails ignorés')} (${IMPORT_MAX_EMAILS} au plus).`);

  const phones: (ImportTypedValue & { primary?: boolean })[] = [];
  const seenPhones = new Set<string>();
  for (const p of raw.phones) {
    const value = phoneDisplay(p.value);
    if (!value) continue;
    const key = phoneKey(value) ?? value;
    if (seenPhones.has(key)) continue;
    seenPhones.add(key);
    phones.push(typed('phone', p, value));
  }
  const keptPhones = capped(phones, IMPORT_MAX_PHONES);
  if (keptPhones.dropped) warnings.push(`${keptPhones.dropped} ${plural(keptPhones.dropped, 'téléphone ignoré', 'téléphones ignorés')} (${IMPORT_MAX_PHONES} au plus).`);

  const addresses = raw.addresses.map(addressOf).filter((a): a is NonNullable<typeof a> => a !== null);
  const keptAddresses = capped(addresses, IMPORT_MAX_ADDRESSES);
  if (keptAddresses.dropped) warnings.push(`${keptAddresses.dropped} ${plural(keptAddresses.dropped, 'adresse ignorée', 'adresses ignorées')} (${IMPORT_MAX_ADDRESSES} au plus).`);

  // a URI in a vCard 3 text may carry escapes (http\://)
  const websites = raw.websites
    .map((w) => ({ w, value: clean(w.value.replace(/\\([:,;])/g, '$1')) }))
    .filter((x): x is { w: RawEntry; value: string } => !!x.value);
  const website = capped(websites.map((x) => ({ ...typed('website', x.w, x.value) })), 1).kept[0];

  let birthday: string | undefined;
  if (clean(raw.birthday)) {
    birthday = normalizeDate(raw.birthday);
    if (!birthday) warnings.push(`Date de naissance illisible, ignorée : « ${clean(raw.birthday)} ».`);
  }
  const genderWord = clean(raw.gender)?.toLowerCase();
  const photo = clean(raw.photo, 2048);

  const source: ContactImport = {
    ...pick({
      fullName: clean(raw.fullName), firstName: clean(raw.firstName), middleName: clean(raw.middleName),
      lastName: clean(raw.lastName), prefix: clean(raw.prefix), suffix: clean(raw.suffix), nickname: clean(raw.nickname),
      birthday, gender: genderWord ? GENDERS[genderWord] ?? genderWord : undefined, notes: cleanText(raw.notes),
      photo: photo && /^https?:\/\//i.test(photo) && photo.length <= 255 ? photo : undefined,
      organizationName: clean(raw.organizationName), organizationTitle: clean(raw.organizationTitle),
      organizationDepartment: clean(raw.organizationDepartment),
    }),
    emails: withoutPrimary(keptEmails.kept),
    phones: withoutPrimary(keptPhones.kept),
    addresses: withoutPrimary(keptAddresses.kept),
    ...(website ? { website: withoutPrimary([website])[0] } : {}),
  };
  return { source, warnings };
}

/** The object without its undefined values (the answer and the stored contact stay compact). */
export function pick<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
