/**
 * The rules of maintained totals as plain functions (server/src/db/totals/README.md): which group a
 * document falls in, the old → new differences of a change, and the declarations refused at boot.
 */
import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { defineEntity, type MaintainedTotals } from '@comptoir/sdk';
import { Entity, Id, Money, Str } from '@comptoir/schemas';
import { totalsSpecOf, groupKey, contributionOf } from '../src/db/totals/spec.ts';
import { changeDeltas } from '../src/db/totals/store.ts';

const Doc = Entity({
  status: Str(),
  number: Type.Optional(Type.Integer()),
  total: Money({ default: 0 }),
  unpaid: Type.Optional(Money()),
  note: Type.Optional(Type.String()),
  replacedBy: Type.Optional(Id()),
  lines: Type.Optional(Type.Array(Type.String())),
}, { company: Id() });

let n = 0;
const entity = (totals: MaintainedTotals, companyScoped = true) => defineEntity({
  plugin: 'probe', name: `docs-${++n}`, table: `probe_docs_${n}`, schema: Doc, companyScoped, label: 'document', totals,
});

const TOTALS: MaintainedTotals = {
  groupBy: [{ field: 'status', by: 'value' }, { field: 'number', by: 'presence' }, { field: 'total', by: 'sign' }],
  sums: ['total', 'unpaid'],
};
const company = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const doc = (fields: Record<string, unknown>) => ({ fk: { company }, status: 'emitted', total: 0, ...fields });

describe('totaux tenus à jour : règles', () => {
  it('un document tombe dans le groupe de ses valeurs : la valeur, la présence, le signe ; les sommes en unités stockées (1/10 000 €)', () => {
    const spec = totalsSpecOf(entity(TOTALS))!;
    expect(spec.table).to.equal(`probe_docs_${n}_totals`);
    const c = contributionOf(spec, doc({ number: 12, total: 10.01, unpaid: 0.1 }));
    expect(c.values).to.deep.equal(['emitted', 1, 1]);
    expect(c.key).to.equal('["emitted",1,1]');
    expect(c.sums).to.deep.equal([100100, 1000]);
    expect(contributionOf(spec, doc({ total: -3 })).values).to.deep.equal(['emitted', 0, -1]);
    expect(contributionOf(spec, doc({ total: 0 })).sums).to.deep.equal([0, null]);
  });

  it('une modification retire le document de son ancien groupe et l’ajoute au nouveau ; rien quand ni groupe ni sommes ne changent', () => {
    const spec = totalsSpecOf(entity(TOTALS))!;
    const draft = doc({ total: 12.5, unpaid: 12.5 });
    const numbered = doc({ number: 1, total: 12.5, unpaid: 12.5 });
    const deltas = changeDeltas(spec, draft, numbered);
    expect(deltas.map((d) => ({ key: d.key, n: d.n, sums: d.sums.map(String), counts: d.counts }))).to.deep.equal([
      { key: '["emitted",0,1]', n: -1, sums: ['-125000', '-125000'], counts: [-1, -1] },
      { key: '["emitted",1,1]', n: 1, sums: ['125000', '125000'], counts: [1, 1] },
    ]);
    // same group, another amount: one difference; a change of a field the totals ignore: none
    const paid = changeDeltas(spec, numbered, { ...numbered, unpaid: 2.5 });
    expect(paid.map((d) => [d.n, d.sums.map(String)])).to.deep.equal([[0, ['0', '-100000']]]);
    expect(changeDeltas(spec, numbered, { ...numbered, note: 'vu' })).to.deep.equal([]);
    expect(changeDeltas(spec, null, draft)[0].n).to.equal(1);
    expect(changeDeltas(spec, draft, null)[0].n).to.equal(-1);
  });

  it('une clé de groupe longue est condensée (empreinte), les autres restent lisibles', () => {
    expect(groupKey(['paid', 1, null])).to.equal('["paid",1,null]');
    const long = groupKey(['x'.repeat(300)]);
    expect(long).to.match(/^#[0-9a-f]{64}$/);
    expect(groupKey(['x'.repeat(300)])).to.equal(long);
  });

  it('une déclaration fausse est refusée : champ inconnu, somme d’un texte, valeur d’un montant, entité sans entreprise', () => {
    expect(() => totalsSpecOf(entity({ groupBy: [{ field: 'nope', by: 'value' }], sums: [] }))).to.throw(/"nope" is not a column/);
    expect(() => totalsSpecOf(entity({ groupBy: [], sums: ['status'] }))).to.throw(/cannot be summed exactly/);
    expect(() => totalsSpecOf(entity({ groupBy: [{ field: 'total', by: 'value' }], sums: [] }))).to.throw(/cannot be grouped by value/);
    expect(() => totalsSpecOf(entity({ groupBy: [{ field: 'status', by: 'sign' }], sums: [] }))).to.throw(/is not a number/);
    expect(() => totalsSpecOf(entity({ groupBy: [{ field: 'lines', by: 'presence' }], sums: [] }))).to.throw(/"lines" is not a column/);
    expect(() => totalsSpecOf(entity({ groupBy: [], sums: ['total'] }, false))).to.throw(/company-scoped/);
    expect(totalsSpecOf(entity({ groupBy: [{ field: 'replacedBy', by: 'presence' }], sums: ['total'] }))!.dimensions[0].column).to.equal('g_replacedBy');
  });

  it('la signature change avec la forme SQL de la déclaration, pas avec l’entité qui la porte', () => {
    const a = totalsSpecOf(entity(TOTALS))!;
    const b = totalsSpecOf(entity(TOTALS))!;
    const c = totalsSpecOf(entity({ ...TOTALS, sums: ['total'] }))!;
    expect(a.signature).to.equal(b.signature);
    expect(a.signature).to.not.equal(c.signature);
  });
});
