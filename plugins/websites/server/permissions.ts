/** Permissions of « Sites web », granted through company roles (templates: server administrators). */
import type { PermissionDefinition } from '@comptoir/sdk';

/** see the websites, menus, layouts, blocks, variants and articles */
export const READ = 'websites.websites.read';
/** create and change websites, menus, layouts, blocks and variants */
export const MANAGE = 'websites.websites.manage';
/** write the blog's articles */
export const WRITE_ARTICLES = 'websites.articles.write';
/** the server's templates (a global permission: server administrators) */
export const MANAGE_TEMPLATES = 'websites.templates.manage';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: READ, category: 'Sites web', name: 'Consulter les sites web', mode: 'company' },
  { sysName: MANAGE, category: 'Sites web', name: 'Gérer les sites web', description: 'Créer et modifier les sites, leurs menus, mises en page, blocs et variantes de modèle.', mode: 'company' },
  { sysName: WRITE_ARTICLES, category: 'Sites web', name: 'Rédiger les articles', description: 'Écrire, modifier et supprimer les articles du blog.', mode: 'company' },
  { sysName: MANAGE_TEMPLATES, category: 'Sites web', name: 'Gérer les modèles de site', description: 'Les modèles du serveur, proposés à toutes les entreprises ou à certaines.', mode: 'global' },
];
