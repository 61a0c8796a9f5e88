/**
 * The words of the UI kit (issue 12, item 7), without a browser: field paths named by their labels,
 * ajv's messages in the words of a form, French counts that agree in gender and number, amounts
 * padded to two decimals, history entries named by what they are, the document title of a sub-page.
 */
import { expect } from 'chai';
import { describeFieldErrors, fieldLabel, friendlyMessage, knownFieldLabel, registerFieldLabels } from '../src/ui/fieldLabels.ts';
import { countOf, noneOf, rangeOf } from '../src/ui/nouns.ts';
import { padMoney } from '../src/ui/moneyText.ts';
import { activityKind, activityText, patchPaths } from '../src/ui/activity.ts';
import { documentTitle } from '../src/react/title.ts';

const n = (s: string) => s.replace(/_/g, '\u202f');

describe('UI kit: field labels instead of paths', () => {
  it('names a line of a document by its position and the label the editor shows', () => {
    expect(fieldLabel('items.0.labelPrimary')).to.equal('Ligne 1 — Désignation');
    expect(fieldLabel('items.11.quantity')).to.equal('Ligne 12 — Quantité');
    expect(fieldLabel('items.2')).to.equal('Ligne 3');
  });

  it('names nested objects, the fk links and plain fields', () => {
    expect(fieldLabel('address.zipCode')).to.equal('Adresse — Code postal');
    expect(fieldLabel('address.address')).to.equal('Adresse');
    expect(fieldLabel('addresses.1.city')).to.equal('Adresse 2 — Ville');
    expect(fieldLabel('email')).to.equal('Adresse e-mail');
    expect(fieldLabel('fk.receiverCustomer')).to.equal('Client');
  });

  it('shows the last word of a path nobody labelled, never the whole path', () => {
    expect(fieldLabel('settings.somethingNew')).to.equal('somethingNew');
    expect(fieldLabel('widgets.0.zork')).to.equal('Élément 1 — zork');
  });

  it('takes a form’s labels first, then a plugin’s registered ones, then the kit’s', () => {
    registerFieldLabels({ 'rules[]': 'Règle de test', 'rules.*.hour': 'Heure', 'labelPrimary': 'Libellé enregistré' });
    try {
      expect(fieldLabel('rules.0.hour')).to.equal('Règle de test 1 — Heure');
      expect(fieldLabel('items.0.labelPrimary')).to.equal('Ligne 1 — Libellé enregistré');
      expect(fieldLabel('items.0.labelPrimary', { 'items.*.labelPrimary': 'Intitulé' })).to.equal('Ligne 1 — Intitulé');
    } finally {
      registerFieldLabels({ 'labelPrimary': 'Désignation' });
    }
  });

  it('knows which paths are fields a person typed (for a history) and which are technical', () => {
    expect(knownFieldLabel('items.0.labelPrimary')).to.equal('Ligne 1 — Désignation');
    expect(knownFieldLabel('hash')).to.equal(null);
    expect(knownFieldLabel('items.0.totalExclTaxes')).to.equal(null);
    expect(knownFieldLabel('metadata.lastModificationDate')).to.equal(null);
  });

  it('writes ajv’s messages as a form would', () => {
    expect(friendlyMessage('doit correspondre au format "email"')).to.equal('n’est pas une adresse e-mail valide');
    expect(friendlyMessage('doit être >= 0')).to.equal('doit être supérieur ou égal à 0');
    expect(friendlyMessage('doit être <= 99.5')).to.equal('doit être inférieur ou égal à 99,5');
    expect(friendlyMessage('champ obligatoire')).to.equal('à renseigner');
    expect(friendlyMessage('doit être de type number')).to.equal('valeur invalide');
    expect(friendlyMessage('ne doit pas dépasser 255 caractères')).to.equal('ne doit pas dépasser 255 caractères');
  });

  it('rewrites the server’s validation message with the labels (« Ligne 1 — Désignation : … »)', () => {
    // the message of server/src/db/validation.ts summary()
    const message = 'Facture invalide — « items.0.labelPrimary » : ne doit pas dépasser 255 caractères.';
    const details = [{ field: 'items.0.labelPrimary', message: 'ne doit pas dépasser 255 caractères' }];
    expect(describeFieldErrors(message, details)).to.equal('Facture invalide — Ligne 1 — Désignation : ne doit pas dépasser 255 caractères.');
    // the route's opening speaks of HTTP: the person reads what to correct
    expect(describeFieldErrors(message.replace('Facture invalide', 'Requête invalide'), details)).to.equal('À corriger — Ligne 1 — Désignation : ne doit pas dépasser 255 caractères.');
    const four = ['email', 'name', 'address.city', 'telMobile'].map((field) => ({ field, message: 'champ obligatoire' }));
    const summary = `Données invalides — ${four.slice(0, 3).map((d) => `« ${d.field} » : ${d.message}`).join(' ; ')} (et 1 autre(s)).`;
    // the server names 3 fields and counts the rest; all four are in details
    expect(describeFieldErrors(summary, four)).to.equal('À corriger — Adresse e-mail : à renseigner ; Nom : à renseigner ; Adresse — Ville : à renseigner (et 1 autre).');
  });

  it('keeps any other message as the server wrote it', () => {
    const conflict = 'Ce client figure sur des documents : archivez-le.';
    expect(describeFieldErrors(conflict, [{ field: 'références', message: 'cité par : Facture 0000012' }])).to.equal(conflict);
    expect(describeFieldErrors('Non trouvé', [])).to.equal('Non trouvé');
  });
});

