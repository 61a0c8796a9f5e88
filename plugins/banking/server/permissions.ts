/** Permissions of « Banque », granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

/** see accounts, operations, categories, rules, months */
export const READ = 'banking.operations.read';
/** classify, split, import, write rules, categories, groups and contracts */
export const MANAGE = 'banking.operations.manage';
/** create, edit and delete bank accounts */
export const ACCOUNTS = 'banking.accounts.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Banque', name: 'Consulter la banque', mode: 'company' },
  { sysName: MANAGE, category: 'Banque', name: 'Classer les opérations bancaires', description: 'Importer des relevés, classer et ventiler les opérations, gérer les règles, catégories, groupes et contrats.', mode: 'company' },
  { sysName: ACCOUNTS, category: 'Banque', name: 'Gérer les comptes bancaires', description: 'Créer, modifier et supprimer les comptes bancaires.', mode: 'company' },
];
