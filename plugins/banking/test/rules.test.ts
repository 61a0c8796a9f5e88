/** The rules engine as plain functions (spec §4, §5, §8): every mode, substitution, bad regexes. */
import { expect } from 'chai';
import { amountMatches } from '../server/services/rules/amount-condition.ts';
import { labelMatch, substituteGroups } from '../server/services/rules/label-condition.ts';
import { applyRule, applyRules, type RuleLike, type RuleTarget } from '../server/services/rules/apply-rule.ts';
import { ruleProblems } from '../server/services/rules/rule-checks.ts';
import { regexProblem } from '../server/services/rules/safe-regex.ts';

const A1 = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const A2 = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const CAT = 'cccccccccccccccccccccccc';
const SUB = 'dddddddddddddddddddddddd';

const op = (over: Partial<RuleTarget> = {}): RuleTarget => ({
  amount: -42.5, label: 'Libellé', originalLabel: 'PRLV SEPA EDF ENTREPRISES REF 4455', location: null, transactionMode: 'unknown',
  fk: { account: A1, category: null, subCategory: null }, ...over,
});

describe('banking rules: amount modes (spec §5)', () => {
  const cases: [string, number | undefined, number, boolean][] = [
    ['eq', -42.5, -42.5, true], ['eq', -42.5, -42.51, false],
    ['neq', 10, 10, false], ['neq', 10, 10.01, true],
    ['lt', 0, -0.01, true], ['lt', 0, 0, false],
    ['gt', 100, 100.01, true], ['gt', 100, 100, false],
    ['lte', 0, 0, true], ['lte', 0, 0.01, false],
    ['gte', 50, 50, true], ['gte', 50, 49.99, false],
  ];
  for (const [mode, value, amount, expected] of cases) {
    it(`${mode} ${value} on ${amount} → ${expected}`, () => {
      expect(amountMatches({ mode: mode as never, value }, amount)).to.equal(expected);
    });
  }
  it('compares exactly, not in floating point (0.1 + 0.2 is 0.3)', () => {
    expect(amountMatches({ mode: 'eq', value: 0.3 }, '0.30')).to.equal(true);
    expect(amountMatches({ mode: 'lte', value: 0.3 }, 0.30000001)).to.equal(false);
  });
  it('between includes both bounds, and needs both', () => {
    const between = (amount: number) => amountMatches({ mode: 'between', min: -100, max: -10 }, amount);
    expect([-100, -10, -55, -100.01, -9.99].map(between)).to.deep.equal([true, true, true, false, false]);
    expect(amountMatches({ mode: 'between', min: -100 }, -50)).to.equal(false);
    expect(amountMatches({ mode: 'between', max: -10 }, -50)).to.equal(false);
  });
  it('a missing value never matches (in the rule or on the operation)', () => {
    for (const mode of ['eq', 'neq', 'lt', 'gt', 'lte', 'gte'] as const) {
      expect(amountMatches({ mode }, 5), mode).to.equal(false);
      expect(amountMatches({ mode, value: null }, 5), mode).to.equal(false);
      expect(amountMatches({ mode, value: 5 }, undefined), mode).to.equal(false);
      expect(amountMatches({ mode, value: 5 }, null), mode).to.equal(false);
    }
  });
});

describe('banking rules: label modes (spec §5)', () => {
  const l = (mode: string, value: string, caseSensitive?: boolean) => ({ mode: mode as never, value, caseSensitive });
  it('eq, contains, startsWith, endsWith, case-insensitive by default', () => {
    const o = { originalLabel: 'PRLV SEPA EDF', label: 'x' };
    expect(labelMatch(l('eq', 'prlv sepa edf'), o)).to.not.equal(null);
    expect(labelMatch(l('eq', 'prlv sepa'), o)).to.equal(null);
    expect(labelMatch(l('contains', 'sepa'), o)).to.not.equal(null);
    expect(labelMatch(l('contains', 'orange'), o)).to.equal(null);
    expect(labelMatch(l('startsWith', 'prlv'), o)).to.not.equal(null);
    expect(labelMatch(l('startsWith', 'sepa'), o)).to.equal(null);
    expect(labelMatch(l('endsWith', 'edf'), o)).to.not.equal(null);
    expect(labelMatch(l('endsWith', 'prlv'), o)).to.equal(null);
  });
  it('case-sensitive when asked, regex included', () => {
    const o = { originalLabel: 'PRLV SEPA EDF' };
    expect(labelMatch(l('contains', 'sepa', true), o)).to.equal(null);
    expect(labelMatch(l('contains', 'SEPA', true), o)).to.not.equal(null);
    expect(labelMatch(l('regex', '^prlv', true), o)).to.equal(null);
    expect(labelMatch(l('regex', '^prlv'), o)).to.not.equal(null);
  });
  it('reads originalLabel, else label', () => {
    expect(labelMatch(l('contains', 'edf'), { originalLabel: 'PRLV EDF', label: 'Électricité' })).to.not.equal(null);
    expect(labelMatch(l('contains', 'électricité'), { originalLabel: 'PRLV EDF', label: 'Électricité' })).to.equal(null);
    expect(labelMatch(l('contains', 'électricité'), { originalLabel: null, label: 'Électricité' })).to.not.equal(null);
    expect(labelMatch(l('contains', 'électricité'), { label: 'Électricité' })).to.not.equal(null);
  });
  it('an invalid regex never matches (and is named when saved)', () => {
    for (const bad of ['(', '[a-', '*x', '(?<=a)b', '(a)\\1']) {
      expect(labelMatch(l('regex', bad), { label: 'a(b [a- *x ab aa' }), bad).to.equal(null);
      expect(regexProblem(bad), bad).to.match(/^Expression régulière invalide/);
    }
  });
  it('a catastrophic regex runs in linear time: it answers, it does not hang the server', () => {
    // with a backtracking engine each of these takes longer than the life of the test run
    const text = `${'a'.repeat(900)}!`; // labels are cut at 1000 characters before matching
    for (const pattern of ['^(a+)+$', '^(a|a)*$', '(a*)*b', '^(([a-z])+.)+[A-Z]([a-z])+$', '(.*a){20}$']) {
      expect(labelMatch(l('regex', pattern), { label: text }), pattern).to.equal(null);
    }
    expect(labelMatch(l('regex', '(a+)+!$'), { label: text })).to.not.equal(null);
  });
  it('$1, $2… are replaced by the captured groups; a missing group is empty', () => {
    const groups = labelMatch(l('regex', '^CB (\\w+) (\\d{2})/(\\d{2})'), { originalLabel: 'CB CARREFOUR 02/11 PARIS' });
    expect(groups).to.deep.equal(['CB CARREFOUR 02/11', 'CARREFOUR', '02', '11']);
    expect(substituteGroups('Courses $1 du $2/$3 $9', groups!)).to.equal('Courses CARREFOUR du 02/11 ');
  });
});

