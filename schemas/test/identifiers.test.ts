/**
 * The check keys of identifiers (schemas README « Identifiers »), on real public numbers: SIREN
 * 552 100 554, 542 051 180, 732 829 320, La Poste's 356 000 000 and its establishments, the
 * Ville de Lyon (216 901 231); VAT numbers and IBANs of the examples their registries publish.
 */
import { expect } from 'chai';
import {
  agreementProblems, bicProblem, electronicAddressProblem, frenchVatKey, ibanProblem, identifierFields, identifierProblem,
  luhnValid, normalizeIdentifier, rcsProblem, sirenProblem, siretProblem, typedIdentifierProblem, vatNumberProblem,
  Company,
} from '../src/index.ts';

describe('schemas : identifiants (clés de contrôle)', () => {
  it('calcule la clé de Luhn', () => {
    expect(luhnValid('79927398713')).to.equal(true);
    expect(luhnValid('79927398710')).to.equal(false);
  });

  it('accepte les SIREN dont la clé est juste et refuse les autres, en disant pourquoi', () => {
    for (const siren of ['552100554', '542051180', '732829320', '356000000', '216901231', '303265045']) {
      expect(sirenProblem(siren), siren).to.equal(null);
    }
    expect(sirenProblem('552100555')).to.equal('Le SIREN n’est pas valide : sa clé de contrôle ne correspond pas.');
    // the demo company's SIREN of before (issue 13)
    expect(sirenProblem('123456789')).to.match(/clé de contrôle/);
    expect(sirenProblem('55210055')).to.equal('Le SIREN n’est pas valide : il compte 9 chiffres.');
    expect(sirenProblem('55210055A')).to.match(/9 chiffres/);
  });

  it('accepte les SIRET (Luhn), ceux de La Poste par la somme de leurs chiffres, et refuse les autres', () => {
    expect(siretProblem('55210055400013')).to.equal(null);
    expect(siretProblem('21690123100011')).to.equal(null);
    expect(siretProblem('55210055400014')).to.equal('Le SIRET n’est pas valide : sa clé de contrôle ne correspond pas.');
    // La Poste: 3+5+6+4+9+8+3+7 = 45, a multiple of 5, though its Luhn sum is not
    expect(luhnValid('35600000049837')).to.equal(false);
    expect(siretProblem('35600000049837')).to.equal(null);
    expect(siretProblem('35600000049838')).to.match(/clé de contrôle/);
    // the same digit sum rule does not save another company's SIRET
    expect(luhnValid('55210055400050')).to.equal(false);
    expect(siretProblem('55210055400050')).to.match(/clé de contrôle/);
    expect(siretProblem('5521005540001')).to.match(/14 chiffres/);
  });

  it('vérifie la clé des numéros de TVA français, et le format de ceux des autres pays', () => {
    expect(frenchVatKey('303265045')).to.equal('40');
    expect(frenchVatKey('552100554')).to.equal('96');
    expect(frenchVatKey('542051180')).to.equal('59');
    expect(vatNumberProblem('FR40303265045')).to.equal(null);
    expect(vatNumberProblem('FR96552100554')).to.equal(null);
    expect(vatNumberProblem('FR41303265045')).to.equal('Le numéro de TVA n’est pas valide : sa clé ne correspond pas au SIREN 303 265 045 (clé attendue : 40).');
    expect(vatNumberProblem('FR32123456789')).to.match(/ne sont pas un SIREN valide \(123 456 789\)/);
    expect(vatNumberProblem('FR4030326504')).to.match(/FR, une clé de 2 caractères puis les 9 chiffres du SIREN/);
    // an alphanumeric key is checked by its shape (its computation is not public)
    expect(vatNumberProblem('FRK7399859412')).to.equal(null);
    expect(vatNumberProblem('FRO7399859412')).to.match(/FR, une clé/);
    for (const other of ['DE136695976', 'BE0403019261', 'ATU13585627', 'IT00743110157', 'NL004495445B01', 'EL094259216', 'GB980780684', 'XI980780684', 'CHE116281710MWST']) {
      expect(vatNumberProblem(other), other).to.equal(null);
    }
    expect(vatNumberProblem('DE12')).to.equal('Le numéro de TVA n’est pas valide : ce n’est pas le format des numéros de TVA « DE ».');
    expect(vatNumberProblem('US123456789')).to.match(/il commence par le code du pays/);
    expect(vatNumberProblem('123456789')).to.match(/il commence par le code du pays/);
  });

  it('vérifie les IBAN (ISO 13616, mod 97, longueur du pays, clé RIB) et les BIC (ISO 9362)', () => {
    for (const iban of ['FR7630006000011234567890189', 'FR7620041010050500013402606', 'DE89370400440532013000', 'BE68539007547034']) {
      expect(ibanProblem(iban), iban).to.equal(null);
    }
    expect(ibanProblem('FR7730006000011234567890189')).to.equal('L’IBAN n’est pas valide : sa clé de contrôle ne correspond pas.');
    expect(ibanProblem('FR76300060000112345678901')).to.equal('L’IBAN n’est pas valide : un IBAN FR compte 27 caractères.');
    expect(ibanProblem('FR7630006000011234567890188')).to.equal('L’IBAN n’est pas valide : la clé RIB du compte ne correspond pas.');
    expect(ibanProblem('ZZ7630006000011234567890189')).to.match(/code du pays/);
    expect(bicProblem('BNPAFRPPXXX')).to.equal(null);
    expect(bicProblem('AGRIFRPP')).to.equal(null);
    expect(bicProblem('BNPAFRP')).to.match(/8 ou 11 caractères/);
    expect(bicProblem('BNPA12PP')).to.match(/8 ou 11 caractères/);
  });

  it('vérifie l’adresse électronique de l’annuaire (SIREN, puis « _ » et un suffixe) et l’inscription au RCS', () => {
    expect(electronicAddressProblem('552100554')).to.equal(null);
    expect(electronicAddressProblem('552100554_55210055400013')).to.equal(null);
    expect(electronicAddressProblem('552100554_SERVICE-ACHATS.2')).to.equal(null);
    expect(electronicAddressProblem('552100555')).to.match(/clé de contrôle/);
    expect(electronicAddressProblem('factures@exemple.fr')).to.match(/le SIREN \(9 chiffres\)/);
    expect(electronicAddressProblem(`552100554_${'x'.repeat(120)}`)).to.match(/125 caractères au plus/);
    expect(rcsProblem('Lyon B 552 100 554')).to.equal(null);
    expect(rcsProblem('Aix-en-Provence 552 100 554')).to.equal(null);
    expect(rcsProblem('Lyon B 552 100 555')).to.match(/clé de contrôle/);
    expect(rcsProblem('Lyon')).to.match(/la ville du greffe puis le SIREN/);
  });

  it('normalise ce que l’on tape : espaces, points et tirets retirés, capitales ; le RCS mis en forme', () => {
    expect(normalizeIdentifier('siren', ' 552 100 554 ')).to.equal('552100554');
    expect(normalizeIdentifier('siret', '552.100.554-00013')).to.equal('55210055400013');
    expect(normalizeIdentifier('vatNumber', 'fr 40 303 265 045')).to.equal('FR40303265045');
    expect(normalizeIdentifier('iban', 'fr76 3000 6000 0112 3456 7890 189')).to.equal('FR7630006000011234567890189');
    expect(normalizeIdentifier('bic', 'bnpa fr pp xxx')).to.equal('BNPAFRPPXXX');
    expect(normalizeIdentifier('electronicAddress', ' 552100554_Achats ')).to.equal('552100554_Achats');
    expect(normalizeIdentifier('rcs', 'RCS  lyon b 552100554')).to.equal('Lyon B 552 100 554');
    expect(normalizeIdentifier('rcs', 'R.C.S. Bastia 552100554')).to.equal('Bastia 552 100 554');
    expect(typedIdentifierProblem('vatNumber', 'de 136 695 976')).to.equal(null);
    expect(identifierProblem('siren', '')).to.equal(null);
  });

  it('exige que SIRET, TVA française, RCS et adresse électronique portent le SIREN', () => {
    expect(agreementProblems({
      siren: '552100554', siret: '55210055400013', vatNumber: 'FR96552100554', rcs: 'Paris B 552 100 554', electronicAddress: '552100554_X',
    })).to.deep.equal([]);
    expect(agreementProblems({
      siren: '552100554', siret: '30326504500011', vatNumber: 'FR40303265045', rcs: 'Lyon 303 265 045', electronicAddress: '303265045',
    }).map((p) => p.message)).to.deep.equal([
      'Le SIRET ne commence pas par le SIREN (552 100 554).',
      'Le numéro de TVA ne correspond pas au SIREN (552 100 554).',
      'Le RCS ne cite pas le SIREN (552 100 554).',
      'L’adresse électronique ne commence pas par le SIREN (552 100 554).',
    ]);
    // another country's VAT number, no SIREN, or a SIREN that is itself wrong: nothing to compare
    expect(agreementProblems({ siren: '552100554', vatNumber: 'DE136695976' })).to.deep.equal([]);
    expect(agreementProblems({ siret: '30326504500011' })).to.deep.equal([]);
    expect(agreementProblems({ siren: '552100555', siret: '30326504500011' })).to.deep.equal([]);
  });

  it('marque les identifiants de l’entreprise dans son schéma', () => {
    expect(identifierFields(Company)).to.deep.equal([
      ['siret', 'siret'], ['siren', 'siren'], ['vatNumber', 'vatNumber'], ['rcs', 'rcs'], ['iban', 'iban'], ['bic', 'bic'],
    ]);
  });
});
