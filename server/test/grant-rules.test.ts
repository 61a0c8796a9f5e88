/**
 * Who may hand out which rights (server/src/platform/services/users/grant-rules.ts): god only from a god,
 * a permission only from its holder, a server administrator anything.
 */
import { expect } from 'chai';
import { isLacking, lacking, lackingLabel, reachOf, type Granter } from '../src/platform/services/users/grant-rules.ts';
import type { CataloguedPermission } from '../src/auth/permission-catalogue.ts';

const perm = (sysName: string, name: string, mode: 'company' | 'global' = 'company'): CataloguedPermission =>
  ({ sysName, name, category: 'Utilisateurs', description: '', mode, plugin: 'kernel' });
const CATALOGUE = [
  perm('kernel.users.read', 'Voir les utilisateurs'),
  perm('kernel.users.manage', 'Gérer les utilisateurs'),
  perm('kernel.roles.manage', 'Gérer les rôles'),
  perm('kernel.companies.manage', 'Gérer l’entreprise'),
];
const ALL = new Set(CATALOGUE.map((p) => p.sysName));
const granter = (permissions: string[], over: Partial<Granter> = {}): Granter =>
  ({ serverAdmin: false, companyGod: false, permissions: new Set(permissions), ...over });

describe('grant rules', function () {
  it('a holder of « Gérer les rôles » alone cannot make a role god', function () {
    const l = lacking(granter(['kernel.roles.manage']), { god: true, permissions: [] }, CATALOGUE);
    expect(l).to.deep.equal({ god: true, permissions: [] });
    expect(lackingLabel(l)).to.equal('« Tous les droits dans l’entreprise » (réservé aux administrateurs de l’entreprise)');
  });

  it('holding every permission listed today is not being god: god covers the plugins added later', function () {
    expect(lacking(granter([...ALL]), { god: true, permissions: [] }, CATALOGUE).god).to.equal(true);
    expect(isLacking(lacking(granter([...ALL], { companyGod: true }), { god: true, permissions: [] }, CATALOGUE))).to.equal(false);
  });

  it('names each permission the granter does not hold, and only those', function () {
    const l = lacking(granter(['kernel.roles.manage', 'kernel.users.read']), {
      god: false, permissions: ['kernel.users.read', 'kernel.users.manage', 'kernel.companies.manage'],
    }, CATALOGUE);
    expect(l.permissions.map((p) => p.sysName)).to.deep.equal(['kernel.users.manage', 'kernel.companies.manage']);
    expect(lackingLabel(l)).to.equal('« Gérer les utilisateurs », « Gérer l’entreprise »');
  });

  it('lets anyone give what they hold, and nothing at all', function () {
    expect(isLacking(lacking(granter(['kernel.roles.manage', 'kernel.users.read']), { god: false, permissions: ['kernel.users.read'] }, CATALOGUE))).to.equal(false);
    expect(isLacking(lacking(granter([]), { god: false, permissions: [] }, CATALOGUE))).to.equal(false);
  });

  it('does not ask for permissions of no loaded plugin (they give nothing)', function () {
    expect(isLacking(lacking(granter([]), { god: false, permissions: ['ancien.plugin.retire'] }, CATALOGUE))).to.equal(false);
  });

  it('a company god gives any company permission and god; a server administrator anything', function () {
    expect(isLacking(lacking(granter([...ALL], { companyGod: true }), { god: true, permissions: [...ALL] }, CATALOGUE))).to.equal(false);
    expect(isLacking(lacking(granter([], { serverAdmin: true }), { god: true, permissions: [...ALL] }, CATALOGUE))).to.equal(false);
  });

  it('the reach of several roles is their union', function () {
    expect(reachOf([{ permissions: ['a', 'b'] }, { god: false, permissions: ['b', 'c'] }])).to.deep.equal({ god: false, permissions: ['a', 'b', 'c'] });
    expect(reachOf([{ permissions: [] }, { god: true }]).god).to.equal(true);
  });
});
