/** The tree rules of groups as plain functions (services/groups/group-tree.ts): levels, cycles, depth, flat mode, order. */
import { expect } from 'chai';
import { buildTree, descendantsOf, heightOf, levelOf, placementProblem, settingsProblem, type GroupLike } from '../src/platform/services/groups/group-tree.ts';

const g = (id: string, name: string, parent: string | null = null): GroupLike => ({ _id: id.padStart(24, '0'), name, fk: { parent: parent ? parent.padStart(24, '0') : null } });
const id = (x: string) => x.padStart(24, '0');

// a (1) > b (2) > c (3); a > d (2); e (1)
const groups = [g('a', 'Professionnels'), g('b', 'Restaurants', 'a'), g('c', 'Paris', 'b'), g('d', 'Artisans', 'a'), g('e', 'Particuliers')];
const tree = { mode: 'tree' as const, maxDepth: 3, multi: true };

describe('group tree rules', function () {
  it('counts levels from 1 and spans subtrees', function () {
    expect(levelOf(groups, id('a'))).to.equal(1);
    expect(levelOf(groups, id('c'))).to.equal(3);
    expect(heightOf(groups, id('a'))).to.equal(3);
    expect(heightOf(groups, id('e'))).to.equal(1);
  });

  it('lists a group and its subgroups, the group first', function () {
    expect(descendantsOf(groups, id('a'))).to.have.members([id('a'), id('b'), id('c'), id('d')]);
    expect(descendantsOf(groups, id('a'))[0]).to.equal(id('a'));
    expect(descendantsOf(groups, id('e'))).to.deep.equal([id('e')]);
  });

  it('refuses a move under itself or a descendant, naming both', function () {
    const self = placementProblem(groups, groups[0], id('a'), tree, 'contacts.customers');
    expect(self).to.deep.include({ kind: 'cycle', field: 'fk.parent' });
    expect(self!.message).to.match(/« Professionnels » ne peut pas être placé sous lui-même/);
    const under = placementProblem(groups, groups[0], id('c'), tree, 'contacts.customers');
    expect(under!.kind).to.equal('cycle');
    expect(under!.message).to.match(/sous son sous-groupe « Paris »/);
  });

  it('refuses a placement deeper than maxDepth, counting the moved subtree', function () {
    expect(placementProblem(groups, null, id('b'), tree, 'x.y')).to.equal(null); // new at level 3
    const tooDeep = placementProblem(groups, null, id('c'), tree, 'x.y');
    expect(tooDeep).to.deep.include({ kind: 'depth', field: 'fk.parent' });
    expect(tooDeep!.message).to.match(/au plus 3 niveaux .* niveau 4/);
    // b (height 2) under d (level 2) would reach level 4
    expect(placementProblem(groups, groups[1], id('d'), tree, 'x.y')!.kind).to.equal('depth');
    // e (height 1) under b (level 2): level 3, fine
    expect(placementProblem(groups, groups[4], id('b'), tree, 'x.y')).to.equal(null);
    // to the root: always fine
    expect(placementProblem(groups, groups[2], null, tree, 'x.y')).to.equal(null);
  });

  it('refuses any parent in flat mode', function () {
    expect(placementProblem(groups, null, id('e'), { ...tree, mode: 'flat' }, 'x.y')!.kind).to.equal('flat');
  });

  it('checks new settings against the existing groups', function () {
    expect(settingsProblem(groups, tree, 'x.y')).to.equal(null);
    expect(settingsProblem(groups, { ...tree, maxDepth: 2 }, 'x.y')).to.deep.include({ kind: 'depth', field: 'maxDepth' });
    expect(settingsProblem(groups, { ...tree, mode: 'flat', maxDepth: 5 }, 'x.y')).to.deep.include({ kind: 'flat', field: 'mode' });
    expect(settingsProblem([groups[4]], { ...tree, mode: 'flat', maxDepth: 1 }, 'x.y')).to.equal(null);
  });

  it('builds a forest sorted in French order, with levels', function () {
    const forest = buildTree([...groups, g('f', 'école', 'a')]);
    expect(forest.map((n) => n.name)).to.deep.equal(['Particuliers', 'Professionnels']);
    const pro = forest[1];
    expect(pro.children.map((n) => n.name)).to.deep.equal(['Artisans', 'école', 'Restaurants']);
    expect(pro.children[2].children[0]).to.deep.include({ name: 'Paris', depth: 3, children: [] });
  });
});
