/**
 * The shell's own screens, as one list: a screen is one file of this folder plus one line here.
 * `menu` puts it in the side menu (under « Comptoir »), `permission` hides and refuses it for users
 * without that permission in the active company. Plugin screens are not listed here: they come from
 * GET /api/kernel/plugins at run time.
 */
import type { ComponentType } from 'react';

export interface ScreenDefinition {
  /** shell route: `/`, `/parametres/utilisateurs`; nested routes of the screen go under `<path>/*` */
  path: string;
  /** French label: menu entry and page title */
  label: string;
  /**
   * where the side menu shows it: `daily` at the top (« Comptoir »), `admin` at the bottom
   * (« Administration »: settings a manager opens now and then), below the plugins' modules that are
   * the day's work; absent: reached from elsewhere (user menu, bell)
   */
  menu?: 'daily' | 'admin';
  /** permission required in the active company (god users have them all) */
  permission?: string;
  /** the screen file, loaded when first opened */
  load: () => Promise<{ default: ComponentType }>;
}

export const SCREENS: ScreenDefinition[] = [
  { path: '/', label: 'Accueil', menu: 'daily', load: () => import('./home/HomeScreen.tsx') },
  { path: '/fichiers', label: 'Fichiers', menu: 'daily', load: () => import('./files/FilesScreen.tsx') },
  { path: '/entreprise', label: 'Entreprise', menu: 'admin', permission: 'kernel.companies.manage', load: () => import('./company/CompanyScreen.tsx') },
  { path: '/etablissements', label: 'Établissements', menu: 'admin', load: () => import('./establishments/EstablishmentsScreen.tsx') },
  { path: '/utilisateurs', label: 'Utilisateurs', menu: 'admin', permission: 'kernel.users.read', load: () => import('./users/UsersScreen.tsx') },
  { path: '/invitations', label: 'Invitations', menu: 'admin', permission: 'kernel.users.manage', load: () => import('./invitations/InvitationsScreen.tsx') },
  { path: '/roles', label: 'Rôles', menu: 'admin', permission: 'kernel.roles.manage', load: () => import('./roles/RolesScreen.tsx') },
  { path: '/groupes', label: 'Groupes', menu: 'admin', load: () => import('./groups/GroupsScreen.tsx') },
  { path: '/proprietes', label: 'Propriétés personnalisées', menu: 'admin', permission: 'kernel.user-props.manage', load: () => import('./user-props/UserPropsScreen.tsx') },
  { path: '/sauvegardes', label: 'Sauvegardes', menu: 'admin', permission: 'kernel.backups.manage', load: () => import('./backups/BackupsScreen.tsx') },
  { path: '/sessions', label: 'Mes sessions', menu: 'admin', load: () => import('./sessions/SessionsScreen.tsx') },
  { path: '/preferences', label: 'Préférences', load: () => import('./preferences/PreferencesScreen.tsx') },
  { path: '/notifications', label: 'Notifications', load: () => import('./notifications/NotificationsScreen.tsx') },
];
