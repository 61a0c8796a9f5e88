/**
 * The « Sites web » plugin (issue 17), declared as data: websites by domain, menus, layouts,
 * blocks, templates and variants, articles; the public pages chosen by Host (`publicSite`); the
 * `websiteBlocks` extension point of the SDK, which it owns, and its own business block (opening
 * hours). Nothing is registered by side effect.
 */
import { contribute, definePlugin, websiteBlocks } from '@comptoir/sdk';
import { ENTITIES, PLUGIN_ID } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { SERVICES } from './services/index.ts';
import { websites } from './migrations/20261128100000_websites.ts';
import { seedDemo } from './seed.ts';
import { forgetCompany, publicSite } from './services/render/public-site.ts';
import { openingHoursBlock } from './services/render/blocks/opening-hours.ts';
import { ensureBuiltInTemplatesAtBoot } from './services/sites/built-in-templates.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: ENTITIES,
  migrations: [websites],
  permissions: PERMISSIONS,
  events: EVENTS,
  services: SERVICES,
  routes,
  extensionPoints: [websiteBlocks],
  contributions: [contribute(websiteBlocks, openingHoursBlock)],
  // a change to a company's sites, and to the establishments its pages show, is seen at once here
  subscriptions: [
    { event: 'websites.*', handler: (e) => forgetCompany(e.companyId) },
    { event: 'kernel.establishment.*', handler: (e) => forgetCompany(e.companyId) },
    // dynamic menu items and blog pages are drawn from groups: the kept site structure follows them
    { event: 'kernel.group.*', handler: (e) => forgetCompany(e.companyId) },
  ],
  publicSite,
  onBoot: ensureBuiltInTemplatesAtBoot,
  seedDemo,
});
