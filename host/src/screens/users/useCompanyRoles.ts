/** Every role of the active company, sorted by name (a company has a handful). */
import { useList } from '@comptoir/sdk/react';
import { ROLES_PATH, type RoleRecord } from './userTypes.ts';

const ALL_ROLES = { pagination: { quantity: 500, page: 1 }, sort: { field: 'name', ascending: true } };

export function useCompanyRoles(enabled = true) {
  return useList<RoleRecord>(ROLES_PATH, ALL_ROLES, { enabled });
}
