/** « Intégrité » : le verdict de chaque chaîne de l’entreprise (GET /api/kernel/integrity), en français. */
import { expect } from 'chai';
import type { IntegrityChainView } from '@comptoir/sdk';
import { chainMessage, overallMessage } from '../src/accounting/integrityText.ts';

const chain = (id: string, label: string, extra: Partial<IntegrityChainView> = {}): IntegrityChainView =>
  ({ id, plugin: id.split('.')[0], label, valid: true, checked: 2, firstBroken: null, ...extra });

describe('facturation (écrans) : intégrité de toutes les chaînes', () => {
  it('dit « toutes intactes » avec le total, ou nomme les chaînes rompues par leur libellé', () => {
    const whole = [chain('invoicing.invoices', 'Factures et avoirs', { checked: 1232 }), chain('purchases.payments', 'Paiements fournisseurs')];
    expect(overallMessage({ valid: true, checked: 1234, chains: whole })).to.equal('1 234 documents vérifiés, toutes les chaînes sont intactes');
    const broken = { kind: 'purchase-payment', _id: 'x', number: 'PA-0000002', reason: 'altered' as const, message: '…' };
    const one = [whole[0], { ...whole[1], valid: false, firstBroken: broken }];
    expect(overallMessage({ valid: false, checked: 1234, chains: one })).to.equal('Chaîne rompue : « Paiements fournisseurs »');
    const two = [{ ...whole[0], valid: false, error: 'Panne' }, one[1]];
    expect(overallMessage({ valid: false, checked: 2, chains: two })).to.equal('2 chaînes rompues sur 2 : « Factures et avoirs », « Paiements fournisseurs »');
  });

  it('donne le verdict d’une chaîne : intacte, rompue au document nommé, ou non vérifiée', () => {
    expect(chainMessage(chain('a.b', 'x', { checked: 1 }))).to.equal('1 document vérifié, chaîne intacte');
    expect(chainMessage(chain('a.b', 'x', { valid: false, firstBroken: { kind: 'purchase-payment', _id: 'x', number: 'PA-2', reason: 'altered', message: '' } })))
      .to.equal('Chaîne rompue au paiement fournisseur PA-2');
    expect(chainMessage(chain('a.b', 'x', { valid: false, firstBroken: { kind: 'invoice', _id: 'x', number: 'F-1', reason: 'moved', message: '' } })))
      .to.equal('Chaîne rompue à la facture F-1');
    expect(chainMessage(chain('a.b', 'x', { valid: false, firstBroken: { kind: 'einvoice-pdf', _id: 'x', number: 'F-2', reason: 'file-altered', message: '' } })))
      .to.equal('Chaîne rompue au PDF de la facture F-2');
    expect(chainMessage(chain('a.b', 'x', { valid: false, error: 'La vérification a échoué.' }))).to.equal('La vérification a échoué.');
  });
});
