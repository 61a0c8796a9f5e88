/** The French words of the accounting screens: the integrity verdict, role labels, years offered. */
import { expect } from 'chai';
import { ACCOUNT_ROLES } from '@comptoir/schemas';
import { ROLE_LABELS, accountRoleLabel, exportableYears, frenchDay, integrityMessage } from '../src/accounting/accountingText.ts';

describe('facturation (écrans) : comptabilité', () => {
  it('dit le verdict de l’intégrité en français', () => {
    expect(integrityMessage({ valid: true, checked: 1234, firstBroken: null })).to.equal('1 234 documents vérifiés, chaîne intacte');
    expect(integrityMessage({ valid: true, checked: 1, firstBroken: null })).to.equal('1 document vérifié, chaîne intacte');
    expect(integrityMessage({ valid: false, checked: 12, firstBroken: { kind: 'invoice', _id: 'x', number: 'F-0000012' } })).to.equal('Chaîne rompue à la facture F-0000012');
    expect(integrityMessage({ valid: false, checked: 12, firstBroken: { kind: 'payment', _id: 'x', number: '7' } })).to.equal('Chaîne rompue au paiement 7');
  });

  it('nomme les rôles du plan comptable, taux de TVA compris', () => {
    expect(accountRoleLabel({ role: 'vatCollected', vatRate: 5.5 }, true)).to.equal('TVA collectée à 5,5 %');
    expect(accountRoleLabel({ role: 'vatCollected' }, true)).to.equal('TVA collectée (autres taux)');
    expect(accountRoleLabel({ role: 'customer' }, false)).to.equal('Clients');
    expect(accountRoleLabel({ role: 'purchasesSupplies' }, false)).to.equal('Achats de matières et fournitures');
    // every role of the chart, those purchases added included, has its French words
    for (const role of ACCOUNT_ROLES) expect(ROLE_LABELS[role], role).to.be.a('string').and.not.equal(role);
  });

  it('propose l’exercice suivant, l’actuel et six précédents ; écrit les jours à la française', () => {
    expect(exportableYears(new Date('2026-05-04T10:00:00Z'))).to.deep.equal([2027, 2026, 2025, 2024, 2023, 2022, 2021, 2020]);
    expect(frenchDay('2025-07-01')).to.equal('01/07/2025');
  });
});
