/** Customers, providers and contacts (contacts README « Entities »), owned by the `contacts` plugin. */
export * from './display-name.ts';
export * from './common.ts';
export * from './customer.ts';
export * from './provider.ts';
export * from './contact.ts';
export * from './contact-import.ts';
