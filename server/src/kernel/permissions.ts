import type { PermissionDefinition } from '@comptoir/sdk';

export const P = {
  companiesManage: 'kernel.companies.manage',
  usersRead: 'kernel.users.read',
  usersManage: 'kernel.users.manage',
  rolesManage: 'kernel.roles.manage',
  activitiesRead: 'kernel.activities.read',
  serverSettingsManage: 'kernel.server-settings.manage',
  establishmentsManage: 'kernel.establishments.manage',

} as const;

export const KERNEL_PERMISSIONS: PermissionDefinition[] = [
  { sysName: P.companiesManage, category: 'Entreprise', name: 'Gérer l’entreprise', description: 'Informations légales, numérotation, paramètres et SMTP.' },
  { sysName: P.usersRead, category: 'Utilisateurs', name: 'Voir les utilisateurs', description: 'Consulter les membres de l’entreprise.' },
  { sysName: P.usersManage, category: 'Utilisateurs', name: 'Gérer les utilisateurs', description: 'Ajouter, retirer des membres et leur attribuer des rôles.' },
  { sysName: P.rolesManage, category: 'Utilisateurs', name: 'Gérer les rôles', description: 'Créer et modifier les rôles et leurs permissions.' },
  { sysName: P.establishmentsManage, category: 'Entreprise', name: 'Gérer les établissements', description: 'Adresses, téléphones et horaires d’ouverture des établissements.' },
  { sysName: P.activitiesRead, category: 'Entreprise', name: 'Voir le journal d’activité', description: 'Consulter l’historique des modifications.' },

  { sysName: P.serverSettingsManage, category: 'Serveur', name: 'Gérer les paramètres du serveur', description: 'Création d’entreprises, inscriptions, propriétés.', mode: 'global' },
];
