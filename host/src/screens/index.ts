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
  /** shown in the side menu */
  menu?: boolean;
  /** permission required in the active company (god users have them all) */
  permission?: string;
  /** the screen file, loaded when first opened */
  load: () => Promise<{ default: ComponentType }>;
}

export const SCREENS: ScreenDefinition[] = [
  { path: '/', label: 'Accueil', menu: true, load: () => import('./home.tsx') },
  { path: '/entreprise', label: 'Entreprise', menu: true, permission: 'kernel.companies.manage', load: () => import('./company/CompanyScreen.tsx') },
  { path: '/utilisateurs', label: 'Utilisateurs', menu: true, permission: 'kernel.users.read', load: () => import('./users/UsersScreen.tsx') },
  { path: '/roles', label: 'Rôles', menu: true, permission: 'kernel.roles.manage', load: () => import('./roles/RolesScreen.tsx') },
  { path: '/sessions', label: 'Mes sessions', menu: true, load: () => import('./sessions/SessionsScreen.tsx') },
  { path: '/preferences', label: 'Préférences', load: () => import('./preferences/PreferencesScreen.tsx') },
];