describe('UI kit: French counts', () => {
  it('« Aucune facture », « Aucun client »', () => {
    expect(noneOf(['facture', 'factures', 'f'])).to.equal('Aucune facture');
    expect(noneOf(['client', 'clients'])).to.equal('Aucun client');
    expect(noneOf(['devis', 'devis', 'm'])).to.equal('Aucun devis');
  });

  it('singular for 0 and 1, plural from 2, French digit groups', () => {
    expect(countOf(0, ['facture', 'factures', 'f'])).to.equal('0 facture');
    expect(countOf(1, ['facture', 'factures', 'f'])).to.equal('1 facture');
    expect(countOf(1234, ['facture', 'factures', 'f'])).to.equal(n('1_234 factures'));
  });

  it('the range under a list', () => {
    expect(rangeOf(1, 20, 0, ['facture', 'factures', 'f'])).to.equal('Aucune facture');
    expect(rangeOf(2, 20, 57, ['facture', 'factures', 'f'])).to.equal('21–40 sur 57 factures');
    expect(rangeOf(1, 20, 1, ['achat', 'achats'])).to.equal('1–1 sur 1 achat');
  });
});

describe('UI kit: money inputs', () => {
  it('pads to two decimals what has fewer, keeps what has more', () => {
    expect(padMoney(58.8)).to.equal('58.80');
    expect(padMoney('58.8')).to.equal('58.80');
    expect(padMoney(3)).to.equal('3.00');
    expect(padMoney(-4.5)).to.equal('-4.50');
    expect(padMoney('1.2345')).to.equal('1.2345');
    expect(padMoney('')).to.equal('');
    expect(padMoney('-')).to.equal('-');
  });
});

describe('UI kit: history entries', () => {
  const patch = (...paths: string[]) => paths.map((path) => ({ op: 'replace', path, value: 1 }));

  it('a creation reads « Création », not « Modification »', () => {
    expect(activityKind({ type: 'jsonPatch', tags: ['création'] }).label).to.equal('Création');
    expect(activityKind({ type: 'jsonPatch', tags: ['modification'] }).label).to.equal('Modification');
    expect(activityKind({ type: 'jsonPatch', tags: ['suppression'] }).label).to.equal('Suppression');
    expect(activityKind({ type: 'emailSent' }).label).to.equal('E-mail envoyé');
    expect(activityKind({ type: 'info' }).label).to.equal('Note');
  });

  it('a modification names the fields it changed, technical ones left out', () => {
    const a = { type: 'jsonPatch', tags: ['modification'], data: patch('/items/0/labelPrimary', '/items/0/totalExclTaxes', '/date', '/hash', '/fk/receiverCustomer') };
    expect(activityText(a)).to.equal('Ligne 1 — Désignation, Date, Client');
    expect(activityText({ type: 'jsonPatch', tags: ['modification'], data: patch('/a', '/b') })).to.equal('');
    expect(activityText({ ...a, data: patch('/name', '/email', '/city', '/zipCode', '/country', '/notes') })).to.equal('Nom, Adresse e-mail, Ville, Code postal et 2 autres');
    expect(activityText({ type: 'jsonPatch', tags: ['création'], description: 'création : facture' })).to.equal('');
    expect(activityText({ type: 'emailSent', description: 'E-mail envoyé à a@b.example' })).to.equal('E-mail envoyé à a@b.example');
  });

  it('reads JSON Pointer paths', () => {
    expect(patchPaths(patch('/items/0/labelPrimary', '/a~1b'))).to.deep.equal(['items.0.labelPrimary', 'a/b']);
    expect(patchPaths(null)).to.deep.equal([]);
  });
});

describe('UI kit: document titles', () => {
  it('page — section — Comptoir, without repeating the section', () => {
    expect(documentTitle('Nouvelle facture', 'Factures')).to.equal('Nouvelle facture — Factures — Comptoir');
    expect(documentTitle('Factures', 'Factures')).to.equal('Factures — Comptoir');
    expect(documentTitle(undefined, 'Accueil')).to.equal('Accueil — Comptoir');
    expect(documentTitle(undefined, '')).to.equal('Comptoir');
  });
});
