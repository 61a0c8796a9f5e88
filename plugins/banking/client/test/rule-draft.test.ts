/** The rule editor's form → the API's body, and the category choices (client/src/rules, client/src/common). */
import { expect } from 'chai';
import { amountOf, emptyRule, ruleBody } from '../src/rules/ruleDraft.ts';
import { categoryChoices, choiceOf, pairOf } from '../src/common/categoryOptions.ts';

const CAT = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const SUB = 'bbbbbbbbbbbbbbbbbbbbbbbb';

describe('banking (screens): rule editor and categories', () => {
  it('reads French amounts, refuses what is not one', () => {
    expect(amountOf('-12,50')).to.equal(-12.5);
    expect(amountOf(' 1 200.5 ')).to.equal(1200.5);
    expect(amountOf('')).to.equal(undefined);
    expect(amountOf('douze')).to.equal(undefined);
  });

  it('sends only what the form says: label, amount (between with both bounds), category pair, actions', () => {
    expect(ruleBody({ ...emptyRule(), name: 'EDF', labelValue: 'edf', newLabel: 'Électricité' })).to.deep.equal({
      name: 'EDF', detection: { label: { mode: 'contains', value: 'edf' } }, actions: { label: 'Électricité' },
    });
    expect(ruleBody({ ...emptyRule(), name: 'x', labelMode: 'regex', labelValue: '^CB (\\w+)', caseSensitive: true, amountMode: 'between', amountValue: '-100', amountMax: '-10,5', category: `${CAT}/${SUB}`, accounts: [CAT] })).to.deep.equal({
      name: 'x',
      detection: { label: { mode: 'regex', value: '^CB (\\w+)', caseSensitive: true }, amount: { mode: 'between', min: -100, max: -10.5 }, accounts: [CAT] },
      actions: { category: CAT, subCategory: SUB },
    });
  });

  it('offers « Catégorie › Sous-catégorie » choices, sorted, and splits a choice back into its pair', () => {
    const choices = categoryChoices([
      { _id: CAT, name: 'Charges' }, { _id: SUB, name: 'Électricité', parent: CAT }, { _id: 'c'.repeat(24), name: 'Assurances', parent: CAT },
      { _id: 'd'.repeat(24), name: 'Orpheline', parent: 'e'.repeat(24) },
    ]);
    expect(choices.map((c) => c.label)).to.deep.equal(['Charges › Assurances', 'Charges › Électricité']);
    expect(pairOf(choices[1].value)).to.deep.equal({ category: CAT, subCategory: SUB });
    expect(pairOf(null)).to.deep.equal({ category: null, subCategory: null });
    expect(choiceOf({ category: CAT, subCategory: SUB })).to.equal(`${CAT}/${SUB}`);
    expect(choiceOf({ category: CAT })).to.equal(null);
  });
});
