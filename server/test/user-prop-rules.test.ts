/**
 * User properties as plain functions (platform README « User properties »): the default
 * values exactly as the spec writes them, the check of each type's values, the definitions'
 * rules and the scope rules against ServerSettings.
 */
import { expect } from 'chai';
import {
  applyUserPropValues, effectiveDefault, maskRegExp, resetDefaultValue, typeDefaultValue, userPropValueProblem,
  type UserPropDefinition, type UserPropType,
} from '@comptoir/schemas';
import { definitionProblems, scopeRefusal, typeChangeAllowed, visibleTo, type DefinitionDraft } from '../src/platform/services/user-props/user-prop-rules.ts';

const def = (over: Partial<UserPropDefinition> & { type: UserPropType }): UserPropDefinition => ({
  variable: 'v', name: 'V', multiple: false, required: false, selectOptions: [], ...over,
});
const draft = (over: Partial<DefinitionDraft>): DefinitionDraft => ({
  variable: 'v', name: 'V', type: 'text', multiple: false, required: false, index: false, fullTextSearch: false, selectOptions: [], ...over,
});

describe('user properties: default values (platform README « User properties »)', function () {
  it('false for checkbox and switch, 0 for number, empty text otherwise', function () {
    expect(typeDefaultValue({ type: 'checkbox', multiple: false, required: false })).to.equal(false);
    expect(typeDefaultValue({ type: 'switch', multiple: false, required: true })).to.equal(false);
    expect(typeDefaultValue({ type: 'number', multiple: false, required: false })).to.equal(0);
    for (const type of ['text', 'textarea', 'select', 'date', 'email', 'tel', 'url', 'color'] as const) {
      expect(typeDefaultValue({ type, multiple: false, required: false }), type).to.equal('');
    }
  });

  it('multiple: an empty list, or a one-item list holding the default when required', function () {
    expect(typeDefaultValue({ type: 'text', multiple: true, required: false })).to.deep.equal([]);
    expect(typeDefaultValue({ type: 'text', multiple: true, required: true })).to.deep.equal(['']);
    expect(typeDefaultValue({ type: 'number', multiple: true, required: true })).to.deep.equal([0]);
    expect(typeDefaultValue({ type: 'checkbox', multiple: true, required: true })).to.deep.equal([false]);
    expect(typeDefaultValue({ type: 'number', multiple: true, required: false })).to.deep.equal([]);
  });

  it('resetting a default also removes min, max, minValues and maxValues', function () {
    const reset = resetDefaultValue({ type: 'number', multiple: true, required: true, defaultValue: [5], min: 1, max: 9, minValues: 1, maxValues: 3, name: 'N' });
    expect(reset).to.deep.equal({ type: 'number', multiple: true, required: true, defaultValue: [0], name: 'N' });
    expect(reset).to.not.have.any.keys('min', 'max', 'minValues', 'maxValues');
  });

  it('a record without a value gets the property’s default, else the spec’s, never a shared list', function () {
    expect(effectiveDefault({ type: 'number', multiple: false, required: false, defaultValue: 7 })).to.equal(7);
    expect(effectiveDefault({ type: 'switch', multiple: false, required: false })).to.equal(false);
    const d = { type: 'text' as const, multiple: true, required: false, defaultValue: ['a'] };
    const a = effectiveDefault(d) as string[];
    a.push('b');
    expect(effectiveDefault(d)).to.deep.equal(['a']);
  });
});

