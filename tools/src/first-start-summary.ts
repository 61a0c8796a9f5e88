/**
 * What `npm start` and `npm run seed-demo` say about the first start: the administrator created,
 * and which case of the demo policy applied (server/src/platform/services/first-start/demo-policy.ts), in French.
 * The demo's public password is printed only while it opens the demo account.
 */
import type { DemoOutcome, DemoSkipReason, FirstStartReport } from '@comptoir/server';
import { DEMO_LOGIN } from './demo-company.ts';

const WHY_NOT: Record<DemoSkipReason, string> = {
  users: 'la base contient déjà des utilisateurs',
  disabled: 'COMPTOIR_DEMO=0',
  admin: 'COMPTOIR_ADMIN_EMAIL est défini (COMPTOIR_DEMO=1 pour le créer aussi)',
  production: 'NODE_ENV=production (COMPTOIR_DEMO=1 pour le créer)',
  mysql: 'base MySQL/MariaDB (COMPTOIR_DEMO=1 pour le créer)',
};

/** Why an existing demo account was disabled: what makes this installation one without a demo. */
const WHY_DISABLED: Record<DemoSkipReason, string> = {
  users: 'la base contient d’autres utilisateurs',
  disabled: 'COMPTOIR_DEMO=0',
  admin: 'COMPTOIR_ADMIN_EMAIL est défini',
  production: 'NODE_ENV=production',
  mysql: 'base MySQL/MariaDB',
};

const several = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export const SERVER_ADMIN_HINT = 'Administration du serveur (paramètres du serveur, sauvegardes de toutes les entreprises) : '
  + 'démarrez sur une base vide avec COMPTOIR_ADMIN_EMAIL et COMPTOIR_ADMIN_PASSWORD.';

/** The line about the demo account. */
export function demoLine(outcome: DemoOutcome): string | null {
  switch (outcome.status) {
    case 'created':
      return `Compte de démonstration créé : ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password} (rôle Administrateur de « ${outcome.companyName} »)`;
    case 'present':
      // the public password is printed only while it opens the account
      return `Compte de démonstration déjà présent : ${DEMO_LOGIN.email} `
        + (outcome.publicPassword ? `(mot de passe d’origine : ${DEMO_LOGIN.password})` : '(son mot de passe n’est plus le mot de passe public)')
        + (outcome.companyId ? ` dans « ${outcome.companyName} »` : '');
    case 'disabled': {
      const undone = [
        several(outcome.sessions, 'session supprimée', 'sessions supprimées'),
        several(outcome.accessTokens, 'jeton d’accès supprimé', 'jetons d’accès supprimés'),
        ...(outcome.companiesLeft ? [`retiré de ${several(outcome.companiesLeft, 'autre entreprise', 'autres entreprises')}`] : []),
        ...(outcome.globalRoles ? [several(outcome.globalRoles, 'rôle global retiré', 'rôles globaux retirés')] : []),
      ];
      return `Compte de démonstration ${DEMO_LOGIN.email} désactivé : il avait encore le mot de passe public, et ce serveur ne doit pas avoir de démonstration (${WHY_DISABLED[outcome.reason]}). `
        + `Son mot de passe ne fonctionne plus (${undone.join(', ')}) ; un administrateur peut lui en donner un nouveau.`;
    }
    case 'skipped':
      return `Pas de compte de démonstration : ${WHY_NOT[outcome.reason]}`;
    default:
      return null;
  }
}

/** Every line about the first start, in order. */
export function firstStartLines(report: FirstStartReport): string[] {
  const lines: string[] = [];
  if (report.admin) lines.push(`Administrateur du serveur créé : ${report.admin.email}`);
  const demo = demoLine(report.demo);
  if (demo) lines.push(demo);
  if (report.demo.status === 'created' && !report.admin) lines.push(SERVER_ADMIN_HINT);
  if (report.demoGlobalRoles === 'removed') {
    lines.push(`Le compte ${DEMO_LOGIN.email} n’est plus administrateur du serveur : ses rôles globaux lui ont été retirés (son mot de passe est public).`);
  }
  if (report.demoGlobalRoles === 'kept') {
    lines.push(`Attention : le compte ${DEMO_LOGIN.email} a un rôle global ; son mot de passe n’est plus le mot de passe public, il est laissé tel quel.`);
  }
  return lines;
}
