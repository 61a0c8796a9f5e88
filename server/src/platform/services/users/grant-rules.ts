/**
 * Who may hand out which rights (server/src/platform/README.md « Granting rights »), as plain
 * functions (tested in server/test/grant-rules.test.ts): nobody gives what they do not hold.
 *
 * - « Tous les droits dans l’entreprise » (`god`) is given only by a god: a server administrator,
 *   or a holder of a god role of the company. Holding every permission listed today is not
 *   enough: god also covers the permissions of plugins added later.
 * - A permission is given only by someone holding it in the company (a server administrator
 *   holds them all).
 * - Giving covers: putting permissions or god in a role (creating it, or changing a role, whose
 *   every holder receives the change — what the role gave before counts too, so a role above
 *   one's own cannot be touched), and changing who holds a role (granting, withdrawing, removing
 *   its holder from the company, an invitation carrying it, accepting a request through one).
 *
 * So nobody can make the role they act through, or any other, worth more than what they hold.
 */
import type { CataloguedPermission } from '../../../auth/permission-catalogue.ts';

export interface Granter {
  /** a server administrator (global god role): gives anything */
  serverAdmin: boolean;
  /** holds a god role of the active company */
  companyGod: boolean;
  /** the permissions held in the active company */
  permissions: ReadonlySet<string>;
}

/** What roles give: god, and permissions. */
export interface Reach { god: boolean; permissions: readonly string[] }

export interface Lacking { god: boolean; permissions: CataloguedPermission[] }

/** The union of what `roles` give. */
export function reachOf(roles: ReadonlyArray<{ god?: boolean; permissions?: readonly string[] }>): Reach {
  return {
    god: roles.some((r) => r.god === true),
    permissions: [...new Set(roles.flatMap((r) => r.permissions ?? []))],
  };
}

/**
 * What `granter` lacks to give `reach` (nothing: they may). Permissions of no loaded plugin give
 * nothing and are not asked for; with god lacking, the permissions are not listed (god is the
 * one thing to ask for).
 */
export function lacking(granter: Granter, reach: Reach, catalogue: readonly CataloguedPermission[]): Lacking {
  if (granter.serverAdmin) return { god: false, permissions: [] };
  if (reach.god && !granter.companyGod) return { god: true, permissions: [] };
  const known = new Map(catalogue.map((p) => [p.sysName, p]));
  const missing = reach.permissions
    .filter((name) => known.has(name) && !granter.permissions.has(name))
    .map((name) => known.get(name)!);
  return { god: false, permissions: missing };
}

export const isLacking = (l: Lacking) => l.god || l.permissions.length > 0;

export const GOD_LABEL = 'Tous les droits dans l’entreprise';

/** « Tous les droits dans l’entreprise », or « Gérer les rôles », « Voir les utilisateurs ». */
export function lackingLabel(l: Lacking): string {
  if (l.god) return `« ${GOD_LABEL} » (réservé aux administrateurs de l’entreprise)`;
  return l.permissions.map((p) => `« ${p.name} »`).join(', ');
}
