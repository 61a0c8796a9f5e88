/**
 * The route table of « Sites web », mounted under `/api/websites`: one file per business process
 * beside this one, listed in the order they are matched. The public pages are not routes: they
 * are chosen by Host (`publicSite`, services/render/public-site.ts).
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { websiteRoutes } from './websites.ts';
import { menuRoutes } from './menus.ts';
import { contentRoutes } from './content.ts';

export const routes: RouteDefinition[] = [...websiteRoutes, ...menuRoutes, ...contentRoutes];
