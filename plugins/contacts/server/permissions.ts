/** Permissions of the « Contacts » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const P = {
  customersRead: 'contacts.customers.read',
  customersManage: 'contacts.customers.manage',
  providersRead: 'contacts.providers.read',
  providersManage: 'contacts.providers.manage',
  contactsRead: 'contacts.contacts.read',
  contactsManage: 'contacts.contacts.manage',
} as const;

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: P.customersRead, category: 'Contacts', name: 'Consulter les clients', mode: 'company' },
  { sysName: P.customersManage, category: 'Contacts', name: 'Gérer les clients', description: 'Créer, modifier et supprimer les clients.', mode: 'company' },
  { sysName: P.providersRead, category: 'Contacts', name: 'Consulter les fournisseurs', mode: 'company' },
  { sysName: P.providersManage, category: 'Contacts', name: 'Gérer les fournisseurs', description: 'Créer, modifier et supprimer les fournisseurs.', mode: 'company' },
  { sysName: P.contactsRead, category: 'Contacts', name: 'Consulter les contacts', mode: 'company' },
  { sysName: P.contactsManage, category: 'Contacts', name: 'Gérer les contacts', description: 'Créer, modifier, importer et supprimer les contacts.', mode: 'company' },
];
