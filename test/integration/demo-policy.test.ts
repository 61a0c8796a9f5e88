/**
 * When the first start seeds the demo account (server/src/platform/services/first-start/demo-policy.ts), and
 * what `npm start` says about it (tools/src/first-start-summary.ts): plain functions, every case.
 */
import { expect } from 'chai';
import { decideDemo, type DemoSituation } from '../../server/src/platform/services/first-start/demo-policy.ts';
import { demoLine, firstStartLines, SERVER_ADMIN_HINT } from '../../tools/src/first-start-summary.ts';

/** `npm start` on a fresh checkout: SQLite, nothing set, no user yet. */
const NEWCOMER: DemoSituation = {
  explicit: false, setting: null, engine: 'sqlite', production: false, adminConfigured: false, emptyDatabase: true, demoExists: false,
};
const at = (change: Partial<DemoSituation>) => decideDemo({ ...NEWCOMER, ...change });

describe('demo : quand le premier démarrage crée le compte de démonstration', () => {
  it('le nouveau venu (`npm start`, SQLite, base vide, rien de configuré) l’obtient', () => {
    expect(at({})).to.deep.equal({ action: 'create' });
  });

  it('jamais recréé une fois que la base a des utilisateurs (supprimé, il le reste), même avec COMPTOIR_DEMO=1', () => {
    expect(at({ emptyDatabase: false })).to.deep.equal({ action: 'skip', reason: 'users' });
    expect(at({ emptyDatabase: false, setting: true })).to.deep.equal({ action: 'skip', reason: 'users' });
  });

  it('pas sur MySQL/MariaDB, ni sous NODE_ENV=production, ni avec COMPTOIR_ADMIN_EMAIL, ni avec COMPTOIR_DEMO=0', () => {
    expect(at({ engine: 'mysql' })).to.deep.equal({ action: 'skip', reason: 'mysql' });
    expect(at({ production: true })).to.deep.equal({ action: 'skip', reason: 'production' });
    expect(at({ adminConfigured: true })).to.deep.equal({ action: 'skip', reason: 'admin' });
    expect(at({ setting: false })).to.deep.equal({ action: 'skip', reason: 'disabled' });
    // the first reason that applies is the one said
    expect(at({ adminConfigured: true, production: true, engine: 'mysql' })).to.deep.equal({ action: 'skip', reason: 'admin' });
    expect(at({ production: true, engine: 'mysql' })).to.deep.equal({ action: 'skip', reason: 'production' });
  });

  it('COMPTOIR_DEMO=1 le demande sur une base vide, quels que soient le moteur, NODE_ENV et COMPTOIR_ADMIN_*', () => {
    expect(at({ setting: true, engine: 'mysql', production: true, adminConfigured: true })).to.deep.equal({ action: 'create' });
  });

  it('demandé par une personne (`npm run seed-demo`) : créé s’il manque, même sur une base qui a des utilisateurs, en production, sur MariaDB, avec COMPTOIR_DEMO=0', () => {
    expect(at({ explicit: true, emptyDatabase: false, engine: 'mysql', production: true, setting: false })).to.deep.equal({ action: 'create' });
    expect(at({ explicit: true, demoExists: true, emptyDatabase: false, setting: false })).to.deep.equal({ action: 'present', seed: true });
  });

  it('déjà là : les exemples manquants des plugins ne sont ajoutés que là où une démo serait permise', () => {
    expect(at({ demoExists: true, emptyDatabase: false })).to.deep.equal({ action: 'present', seed: true });
    expect(at({ demoExists: true, emptyDatabase: false, engine: 'mysql', setting: true })).to.deep.equal({ action: 'present', seed: true });
    expect(at({ demoExists: true, emptyDatabase: false, adminConfigured: true, setting: true })).to.deep.equal({ action: 'present', seed: true });
  });

  it('déjà là où aucune démo ne serait créée aujourd’hui (COMPTOIR_ADMIN_EMAIL, production, MariaDB, COMPTOIR_DEMO=0) : à retirer', () => {
    expect(at({ demoExists: true, emptyDatabase: false, adminConfigured: true })).to.deep.equal({ action: 'retire', reason: 'admin' });
    expect(at({ demoExists: true, emptyDatabase: false, engine: 'mysql' })).to.deep.equal({ action: 'retire', reason: 'mysql' });
    expect(at({ demoExists: true, emptyDatabase: false, production: true })).to.deep.equal({ action: 'retire', reason: 'production' });
    expect(at({ demoExists: true, emptyDatabase: false, setting: false })).to.deep.equal({ action: 'retire', reason: 'disabled' });
    // asked for by a person: kept
    expect(at({ demoExists: true, emptyDatabase: false, engine: 'mysql', explicit: true })).to.deep.equal({ action: 'present', seed: true });
  });
});

