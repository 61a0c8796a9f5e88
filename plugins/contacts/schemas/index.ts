/**
 * Customers, providers and contacts (README « Entities »), shared by the plugin's server, its
 * remote and its tests; other plugins get them through `@comptoir/plugin-contacts/contract`.
 */
export * from './display-name.ts';
export * from './common.ts';
export * from './customer.ts';
export * from './provider.ts';
export * from './contact.ts';
export * from './contact-import.ts';
