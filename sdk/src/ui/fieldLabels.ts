/**
 * Messages a shop owner understands (issue 12, item 7). The API names a field by its path
 * (`items.0.labelPrimary`, `address.zipCode`) with ajv's French words (« doit correspondre au
 * format "email" »): right for a program, not for a person. Here a path becomes the label the
 * screen shows (« Ligne 1 — Désignation »), and a message the words of a form (« n’est pas une
 * adresse e-mail valide »).
 *
 * The kit knows the fields every plugin shares (names, addresses, amounts, lines of a document);
 * a plugin adds its own with `registerFieldLabels` (once, when its module loads) or passes labels
 * for one form. Patterns use `*` for a position in a list: `items.*.labelPrimary`. A path nobody
 * labelled shows its last word, never the whole path. Plain functions, no DOM (sdk/test/ui-field-labels).
 */

export type FieldLabels = Readonly<Record<string, string>>;

/** The label of one element of a list, followed by its position: « Ligne 1 », « Adresse 2 ». */
const LIST_ITEMS: Record<string, string> = {
  items: 'Ligne',
  lines: 'Ligne',
  addresses: 'Adresse',
  emails: 'E-mail',
  phoneNumbers: 'Téléphone',
  tels: 'Téléphone',
  events: 'Date',
  customers: 'Client',
  providers: 'Fournisseur',
  payments: 'Paiement',
  rules: 'Règle',
  selectOptions: 'Option',
  regularHours: 'Horaire',
  specialHours: 'Horaire exceptionnel',
  openTimes: 'Plage horaire',
  fiscalYears: 'Exercice',
  bankTransferLabels: 'Libellé de virement',
  vatDetails: 'Taux de TVA',
};

/** Fields shared by the shell and the plugins, by their last word (or a longer path). */
const COMMON: Record<string, string> = {
  // people and companies
  name: 'Nom',
  firstname: 'Prénom',
  secondFirstname: 'Deuxième prénom',
  civ: 'Civilité',
  prefix: 'Civilité',
  suffix: 'Suffixe',
  nickname: 'Surnom',
  alias: 'Alias',
  phonetics: 'Prononciation',
  gender: 'Genre',
  company: 'Société',
  brandName: 'Nom commercial',
  job: 'Fonction',
  service: 'Service',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  website: 'Site web',
  telHome: 'Téléphone fixe',
  telMobile: 'Téléphone mobile',
  telFax: 'Fax',
  telBusiness: 'Téléphone',
  vatNumber: 'N° de TVA',
  siren: 'SIREN',
  siret: 'SIRET',
  naf: 'Code NAF',
  rm: 'Répertoire des métiers',
  rcs: 'RCS',
  iban: 'IBAN',
  bic: 'BIC',
  electronicAddress: 'Adresse électronique de facturation',
  professional: 'Client professionnel',
  paymentTermsDays: 'Délai de paiement',
  vatOnDebits: 'TVA sur les débits',
  capital: 'Capital',
  notes: 'Notes',
  description: 'Description',
  comment: 'Commentaire',
  origin: 'Origine',
  type: 'Type',
  value: 'Valeur',
  date: 'Date',
  startDate: 'Date de début',
  endDate: 'Date de fin',
  // addresses
  address: 'Adresse',
  address2: 'Complément d’adresse',
  zipCode: 'Code postal',
  city: 'Ville',
  country: 'Pays',
  'addresses.*.name': 'Nom de l’adresse',
  // documents and their lines
  labelPrimary: 'Désignation',
  labelSecondary: 'Description',
  reference: 'Référence',
  quantity: 'Quantité',
  exclTaxesPrice: 'Prix unitaire HT',
  inclTaxesPrice: 'Prix unitaire TTC',
  vat: 'TVA',
  amount: 'Montant',
  mode: 'Mode de paiement',
  freeData: 'Mentions libres',
  headerTitle: 'Titre',
  headerMessage: 'Message',
  creditReason: 'Motif de l’avoir',
  expirationDate: 'Date de validité',
  number: 'Numéro',
  numberFull: 'Numéro',
  receiverCustomer: 'Client',
  'fk.receiverCustomer': 'Client',
  // catalogue
  keywords: 'Mots-clés',
  shortDescription: 'Description courte',
  longDescription: 'Description longue',
  // settings
  subjectToVAT: 'Assujettie à la TVA',
  vatCalculationMethod: 'Méthode de calcul de la TVA',
  invoiceFreeData: 'Mentions des factures',
  receiptFreeData: 'Mentions des reçus',
  correctiveInvoiceCustomMessage: 'Message des factures correctives',
  permissions: 'Permissions',
  roles: 'Rôles',
  'fk.roles': 'Rôles',
  'fk.parent': 'Groupe parent',
  color: 'Couleur',
  variable: 'Nom technique',
  host: 'Serveur',
  port: 'Port',
  user: 'Utilisateur',
  from: 'Expéditeur',
};

let registered: Record<string, string> = {};