describe('demo : ce que `npm start` en dit', () => {
  const company = 'Boulangerie Martin SARL';

  it('dit quel cas s’est appliqué, en français', () => {
    expect(demoLine({ status: 'created', userId: 'u', companyId: 'c', companyName: company, ownProps: true }))
      .to.equal('Compte de démonstration créé : demo@comptoir.fr / comptoir-demo (rôle Administrateur de « Boulangerie Martin SARL »)');
    expect(demoLine({ status: 'present', userId: 'u', companyId: 'c', companyName: company, seeded: true, publicPassword: true }))
      .to.equal('Compte de démonstration déjà présent : demo@comptoir.fr (mot de passe d’origine : comptoir-demo) dans « Boulangerie Martin SARL »');
    // its password no longer opens it: not printed
    expect(demoLine({ status: 'present', userId: 'u', companyId: 'c', companyName: company, seeded: false, publicPassword: false, reason: 'mysql' }))
      .to.equal('Compte de démonstration déjà présent : demo@comptoir.fr (son mot de passe n’est plus le mot de passe public) dans « Boulangerie Martin SARL »');
    const disabled = { status: 'disabled' as const, userId: 'u', companyId: 'c', companyName: company, reason: 'mysql' as const };
    expect(demoLine({ ...disabled, sessions: 2, accessTokens: 1, companiesLeft: 1, globalRoles: 1 })).to.equal(
      'Compte de démonstration demo@comptoir.fr désactivé : il avait encore le mot de passe public, et ce serveur ne doit pas avoir de démonstration (base MySQL/MariaDB). '
      + 'Son mot de passe ne fonctionne plus (2 sessions supprimées, 1 jeton d’accès supprimé, retiré de 1 autre entreprise, 1 rôle global retiré) ; un administrateur peut lui en donner un nouveau.');
    expect(demoLine({ ...disabled, reason: 'admin', sessions: 0, accessTokens: 0, companiesLeft: 0, globalRoles: 0 })).to.equal(
      'Compte de démonstration demo@comptoir.fr désactivé : il avait encore le mot de passe public, et ce serveur ne doit pas avoir de démonstration (COMPTOIR_ADMIN_EMAIL est défini). '
      + 'Son mot de passe ne fonctionne plus (0 session supprimée, 0 jeton d’accès supprimé) ; un administrateur peut lui en donner un nouveau.');
    expect(demoLine({ ...disabled, sessions: 1, accessTokens: 0, companiesLeft: 0, globalRoles: 0 })).not.to.include('comptoir-demo');
    expect(demoLine({ status: 'skipped', reason: 'users' })).to.equal('Pas de compte de démonstration : la base contient déjà des utilisateurs');
    expect(demoLine({ status: 'skipped', reason: 'mysql' })).to.equal('Pas de compte de démonstration : base MySQL/MariaDB (COMPTOIR_DEMO=1 pour le créer)');
    expect(demoLine({ status: 'skipped', reason: 'production' })).to.equal('Pas de compte de démonstration : NODE_ENV=production (COMPTOIR_DEMO=1 pour le créer)');
    expect(demoLine({ status: 'skipped', reason: 'admin' })).to.equal('Pas de compte de démonstration : COMPTOIR_ADMIN_EMAIL est défini (COMPTOIR_DEMO=1 pour le créer aussi)');
    expect(demoLine({ status: 'skipped', reason: 'disabled' })).to.equal('Pas de compte de démonstration : COMPTOIR_DEMO=0');
    expect(demoLine({ status: 'not-offered' })).to.equal(null);
  });

  it('avec un compte de démonstration neuf, dit comment obtenir l’administration du serveur ; signale le rôle global retiré ou laissé', () => {
    const created = { status: 'created' as const, userId: 'u', companyId: 'c', companyName: company, ownProps: true };
    expect(firstStartLines({ admin: null, demo: created, demoGlobalRoles: null })).to.include(SERVER_ADMIN_HINT);
    expect(firstStartLines({ admin: { email: 'chef@exemple.fr', userId: 'a', companyId: 'b' }, demo: created, demoGlobalRoles: null }))
      .to.deep.equal(['Administrateur du serveur créé : chef@exemple.fr', demoLine(created)]);
    const present = { status: 'present' as const, userId: 'u', companyId: 'c', companyName: company, seeded: true, publicPassword: true };
    expect(firstStartLines({ admin: null, demo: present, demoGlobalRoles: 'removed' })[1]).to.match(/n’est plus administrateur du serveur : ses rôles globaux lui ont été retirés/);
    expect(firstStartLines({ admin: null, demo: present, demoGlobalRoles: 'kept' })[1]).to.match(/^Attention : le compte demo@comptoir.fr a un rôle global/);
  });
});
