/** The body the editors send: lines as typed, the customer reference, the day kept or set at noon. */
import { expect } from 'chai';
import { documentBody, draftProblem, lineErrorsOf, newDraft } from '../src/common/documentDraft.ts';
import { withExcl } from '@comptoir/sdk/ui';

describe('invoicing client: document drafts', () => {
  it('needs a customer and a line before saving', () => {
    const draft = newDraft();
    expect(draftProblem(draft)).to.equal('Choisissez un client.');
    expect(draftProblem({ ...draft, customerId: 'c'.repeat(24) })).to.equal('Ajoutez au moins une ligne.');
    expect(draftProblem({ ...draft, customerId: 'c'.repeat(24), lines: [withExcl({ ...draft.lines[0], labelPrimary: 'Pain' }, 2)] })).to.equal(null);
  });

  it('leaves out empty lines and, on a new document, empty texts (the company’s free text applies)', () => {
    const draft = { ...newDraft(), customerId: 'c'.repeat(24), date: '2026-11-22' };
    const body = documentBody(draft);
    expect(body).to.deep.equal({ date: '2026-11-22T12:00:00.000Z', items: [], fk: { receiverCustomer: 'c'.repeat(24) } });
    // an existing document: texts are sent even when emptied, an unchanged day keeps the stored instant
    const again = documentBody({ ...draft, freeData: '' }, { date: '2026-11-22T08:15:00.000Z' });
    expect(again).to.include({ date: '2026-11-22T08:15:00.000Z', freeData: '', comment: '' });
  });

  it('puts the server’s `items.<i>` errors on the filled line they are about (issue 12)', () => {
    const filled = [{ uuid: 'a' }, { uuid: 'c' }];
    const errors = { 'items.1.labelPrimary': 'ne doit pas dépasser 255 caractères', 'items.0.quantity': 'valeur invalide', 'fk.receiverCustomer': 'élément introuvable', 'items.5.vat': 'x' };
    expect(lineErrorsOf(errors, filled)).to.deep.equal({ c: { labelPrimary: 'ne doit pas dépasser 255 caractères' }, a: { quantity: 'valeur invalide' } });
  });
});
