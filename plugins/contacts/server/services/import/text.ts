/**
 * Small rules shared by the vCard and CSV readers and by duplicate detection: cleaning a text,
 * recognising an e-mail, normalising a phone number and a date. Plain functions, no I/O.
 */

/** Trimmed, runs of blanks (newlines included) collapsed; undefined when empty. */
export function clean(s: unknown, max = 255): string | undefined {
  if (typeof s !== 'string') return undefined;
  const out = s.replace(/\s+/g, ' ').trim();
  return out === '' ? undefined : out.slice(0, max);
}

/** Like clean, but keeps the line breaks (notes). */
export function cleanText(s: unknown, max = 65535): string | undefined {
  if (typeof s !== 'string') return undefined;
  const out = s.replace(/\r\n?/g, '\n').split('\n').map((l) => l.replace(/[ \t]+/g, ' ').trim()).join('\n').trim();
  return out === '' ? undefined : out.slice(0, max);
}

// the `email` format of ajv-formats (what the server validates with), so that a kept address is never refused later
const EMAIL_RE = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isEmail(s: string): boolean {
  return s.length <= 255 && EMAIL_RE.test(s);
}

/** The comparison key of an e-mail: trimmed, without `mailto:`, lower-case. */
export function emailKey(s: string): string {
  return s.trim().replace(/^mailto:/i, '').toLowerCase();
}

/**
 * The comparison key of a phone number: its digits, French numbers written the national way
 * (+33 6 12… and 0033 6 12… are 06 12…), an extension (« poste », ext, x) left out. Null when too
 * short to identify anyone (fewer than 6 digits: « 15 », « 3615 »).
 */
export function phoneKey(s: string): string | null {
  const main = s.replace(/^tel:/i, '').split(/;ext=|\s*(?:poste|ext\.?|x)\s*\d+\s*$/i)[0];
  const international = /^\s*(\+|00)/.test(main);
  let digits = main.replace(/\D/g, '');
  if (international && digits.startsWith('00')) digits = digits.slice(2);
  if (international && digits.startsWith('33')) digits = `0${digits.slice(2).replace(/^0/, '')}`;
  else if (international) digits = `+${digits}`;
  return digits.replace(/^\+/, '').length >= 6 ? digits : null;
}

/** A phone as shown: `tel:` URIs of vCard 4 become the number, `;ext=12` becomes « poste 12 ». */
export function phoneDisplay(s: string): string | undefined {
  const v = s.trim().replace(/^tel:/i, '');
  const [number, ext] = v.split(/;ext=/i);
  const shown = ext ? `${number} poste ${ext.split(';')[0]}` : number.split(';')[0];
  return clean(shown);
}

function validMonthDay(m: number, d: number): boolean {
  const days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return m >= 1 && m <= 12 && d >= 1 && d <= days[m - 1];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as the import shape keeps it: `YYYY-MM-DD`, or `--MM-DD` without a year. Read from
 * ISO forms (1979-04-23, 19790423, --0423, --04-23, a date-time), and from day/month/year
 * (23/04/1979; a first number above 12 or a French export decides; Outlook's 0/0/00 is empty).
 */
export function normalizeDate(s: unknown): string | undefined {
  if (typeof s !== 'string') return undefined;
  const v = s.trim();
  let m = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T\s].*)?$/.exec(v);
  if (m) return validMonthDay(+m[2], +m[3]) ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
  m = /^--(\d{2})-?(\d{2})$/.exec(v);
  if (m) return validMonthDay(+m[1], +m[2]) ? `--${m[1]}-${m[2]}` : undefined;
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})$/.exec(v);
  if (m) {
    let [day, month] = [+m[1], +m[2]];
    // 4/23/1979 can only be month/day; otherwise day/month, as written in France
    if (month > 12 && day <= 12) [day, month] = [month, day];
    if (!validMonthDay(month, day)) return undefined;
    const year = m[3].length === 4 ? +m[3] : +m[3] + (+m[3] > 30 ? 1900 : 2000);
    return `${year}-${pad(month)}-${pad(day)}`;
  }
  return undefined;
}

/** What a type label says: « * Work », « _$!<Mobile>!$_ », « HOME » -> work, mobile, home. */
export function labelOf(raw: string): { label: string; primary: boolean } {
  const primary = /^\s*\*\s*/.test(raw);
  const label = raw.replace(/^\s*\*\s*/, '').replace(/^_\$!<(.*)>!\$_$/, '$1').trim();
  return { label, primary };
}

export type TypedKind = 'phone' | 'email' | 'address' | 'website';

const TYPE_WORDS: Record<TypedKind, Record<string, string>> = {
  phone: {
    cell: 'mobile', mobile: 'mobile', iphone: 'mobile', portable: 'mobile', cellular: 'mobile',
    home: 'home', domicile: 'home', maison: 'home', personal: 'home',
    work: 'work', business: 'work', bureau: 'work', travail: 'work', office: 'work',
    fax: 'fax', homefax: 'fax', workfax: 'fax', 'home fax': 'fax', 'work fax': 'fax', 'other fax': 'fax', télécopie: 'fax',
    pager: 'pager', main: 'main', 'company main': 'main', principal: 'main',
    other: 'other', autre: 'other',
  },
  email: { home: 'home', personal: 'home', work: 'work', business: 'work', other: 'other', autre: 'other' },
  address: { home: 'home', domicile: 'home', work: 'work', business: 'work', bureau: 'work', other: 'other', autre: 'other' },
  website: { home: 'home', homepage: 'home', work: 'work', business: 'work', other: 'other' },
};

/** vCard TYPE values that say nothing about the kind of number or address. */
const NOISE = new Set(['pref', 'voice', 'internet', 'x400', 'msg', 'text', 'video', 'dom', 'intl', 'postal', 'parcel', 'bbs', 'modem', 'car', 'isdn', 'pcs']);

/**
 * The type of a typed entry from the labels found (vCard TYPE values, an Apple X-ABLabel, a CSV
 * label): fax wins over home/work (a home fax is a fax), an unknown label is kept as `custom`,
 * nothing at all gives the spec's default `home`.
 */
export function typeFromLabels(kind: TypedKind, labels: string[]): { type: string; customType?: string } {
  const words = labels.map((l) => labelOf(l).label).filter((l) => l !== '' && !NOISE.has(l.toLowerCase()));
  const known = words.map((w) => TYPE_WORDS[kind][w.toLowerCase()]).filter((t): t is string => !!t);
  if (known.includes('fax')) return { type: 'fax' };
  if (known.includes('mobile')) return { type: 'mobile' };
  if (known.length) return { type: known[0] };
  const custom = words.find((w) => !TYPE_WORDS[kind][w.toLowerCase()]);
  if (custom) return { type: 'custom', customType: clean(custom) };
  return { type: 'home' };
}

/** Keeps the first `max` entries, primary ones first; the number left out, for a warning. */
export function capped<T extends { primary?: boolean }>(entries: T[], max: number): { kept: T[]; dropped: number } {
  const ordered = [...entries.filter((e) => e.primary), ...entries.filter((e) => !e.primary)];
  return { kept: ordered.slice(0, max), dropped: Math.max(0, ordered.length - max) };
}