describe('banking rules: applying (spec §4, §8)', () => {
  const classify: RuleLike = {
    _id: 'r1', name: 'EDF',
    detection: { label: { mode: 'regex', value: 'EDF (\\w+) REF (\\d+)' }, amount: { mode: 'lt', value: 0 }, accounts: [A1, A2] },
    actions: { category: CAT, subCategory: SUB, label: 'Électricité $1 n° $2', location: 'Agence $1', transactionMode: 'debit' },
  };
  it('applies only when every condition matches, and sets category, sub-category, label, location, mode', () => {
    const out = applyRule(classify, op());
    expect(out.matched).to.equal(true);
    expect(out.changed).to.equal(true);
    expect(out.operation).to.deep.include({ label: 'Électricité ENTREPRISES n° 4455', location: 'Agence ENTREPRISES', transactionMode: 'debit' });
    expect(out.operation.fk).to.deep.equal({ account: A1, category: CAT, subCategory: SUB });
    expect(Object.keys(out.changes).sort()).to.deep.equal(['fk.category', 'fk.subCategory', 'label', 'location', 'transactionMode']);
  });
  it('one condition failing is no match: amount, label, account', () => {
    expect(applyRule(classify, op({ amount: 10 })).matched).to.equal(false);
    expect(applyRule(classify, op({ originalLabel: 'PRLV ORANGE' })).matched).to.equal(false);
    expect(applyRule(classify, op({ fk: { account: 'eeeeeeeeeeeeeeeeeeeeeeee' } })).matched).to.equal(false);
    expect(applyRule(classify, op({ fk: { account: A2 } })).matched).to.equal(true);
  });
  it('reports no change when the operation is already as the rule wants it', () => {
    const once = applyRule(classify, op()).operation;
    const twice = applyRule(classify, once);
    expect(twice.matched).to.equal(true);
    expect(twice.changed).to.equal(false);
    expect(twice.changes).to.deep.equal({});
  });
  it('a rule without any condition matches nothing', () => {
    expect(applyRule({ detection: {}, actions: { label: 'x' } }, op()).matched).to.equal(false);
  });
  it('rules apply in order, a later one wins; a field changed back is no change', () => {
    const a: RuleLike = { _id: 'a', name: 'a', detection: { label: { mode: 'contains', value: 'edf' } }, actions: { label: 'A', transactionMode: 'debit' } };
    const b: RuleLike = { _id: 'b', name: 'b', detection: { label: { mode: 'contains', value: 'edf' } }, actions: { label: 'B' } };
    const out = applyRules([a, b], op());
    expect(out.operation.label).to.equal('B');
    expect(out.ruleIds).to.deep.equal(['a', 'b']);
    const back = applyRules([{ ...b, actions: { label: 'Libellé' } }], op());
    expect(back.changed).to.equal(false);
  });
  it('a failing rule is a warning and changes nothing; the others still apply (spec §8)', () => {
    const broken = { _id: 'x', name: 'Cassée', get detection(): never { throw new Error('détection illisible'); }, actions: { label: 'jamais' } } as unknown as RuleLike;
    const good: RuleLike = { _id: 'g', name: 'Bonne', detection: { amount: { mode: 'lt', value: 0 } }, actions: { transactionMode: 'debit' } };
    const out = applyRules([broken, good], op());
    expect(out.warnings).to.have.length(1);
    expect(out.warnings[0].message).to.match(/La règle « Cassée » n’a pas pu s’appliquer : détection illisible/);
    expect(out.operation.label).to.equal('Libellé');
    expect(out.operation.transactionMode).to.equal('debit');
    expect(out.ruleIds).to.deep.equal(['g']);
  });
  it('refuses to save what cannot work: no condition, no action, a category without its sub-category, a bad regex, between without bounds', () => {
    const fields = (d: object, a: object) => ruleProblems(d, a).map((p) => p.field);
    expect(fields({}, { label: 'x' })).to.deep.equal(['detection']);
    expect(fields({ amount: { mode: 'lt', value: 0 } }, {})).to.deep.equal(['actions']);
    expect(fields({ amount: { mode: 'lt', value: 0 } }, { category: CAT })).to.deep.equal(['actions.subCategory']);
    expect(fields({ label: { mode: 'regex', value: '(' } }, { label: 'x' })).to.deep.equal(['detection.label.value']);
    expect(fields({ amount: { mode: 'between', min: 1 } }, { label: 'x' })).to.deep.equal(['detection.amount']);
    expect(fields({ amount: { mode: 'between', min: 1, max: 2 } }, { category: CAT, subCategory: SUB })).to.deep.equal([]);
  });
});