describe('user properties: values per type', function () {
  const ok = (d: UserPropDefinition, v: unknown) => expect(userPropValueProblem(d, v), JSON.stringify(v)).to.equal(null);
  const bad = (d: UserPropDefinition, v: unknown, msg: RegExp) => expect(userPropValueProblem(d, v), JSON.stringify(v)).to.match(msg);

  it('checks each type', function () {
    ok(def({ type: 'number' }), 12.5); bad(def({ type: 'number' }), '12', /nombre/); bad(def({ type: 'number' }), Number.NaN, /nombre/);
    ok(def({ type: 'checkbox' }), true); bad(def({ type: 'switch' }), 'true', /true ou false/);
    ok(def({ type: 'date' }), '2026-02-28'); ok(def({ type: 'date' }), ''); bad(def({ type: 'date' }), '2026-02-30', /date invalide/);
    bad(def({ type: 'date' }), '28/02/2026', /date invalide/);
    ok(def({ type: 'email' }), 'camille@exemple.fr'); bad(def({ type: 'email' }), 'camille@', /e-mail/);
    ok(def({ type: 'url' }), 'https://exemple.fr/a'); bad(def({ type: 'url' }), 'javascript:alert(1)', /adresse web/);
    ok(def({ type: 'tel' }), '+33 1 02 03 04 05'); bad(def({ type: 'tel' }), 'appelez-moi', /téléphone/);
    ok(def({ type: 'color' }), '#1a2B3c'); bad(def({ type: 'color' }), 'rouge', /couleur/);
    bad(def({ type: 'text' }), 'x'.repeat(256), /au plus 255 caractères/);
    ok(def({ type: 'textarea' }), 'x'.repeat(5000));
    bad(def({ type: 'text' }), 3, /texte/);
  });

  it('min and max bound a number’s value and a text’s length (in characters)', function () {
    const n = def({ type: 'number', min: 0, max: 10 });
    ok(n, 0); ok(n, 10); bad(n, -1, /supérieur ou égal à 0/); bad(n, 10.5, /inférieur ou égal à 10/);
    const t = def({ type: 'text', min: 2, max: 4 });
    ok(t, 'éé'); ok(t, '😀😀😀😀'); bad(t, 'a', /au moins 2 caractères/); bad(t, 'abcde', /au plus 4 caractères/);
    ok(t, ''); // empty and not required: no length to check
  });

  it('select values come from the options (hidden ones stay valid)', function () {
    const s = def({ type: 'select', selectOptions: [{ label: 'Or', value: 'gold', hidden: false }, { label: 'Ancien', value: 'old', hidden: true }] });
    ok(s, 'gold'); ok(s, 'old'); ok(s, ''); bad(s, 'silver', /non proposée/);
  });

  it('a mask is an input mask: 9 digit, a letter, * either, \\ quotes', function () {
    expect(maskRegExp('99 99 99 99 99').test('01 23 45 67 89')).to.equal(true);
    expect(maskRegExp('99 99 99 99 99').test('0123456789')).to.equal(false);
    expect(maskRegExp('FR\\9a*').test('FR9éZ')).to.equal(true);
    expect(maskRegExp('(.*)').test('(.x)')).to.equal(true);
    expect(maskRegExp('(.*)').test('abcd')).to.equal(false);
    bad(def({ type: 'text', mask: '999' }), '12a', /format « 999 »/);
    ok(def({ type: 'text', mask: '999' }), '123');
  });

  it('multiple: a list, each item checked, no duplicates, minValues and maxValues', function () {
    const m = def({ type: 'number', multiple: true, minValues: 1, maxValues: 2, max: 5 });
    ok(m, [1, 2]); bad(m, 1, /liste/); bad(m, [], /au moins 1 valeur/); bad(m, [1, 2, 3], /au plus 2 valeurs/);
    bad(m, [1, 9], /valeur 2 : doit être inférieur/); bad(m, [1, 1], /double/);
    bad(def({ type: 'text', multiple: true }), ['a', ''], /valeur 2 : valeur vide/);
    bad(def({ type: 'text' }), ['a'], /une seule valeur/);
  });

  it('required: not blank, not an empty list; a boolean or a number always has a value', function () {
    bad(def({ type: 'text', required: true }), '  ', /obligatoire/);
    bad(def({ type: 'text', multiple: true, required: true }), [], /obligatoire/);
    ok(def({ type: 'checkbox', required: true }), false);
    ok(def({ type: 'number', required: true }), 0);
    expect(userPropValueProblem(def({ type: 'text', required: true }), '', { ignoreRequired: true })).to.equal(null);
  });
});

