/** The services of « Sites web » by name: what the routes resolve (and, through the contract, other plugins). */
import { websitesService } from './sites/websites.ts';
import { menusService } from './menus/menus.ts';
import { pagesService } from './content/pages.ts';
import { articlesService } from './content/articles.ts';
import { templatesService } from './content/variants.ts';
import { editorService } from './render/editor.ts';

export const SERVICES = {
  websites: websitesService,
  menus: menusService,
  pages: pagesService,
  articles: articlesService,
  templates: templatesService,
  editor: editorService,
};
