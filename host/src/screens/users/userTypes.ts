/** Members and roles as the kernel API answers them. */
import type { Role, UserPublic } from '@comptoir/schemas';

export type Member = UserPublic;
export type RoleRecord = Role;

export const USERS_PATH = '/kernel/users';
export const ROLES_PATH = '/kernel/roles';

/** « Prénom Nom », or the e-mail when both are empty. */
export function memberName(m: { firstname?: string; name?: string; email?: string }): string {
  return [m.firstname, m.name].filter((p) => p && p.trim()).join(' ') || m.email || '';
}
