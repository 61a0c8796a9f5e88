/**
 * The CSV column names the import knows: Google Contacts (current « Label/Value » blocks and the
 * legacy « Type/Value » ones, testdata GOOGLE_CONTACTS_CSV.md), Outlook's fixed columns in English,
 * and the obvious French equivalents. Names are compared lower-case with blanks collapsed.
 */
import type { RawContact } from './assemble.ts';

export const normalizeHeader = (h: string): string => h.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/\s+/g, ' ');

type Single = Exclude<keyof RawContact, 'emails' | 'phones' | 'addresses' | 'websites'>;

/** One column, one field of the import shape. */
export const SINGLE_COLUMNS: Record<string, Single> = {
  'name': 'fullName', 'full name': 'fullName', 'display name': 'fullName', 'nom complet': 'fullName',
  'first name': 'firstName', 'given name': 'firstName', 'prénom': 'firstName',
  'middle name': 'middleName', 'additional name': 'middleName', 'deuxième prénom': 'middleName',
  'last name': 'lastName', 'family name': 'lastName', 'nom': 'lastName', 'nom de famille': 'lastName',
  // Outlook's « Title » is the courtesy title (M., Mme), its job title is « Job Title »
  'name prefix': 'prefix', 'title': 'prefix', 'civilité': 'prefix', 'titre': 'prefix',
  'name suffix': 'suffix', 'suffix': 'suffix', 'suffixe': 'suffix',
  'nickname': 'nickname', 'surnom': 'nickname',
  'birthday': 'birthday', 'anniversaire': 'birthday', 'date de naissance': 'birthday',
  'gender': 'gender', 'sexe': 'gender',
  'notes': 'notes', 'note': 'notes',
  'photo': 'photo',
  'organization name': 'organizationName', 'organization 1 - name': 'organizationName',
  'company': 'organizationName', 'société': 'organizationName', 'entreprise': 'organizationName',
  'organization title': 'organizationTitle', 'organization 1 - title': 'organizationTitle',
  'job title': 'organizationTitle', 'fonction': 'organizationTitle',
  'organization department': 'organizationDepartment', 'organization 1 - department': 'organizationDepartment',
  'department': 'organizationDepartment', 'service': 'organizationDepartment',
};

/** Google's numbered blocks: `E-mail 2 - Value`, `Phone 1 - Label`, `Address 1 - Postal Code`. */
export const BLOCK_RE = /^(e-mail|email|phone|address|website) (\d+) - (.+)$/;

export type BlockKind = 'email' | 'phone' | 'address' | 'website';
export const blockKind = (word: string): BlockKind => (word === 'e-mail' ? 'email' : word as BlockKind);

/** Parts of an address block, as the import shape names them. */
export const ADDRESS_PARTS: Record<string, 'street' | 'city' | 'pobox' | 'region' | 'postalCode' | 'country' | 'extended' | 'formatted'> = {
  'street': 'street', 'city': 'city', 'po box': 'pobox', 'region': 'region', 'postal code': 'postalCode',
  'country': 'country', 'extended address': 'extended', 'formatted': 'formatted',
};

/** Outlook's e-mail columns (no type: the spec's default, home). */
export const EMAIL_COLUMNS = new Set([
  'e-mail address', 'e-mail 2 address', 'e-mail 3 address', 'email address', 'email', 'e-mail',
  'adresse de messagerie', 'adresse de messagerie 2', 'adresse de messagerie 3', 'adresse e-mail', 'courriel',
]);

/** Outlook's phone columns and the type each one means. */
export const PHONE_COLUMNS: Record<string, string> = {
  'mobile phone': 'mobile', 'home phone': 'home', 'home phone 2': 'home', 'business phone': 'work',
  'business phone 2': 'work', 'business fax': 'fax', 'home fax': 'fax', 'other fax': 'fax', 'pager': 'pager',
  'primary phone': 'main', 'company main phone': 'main', 'other phone': 'other', 'car phone': 'other',
  "assistant's phone": 'other', 'phone': 'home', 'téléphone': 'home',
  'téléphone mobile': 'mobile', 'téléphone (domicile)': 'home', 'téléphone domicile': 'home',
  'téléphone (bureau)': 'work', 'téléphone bureau': 'work', 'télécopie (bureau)': 'fax', 'télécopie bureau': 'fax',
};

/** Outlook's address columns: `Business Street`, `Home City`, `Rue (bureau)`… -> (type, part). */
export function outlookAddressColumn(h: string): { type: string; part: 'street' | 'city' | 'pobox' | 'region' | 'postalCode' | 'country' } | null {
  const en = /^(business|home|other) (street|street 2|street 3|city|state|postal code|country\/region|country|po box)$/.exec(h);
  const fr = /^(rue|rue 2|rue 3|ville|dép\/région|code postal|pays\/région|bp) \((bureau|domicile|autre)\)$/.exec(h);
  const part = (w: string) => {
    if (/^(street|rue)/.test(w)) return 'street' as const;
    if (w === 'city' || w === 'ville') return 'city' as const;
    if (w === 'state' || w === 'dép/région') return 'region' as const;
    if (w === 'postal code' || w === 'code postal') return 'postalCode' as const;
    if (w === 'po box' || w === 'bp') return 'pobox' as const;
    return 'country' as const;
  };
  if (en) return { type: en[1] === 'business' ? 'work' : en[1], part: part(en[2]) };
  if (fr) return { type: { bureau: 'work', domicile: 'home', autre: 'other' }[fr[2]]!, part: part(fr[1]) };
  return null;
}

export const WEBSITE_COLUMNS = new Set(['web page', 'personal web page', 'website', 'site web', 'page web']);