describe('user properties: a record’s userProps on write', function () {
  const defs = [
    def({ variable: 'vip', type: 'checkbox' }),
    def({ variable: 'code', type: 'text', required: true }),
    def({ variable: 'tags', type: 'text', multiple: true }),
    def({ variable: 'level', type: 'number', defaultValue: 3 }),
  ];

  it('creation: defaults filled, everything checked, unknown variables refused', function () {
    const ok = applyUserPropValues(defs, undefined, { code: 'A1' }, true);
    expect(ok.errors).to.deep.equal([]);
    expect(ok.values).to.deep.equal({ code: 'A1', vip: false, tags: [], level: 3 });
    const missing = applyUserPropValues(defs, undefined, {}, true);
    expect(missing.errors).to.deep.equal([{ field: 'userProps.code', message: 'champ obligatoire' }]);
    const unknown = applyUserPropValues(defs, undefined, { code: 'A', other: 1 }, true);
    expect(unknown.errors).to.deep.equal([{ field: 'userProps.other', message: 'propriété inconnue pour cette fiche' }]);
    expect(applyUserPropValues(defs, undefined, 'x', true).errors[0].field).to.equal('userProps');
  });

  it('update: merged by variable, null resets to the default, unsent required values not re-checked', function () {
    const stored = { vip: true, tags: ['a'], gone: 'kept' };
    const r = applyUserPropValues(defs, stored, { tags: null, level: 8 }, false);
    expect(r.errors).to.deep.equal([]);
    // `code` (added after this record) gets its default without blocking the update
    expect(r.values).to.deep.equal({ vip: true, tags: [], level: 8, gone: 'kept', code: '' });
    expect(applyUserPropValues(defs, stored, { code: '' }, false).errors).to.deep.equal([{ field: 'userProps.code', message: 'champ obligatoire' }]);
    expect(applyUserPropValues(defs, stored, { gone: 'x' }, false).errors[0].field).to.equal('userProps.gone');
  });

  it('variables named like Object’s own members are plain variables; __proto__ is refused as a name', function () {
    const named = ['constructor', 'toString', 'valueOf', 'hasOwnProperty'].map((variable) => def({ variable, type: 'text' }));
    const created = applyUserPropValues(named, undefined, undefined, true);
    expect(created.errors).to.deep.equal([]);
    expect(created.values).to.deep.equal({ constructor: '', toString: '', valueOf: '', hasOwnProperty: '' });
    const sent = applyUserPropValues(named, undefined, JSON.parse('{"constructor":"a","__proto__":{"x":1}}'), true);
    expect(sent.errors).to.deep.equal([{ field: 'userProps.__proto__', message: 'propriété inconnue pour cette fiche' }]);
    expect(Object.getPrototypeOf(sent.values)).to.equal(Object.prototype);
    expect(definitionProblems(draft({ variable: '__proto__' }))).to.deep.include({ field: 'variable', message: 'nom réservé : choisissez-en un autre' });
  });
});

