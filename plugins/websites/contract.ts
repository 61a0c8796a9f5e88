/**
 * The contract of « Sites web » for other plugins. Blocks are contributed through the SDK's
 * `websiteBlocks` point (`@comptoir/sdk`), not through this module, so a contributor needs no
 * dependency on this plugin. Types only: importing it runs none of this plugin's code.
 */
export type { Article, HomeAccess, Menu, MenuItem, PageData, PageLayout, Template, TemplateVariant, Website } from './schemas/index.ts';
