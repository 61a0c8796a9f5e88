/** Permissions of the « Achats » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const PURCHASES_READ = 'purchases.purchases.read';
export const PURCHASES_MANAGE = 'purchases.purchases.manage';
export const EXTERNAL_READ = 'purchases.external-purchases.read';
export const EXTERNAL_MANAGE = 'purchases.external-purchases.manage';
export const PAYMENTS_MANAGE = 'purchases.payments.manage';
/** the contacts plugin's: an import creates the provider only for someone who may */
export const PROVIDERS_MANAGE = 'contacts.providers.manage';

const category = 'Achats';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: PURCHASES_READ, category, name: 'Consulter les achats', mode: 'company' },
  {
    sysName: PURCHASES_MANAGE, category, name: 'Gérer les achats', mode: 'company',
    description: 'Saisir, modifier, supprimer et importer (Factur-X) les factures et avoirs des fournisseurs.',
  },
  { sysName: EXTERNAL_READ, category, name: 'Consulter les achats en ligne', mode: 'company' },
  { sysName: EXTERNAL_MANAGE, category, name: 'Gérer les achats en ligne', description: 'Saisir, modifier et supprimer les commandes passées dans des boutiques.', mode: 'company' },
  { sysName: PAYMENTS_MANAGE, category, name: 'Enregistrer les paiements des achats', description: 'Enregistrer les paiements (et les remboursements) des achats et des achats en ligne.', mode: 'company' },
];