describe('user properties: definitions and scope', function () {
  const fields = (d: Partial<DefinitionDraft>) => definitionProblems(draft(d)).map((p) => p.field);

  it('what each type allows', function () {
    expect(fields({})).to.deep.equal([]);
    expect(fields({ type: 'checkbox', multiple: true })).to.deep.equal(['multiple']);
    expect(fields({ type: 'textarea', index: true })).to.deep.equal(['index']);
    expect(fields({ type: 'text', multiple: true, index: true })).to.deep.equal(['index']);
    expect(fields({ type: 'number', fullTextSearch: true })).to.deep.equal(['fullTextSearch']);
    expect(fields({ type: 'date', min: 1 })).to.deep.equal(['min']);
    expect(fields({ type: 'text', min: 1.5 })).to.deep.equal(['min']);
    expect(fields({ type: 'number', min: 5, max: 1 })).to.deep.equal(['max']);
    expect(fields({ type: 'text', minValues: 1 })).to.deep.equal(['minValues']);
    expect(fields({ type: 'select' })).to.deep.equal(['selectOptions']);
    expect(fields({ type: 'select', selectOptions: [{ label: 'A', value: 'a', hidden: false }, { label: 'B', value: 'a', hidden: false }] })).to.deep.equal(['selectOptions']);
    expect(fields({ type: 'text', selectOptions: [{ label: 'A', value: 'a', hidden: false }] })).to.deep.equal(['selectOptions']);
    expect(fields({ type: 'email', mask: '999' })).to.deep.equal(['mask']);
  });

  it('a default must be a valid value, except the spec’s own default', function () {
    expect(fields({ type: 'number', defaultValue: 'x' })).to.deep.equal(['defaultValue']);
    expect(fields({ type: 'number', min: 5, defaultValue: 2 })).to.deep.equal(['defaultValue']);
    expect(fields({ type: 'number', min: 5, defaultValue: 0 })).to.deep.equal([]);
    expect(fields({ type: 'text', multiple: true, required: true, defaultValue: [''] })).to.deep.equal([]);
    expect(fields({ type: 'text', required: true, defaultValue: '' })).to.deep.equal([]);
  });

  it('types change only within a family', function () {
    expect(typeChangeAllowed('text', 'email')).to.equal(true);
    expect(typeChangeAllowed('checkbox', 'switch')).to.equal(true);
    expect(typeChangeAllowed('text', 'number')).to.equal(false);
    expect(typeChangeAllowed('text', 'textarea')).to.equal(false);
  });

  const closed = { allowCompaniesToCreatePrivateProps: false, allowCompaniesToCreatePrivatePropsWithIndex: false, allowCompaniesToCreatePrivatePropsWithFullTextIndex: false };
  const open = { ...closed, allowCompaniesToCreatePrivateProps: true };
  const admin = { canServer: false, canCompany: true };

  it('private properties only as ServerSettings allow, with index and full text each allowed apart', function () {
    const priv = { server: false, index: false, fullTextSearch: false };
    expect(scopeRefusal(priv, admin, closed)?.status).to.equal(403);
    expect(scopeRefusal(priv, admin, open)).to.equal(null);
    expect(scopeRefusal({ ...priv, index: true }, admin, open)?.message).to.match(/indexer/);
    expect(scopeRefusal({ ...priv, index: true }, admin, { ...open, allowCompaniesToCreatePrivatePropsWithIndex: true })).to.equal(null);
    expect(scopeRefusal({ ...priv, fullTextSearch: true }, admin, open)?.message).to.match(/texte intégral/);
    expect(scopeRefusal({ ...priv, fullTextSearch: true }, admin, { ...open, allowCompaniesToCreatePrivatePropsWithFullTextIndex: true })).to.equal(null);
    expect(scopeRefusal(priv, { canServer: false, canCompany: false }, open)?.status).to.equal(403);
    // an existing property keeps what it had when the server allowed it
    expect(scopeRefusal({ ...priv, index: true }, admin, closed, { index: true, fullTextSearch: false })).to.equal(null);
  });

  it('server properties only for server administrators, who are not bound by the settings', function () {
    expect(scopeRefusal({ server: false, index: true, fullTextSearch: true }, { canServer: true, canCompany: true }, closed)).to.equal(null);
    expect(scopeRefusal({ server: true, index: true, fullTextSearch: true }, admin, closed)?.status).to.equal(403);
    expect(scopeRefusal({ server: true, index: true, fullTextSearch: true }, { canServer: true, canCompany: false }, closed)).to.equal(null);
  });

  it('a company sees its own, the server ones applying or offered to it; never another company’s', function () {
    const a = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const b = 'bbbbbbbbbbbbbbbbbbbbbbbb';
    const base = { server: true, applyForAllCompanies: false, allowCompaniesToUseThisProperty: false };
    expect(visibleTo({ ...base, server: false, fk: { company: a, companies: [] } }, a, false)).to.equal(true);
    expect(visibleTo({ ...base, server: false, fk: { company: b, companies: [] } }, a, true)).to.equal(false);
    expect(visibleTo({ ...base, applyForAllCompanies: true, fk: { company: null, companies: [] } }, a, false)).to.equal(true);
    expect(visibleTo({ ...base, fk: { company: null, companies: [b] } }, a, false)).to.equal(false);
    expect(visibleTo({ ...base, fk: { company: null, companies: [b] } }, a, true)).to.equal(true);
    expect(visibleTo({ ...base, allowCompaniesToUseThisProperty: true, fk: { company: null, companies: [] } }, a, false)).to.equal(true);
  });
});