/** Adds (or replaces) labels for every form of the page: a plugin calls it when its module loads. */
export function registerFieldLabels(labels: FieldLabels): void {
  registered = { ...registered, ...labels };
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

function lookup(key: string, labels: FieldLabels): string | undefined {
  return labels[key] ?? registered[key] ?? COMMON[key];
}

/**
 * `items.0.labelPrimary` -> « Ligne 1 — Désignation »; `address.zipCode` -> « Adresse — Code
 * postal »; `email` -> « Adresse e-mail ». `labels` (one form's) come before the registered ones,
 * which come before the kit's; each is tried for the whole pattern (`items.*.labelPrimary`), then
 * for the last word. A list's element is named by `<list>[]` (`rules[]: 'Règle'`) and its position.
 */
export function fieldLabel(path: string, labels: FieldLabels = {}): string {
  const segments = path.split('.').filter(Boolean);
  const parts: string[] = [];
  const pattern: string[] = [];
  segments.forEach((segment, i) => {
    if (isIndex(segment)) {
      const list = pattern.join('.');
      const name = lookup(`${list}[]`, labels) ?? LIST_ITEMS[segments[i - 1] ?? ''] ?? 'Élément';
      parts.push(`${name} ${Number(segment) + 1}`);
      pattern.push('*');
      return;
    }
    pattern.push(segment);
    if (i === segments.length - 1) {
      const label = lookup(pattern.join('.'), labels) ?? lookup(segment, labels) ?? segment;
      // `address.address` is « Adresse », not « Adresse — Adresse »
      if (parts[parts.length - 1] !== label) parts.push(label);
    } else if (!isIndex(segments[i + 1])) {
      // an object on the way (`address` of `address.city`): named when it has a label
      const group = lookup(pattern.join('.'), labels) ?? lookup(segment, labels);
      if (group) parts.push(group);
    }
  });
  return parts.join(' — ');
}

/** `fieldLabel` when every word of the path has a label, else null (a technical field, an id). */
export function knownFieldLabel(path: string, labels: FieldLabels = {}): string | null {
  const segments = path.split('.').filter(Boolean);
  const last = segments[segments.length - 1];
  if (!last || isIndex(last)) return segments.length ? fieldLabel(path, labels) : null;
  const pattern = segments.map((x) => (isIndex(x) ? '*' : x)).join('.');
  return lookup(pattern, labels) ?? lookup(last, labels) ? fieldLabel(path, labels) : null;
}

/** ajv's French (as the API sends it) in the words of a form. Unknown messages pass unchanged. */
export function friendlyMessage(message: string): string {
  const m = message.trim();
  const format = /^doit correspondre au format "([^"]+)"$/.exec(m);
  if (format) {
    const kind = format[1];
    if (kind === 'email') return 'n’est pas une adresse e-mail valide';
    if (kind === 'date' || kind === 'date-time') return 'n’est pas une date valide';
    if (kind === 'time') return 'n’est pas une heure valide';
    if (kind === 'uri' || kind === 'url') return 'n’est pas une adresse web valide';
    return 'n’a pas le format attendu';
  }
  const compare = /^doit être (>=|<=|>|<) (-?[\d.]+)$/.exec(m);
  if (compare) {
    const n = compare[2].replace('.', ',');
    return { '>=': `doit être supérieur ou égal à ${n}`, '<=': `doit être inférieur ou égal à ${n}`, '>': `doit être supérieur à ${n}`, '<': `doit être inférieur à ${n}` }[compare[1]]!;
  }
  if (/^doit être de type /.test(m)) return 'valeur invalide';
  if (m === 'doit être égal à une des valeurs prédéfinies') return 'choix invalide';
  if (/^identifiant invalide/.test(m)) return 'élément introuvable';
  if (m === 'champ obligatoire' || /^requiert la propriété /.test(m)) return 'à renseigner';
  if (m === 'ne doit pas faire moins de 1 caractère') return 'à renseigner';
  if (m === 'champ inconnu') return 'champ non reconnu';
  return m;
}

/** One `details` entry of the API's error body that names a field. */
export interface FieldError {
  field: string;
  message: string;
}

/** The server's openings that say nothing to a person (server/src/db/validation.ts, http/router.ts). */
const GENERIC_WHAT = new Set(['Requête invalide', 'Données invalides', 'Paramètres invalides']);

/**
 * The message of a refused write, in words: « Facture invalide — Ligne 1 — Désignation : ne doit
 * pas dépasser 255 caractères. » Only when the server's message names the fields of `details`
 * (« … — « items.0.labelPrimary » : … », a validation error): any other message is its own, kept.
 */
export function describeFieldErrors(message: string, details: readonly FieldError[], labels: FieldLabels = {}): string {
  const named = details.filter((d) => d.field && d.field !== '(corps)');
  // the server's summary names the first three fields and counts the others
  if (named.length === 0 || !named.slice(0, 3).every((d) => message.includes(`« ${d.field} »`))) return message;
  const cut = message.indexOf(' — ');
  const said = cut > 0 ? message.slice(0, cut) : '';
  // « Requête invalide » speaks of HTTP; « Facture invalide » says what, and stays
  const what = !said || GENERIC_WHAT.has(said) ? 'À corriger' : said;
  const shown = named.slice(0, 3).map((d) => `${fieldLabel(d.field, labels)} : ${friendlyMessage(d.message)}`);
  const more = named.length - shown.length;
  return `${what} — ${shown.join(' ; ')}${more > 0 ? ` (et ${more} autre${more > 1 ? 's' : ''})` : ''}.`;
}
