import type { PermissionDefinition } from '@comptoir/sdk';

export const P = {
  companiesManage: 'kernel.companies.manage',
  usersRead: 'kernel.users.read',
  usersManage: 'kernel.users.manage',
  rolesManage: 'kernel.roles.manage',
  activitiesRead: 'kernel.activities.read',
  serverSettingsManage: 'kernel.server-settings.manage',
  establishmentsManage: 'kernel.establishments.manage',
  groupsManage: 'kernel.groups.manage',
  backupsManage: 'kernel.backups.manage',
  notificationsSend: 'kernel.notifications.send',
  filesManage: 'kernel.files.manage',
  userPropsManage: 'kernel.user-props.manage',
  userPropsServer: 'kernel.user-props.server',

} as const;

export const KERNEL_PERMISSIONS: PermissionDefinition[] = [
  { sysName: P.companiesManage, category: 'Entreprise', name: 'Gérer l’entreprise', description: 'Informations légales, numérotation, paramètres et SMTP.' },
  { sysName: P.usersRead, category: 'Utilisateurs', name: 'Voir les utilisateurs', description: 'Consulter les membres de l’entreprise.' },
  { sysName: P.usersManage, category: 'Utilisateurs', name: 'Gérer les utilisateurs', description: 'Ajouter, retirer des membres et leur attribuer des rôles.' },
  { sysName: P.rolesManage, category: 'Utilisateurs', name: 'Gérer les rôles', description: 'Créer et modifier les rôles et leurs permissions.' },
  { sysName: P.establishmentsManage, category: 'Entreprise', name: 'Gérer les établissements', description: 'Adresses, téléphones et horaires d’ouverture des établissements.' },
  { sysName: P.groupsManage, category: 'Entreprise', name: 'Gérer les groupes', description: 'Créer, renommer, déplacer et supprimer les groupes (clients, fournisseurs, articles…) et leurs réglages.' },
  { sysName: P.notificationsSend, category: 'Utilisateurs', name: 'Envoyer des notifications', description: 'Envoyer des notifications aux membres de l’entreprise.' },
  { sysName: P.filesManage, category: 'Fichiers', name: 'Gérer tous les fichiers', description: 'Renommer, classer et supprimer les fichiers déposés par les autres membres (chacun gère les siens).' },
  { sysName: P.activitiesRead, category: 'Entreprise', name: 'Voir le journal d’activité', description: 'Consulter l’historique des modifications.' },
  { sysName: P.userPropsManage, category: 'Entreprise', name: 'Gérer les propriétés personnalisées', description: 'Champs ajoutés aux fiches (clients, articles…) propres à l’entreprise, et propriétés du serveur proposées.' },

  { sysName: P.userPropsServer, category: 'Serveur', name: 'Gérer les propriétés du serveur', description: 'Propriétés personnalisées communes à toutes les entreprises ou à certaines.', mode: 'global' },
  { sysName: P.serverSettingsManage, category: 'Serveur', name: 'Gérer les paramètres du serveur', description: 'Création d’entreprises, inscriptions, propriétés.', mode: 'global' },
  { sysName: P.backupsManage, category: 'Serveur', name: 'Gérer les sauvegardes', description: 'Créer, télécharger et supprimer les sauvegardes de tout le serveur (base et fichiers).', mode: 'global' },
];
